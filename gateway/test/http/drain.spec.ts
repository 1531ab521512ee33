// A gateway that is stopping drains before it closes: it leaves the load balancer's rotation (not ready), takes no new
// live socket (503, clients resume on another node), answers each HTTP request with `Connection: close`, and a request
// a client writes on a kept-alive connection at that moment is answered, not cut off with ECONNRESET.
import http from 'node:http';
import { jest } from '@jest/globals';
import WebSocket from 'ws';
import { closeGateway } from '../../src/index.js';
import { startGatewayNode, startTestStack, type TestStack } from '@teamchat/test-stack';

interface Answer {
  status: number;
  connection?: string;
}

/** The connections the requests went over. */
const used = new Set<unknown>();
const get = (agent: http.Agent, url: string): Promise<Answer> =>
  new Promise((resolve, reject) => {
    http
      .get(url, { agent }, (res) => {
        res.resume();
        res.on('end', () => resolve({ status: res.statusCode ?? 0, connection: res.headers.connection }));
      })
      .on('socket', (socket) => used.add(socket))
      .on('error', reject);
  });

const upgradeStatus = (url: string) =>
  new Promise<number>((resolve) => {
    const ws = new WebSocket(`${url.replace('http', 'ws')}/ws`);
    ws.on('open', () => {
      ws.close();
      resolve(101);
    });
    ws.on('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0));
    ws.on('error', () => resolve(0));
  });

describe('a stopping gateway', () => {
  let stack: TestStack;
  beforeAll(async () => {
    stack = await startTestStack({ transport: 'nats' });
  }, 120_000);
  afterAll(() => stack?.close());

  it('drains (SHUTDOWN_DRAIN_MS) before it stops accepting, so no request in flight is reset', async () => {
    const node = await startGatewayNode(stack);
    const url = node.url.replace('localhost', '127.0.0.1');
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });

    expect(await get(agent, `${url}/api/health`)).toEqual({ status: 200, connection: 'keep-alive' });
    expect(await upgradeStatus(url)).toBe(401); // no session: refused as always
    expect(used.size).toBe(1);

    let endDrain!: () => void;
    const stopping = closeGateway(node.app, { drained: new Promise<void>((resolve) => (endDrain = resolve)) });
    // the kept-alive connection was idle when the stop began: a request written on it now is answered, and the
    // answer ends that connection
    expect(await get(agent, `${url}/api/health`)).toEqual({ status: 200, connection: 'close' });
    expect((await get(agent, `${url}/api/health/ready`)).status).toBe(503);
    expect(await upgradeStatus(url)).toBe(503);
    // each answer closed its connection: the readiness probe needed a new one
    expect(used.size).toBe(2);

    endDrain();
    await stopping;
    await expect(get(agent, `${url}/api/health`)).rejects.toMatchObject({ code: 'ECONNREFUSED' });
    agent.destroy();
  }, 60_000);

  it('without a drain (tests, and a stop where nothing is in flight) closes without waiting on a timer', async () => {
    const node = await startGatewayNode(stack);
    const url = node.url.replace('localhost', '127.0.0.1');
    const timers = jest.spyOn(global, 'setTimeout');
    try {
      await closeGateway(node.app);
      // no drain timer was armed (Nest's own close may arm short ones of its own, never SHUTDOWN_DRAIN_MS)
      expect(timers.mock.calls.filter(([, ms]) => (ms ?? 0) >= 1000)).toEqual([]);
    } finally {
      timers.mockRestore();
    }
    const agent = new http.Agent();
    await expect(get(agent, `${url}/api/health`)).rejects.toMatchObject({ code: 'ECONNREFUSED' });
  });
});
