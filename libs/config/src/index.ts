export * from './env.schema.js';
export * from './load-config.js';
export * from './secrets.js';
export * from './site-origin.js';
