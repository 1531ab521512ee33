import 'reflect-metadata';
import { loadConfigOrExit } from '@teamchat/config';
import { startTracing } from '@teamchat/observability';

// tracing starts before the service's code is imported, so the libraries it loads (pg, http) are patched as they load
const env = loadConfigOrExit();
await startTracing({ serviceName: 'billing', otlpEndpoint: env.OTEL_EXPORTER_OTLP_ENDPOINT, env, esmHook: true });
const [{ runServiceProcess }, { billingService }] = await Promise.all([
  import('@teamchat/service-kit'),
  import('./billing.module.js'),
]);
await runServiceProcess(billingService);
