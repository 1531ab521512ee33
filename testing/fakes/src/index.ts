export * from './fake-bus.js';
export * from './fake-workspaces.js';
