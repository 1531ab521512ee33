export * from './media.module.js';
