export * from './workspace.module.js';
