/** Entities of the identity schema. */
export const identityEntities: Function[] = [];
