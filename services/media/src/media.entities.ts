/** Entities of the media schema. */
export const mediaEntities: Function[] = [];
