export * from './standalone.js';
export * from './services.js';
