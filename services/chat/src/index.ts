export * from './chat.module.js';
