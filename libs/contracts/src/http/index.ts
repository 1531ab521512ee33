export * from './accounts.schema.js';
export * from './workspace.schema.js';
export * from './chat.schema.js';
export * from './tasks.schema.js';
export * from './media.schema.js';
export * from './billing.schema.js';
