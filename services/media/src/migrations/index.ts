import { MediaInit1732400000000 } from './1732400000000-init.js';

/** Committed migrations of the media schema, in order. */
export const mediaMigrations: Function[] = [MediaInit1732400000000];
