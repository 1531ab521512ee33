export * from './tasks.module.js';
