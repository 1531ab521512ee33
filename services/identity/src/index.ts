export * from './identity.module.js';
