export * from './data-source.js';
export * from './database.module.js';
export * from './embedded-postgres.js';
export * from './prepared-statements.js';
