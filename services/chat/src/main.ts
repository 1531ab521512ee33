import 'reflect-metadata';
import { loadConfigOrExit } from '@teamchat/config';
import { startTracing } from '@teamchat/observability';

// tracing starts before the service's code is imported, so the libraries it loads (pg, http) are patched as they load
const env = loadConfigOrExit();
await startTracing({ serviceName: 'chat', otlpEndpoint: env.OTEL_EXPORTER_OTLP_ENDPOINT, env, esmHook: true });
const [{ runServiceProcess }, { chatService }] = await Promise.all([
  import('@teamchat/service-kit'),
  import('./chat.module.js'),
]);
await runServiceProcess(chatService);
