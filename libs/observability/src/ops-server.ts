import { createServer, type Server } from 'node:http';
import { metricsContentType, metricsText } from './metrics.js';

export interface OpsServerOptions {
  port: number;
  host?: string;
  /** Readiness: resolves true when the process can take work. */
  ready: () => Promise<boolean>;
}

/** `/metrics`, `/health` and `/health/ready` for processes that serve no HTTP of their own (the services). */
export const startOpsServer = async ({ port, host = '0.0.0.0', ready }: OpsServerOptions): Promise<Server> => {
  const server = createServer((req, res) => {
    const url = req.url ?? '/';
    const reply = (status: number, body: string, type = 'application/json') => {
      res.writeHead(status, { 'content-type': type });
      res.end(body);
    };
    if (url === '/metrics') {
      void metricsText().then((text) => reply(200, text, metricsContentType));
    } else if (url === '/health') {
      reply(200, JSON.stringify({ status: 'ok' }));
    } else if (url === '/health/ready') {
      void ready()
        .catch(() => false)
        .then((ok) => reply(ok ? 200 : 503, JSON.stringify({ status: ok ? 'ok' : 'error' })));
    } else reply(404, JSON.stringify({ error: 'Not found' }));
  });
  // a port in use fails the start instead of crashing the process later
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  return server;
};
