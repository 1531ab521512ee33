export * from './request-context.js';
export * from './bus.metrics.js';
export * from './metrics.js';
export * from './logger.js';
export * from './ops-server.js';
export * from './trace-context.js';
export * from './tracing.js';
export * from './product.metrics.js';
