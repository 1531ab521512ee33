/** Committed migrations of the media schema, in order. */
export const mediaMigrations: Function[] = [];
