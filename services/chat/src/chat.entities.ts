/** Entities of the chat schema. */
export const chatEntities: Function[] = [];
