import 'reflect-metadata';
import { loadConfigOrExit } from '@teamchat/config';
import { startTracing } from '@teamchat/observability';

// tracing starts before the service's code is imported, so the libraries it loads (pg, http) are patched as they load
const env = loadConfigOrExit();
await startTracing({ serviceName: 'identity', otlpEndpoint: env.OTEL_EXPORTER_OTLP_ENDPOINT, env, esmHook: true });
const [{ runServiceProcess }, { identityService }] = await Promise.all([
  import('@teamchat/service-kit'),
  import('./identity.module.js'),
]);
await runServiceProcess(identityService);
