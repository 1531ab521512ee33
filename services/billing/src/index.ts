export * from './billing.module.js';
