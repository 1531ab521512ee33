export * from './frames.js';
