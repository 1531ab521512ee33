export * from './data-source.js';
export * from './database.module.js';
export * from './embedded-postgres.js';
export * from './prepared-statements.js';
export * from './row-shapes.js';
import { shareRowShapes } from './row-shapes.js';

// every process that talks to Postgres does so through this library
shareRowShapes();
