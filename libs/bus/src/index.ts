export * from './domain-error.js';
export { requestContext, currentRequestId, REQUEST_ID_HEADER, type RequestContext } from '@teamchat/observability';
export * from './bus.options.js';
export * from './in-process.transport.js';
export * from './bus.client.js';
export * from './bus.module.js';
export * from './bus-exception.filter.js';
export * from './zod.pipe.js';
export * from './request-id.interceptor.js';
export * from './service.bootstrap.js';

export * from './nats.transport.js';
export * from './handler.decorators.js';
export * from './service.runtime.js';
export * from './service.process.js';
export * from './service.definition.js';
export * from './stored-images.js';
export * from './workspace-membership.js';
export * from './workspace-membership.module.js';
