export * from './auth.js';
export * from './users.js';
export * from './workspaces.js';
export * from './invites.js';
export * from './billing.js';
export * from './channels.js';
export * from './uploads.js';
