export * from './postgres.js';
export * from './wait.js';
export * from './stack.js';
