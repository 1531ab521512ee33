// What every service is built with, on top of the transport of @teamchat/bus: its root module (defineService), boot
// and process entry, health ping, the cached membership and entitlement checks, stored images, outbox and inbox.
export * from './service.bootstrap.js';
export * from './service.runtime.js';
export * from './service.process.js';
export * from './service.definition.js';
export * from './stored-images.js';
export * from './workspace-membership.js';
export * from './workspace-membership.module.js';
export * from './process-events.js';
export * from './shared-lookups.js';
export * from './workspace-entitlements.js';
export * from './workspace-writes.js';
export * from './outbox.js';
export * from './idempotency-ledger.js';
