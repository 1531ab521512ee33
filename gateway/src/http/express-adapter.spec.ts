import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Express } from 'express';
import { GatewayExpressAdapter } from './express-adapter.js';

describe(GatewayExpressAdapter.name, () => {
  it("makes requests and responses with Express's prototypes, so Express's own setPrototypeOf changes nothing", async () => {
    const adapter = new GatewayExpressAdapter();
    adapter.initHttpServer({});
    const app = adapter.getInstance<Express>();
    app.get('/hello', (req, res) => res.json({ path: req.path, secure: req.secure }));
    const server = adapter.getHttpServer() as Server;
    const seen: { req: boolean; res: boolean }[] = [];
    // before Express's own handler runs
    server.prependListener('request', (req: IncomingMessage, res: ServerResponse) =>
      seen.push({ req: Object.getPrototypeOf(req) === app.request, res: Object.getPrototypeOf(res) === app.response }),
    );
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const res = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/hello`);
      expect(await res.json()).toEqual({ path: '/hello', secure: false });
      expect(seen).toEqual([{ req: true, res: true }]);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
