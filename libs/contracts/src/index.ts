export * from './errors.js';
export * from './actor.js';
export * from './services.js';
export * from './contract.js';
export * from './bus/health.subjects.js';
export * from './http/index.js';
