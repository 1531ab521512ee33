import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import express from 'express';
import pino from 'pino';
import { httpRequestDuration, logContextFields } from '@teamchat/observability';
import { requestIdMiddleware } from './request-id.middleware.js';
import { observeRequests } from './observe-requests.js';

interface Line {
  level: number;
  msg: string;
  requestId?: string;
  req?: { id: string; method: string; url: string };
  res?: { statusCode: number };
  responseTime?: number;
}

/** A gateway-shaped Express app logging, as the gateway does, through one pino logger with the context mixin. */
const start = async (level: string, accessLevel?: 'info' | 'debug') => {
  const lines: Line[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _enc, done) {
      for (const text of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(text) as Line);
      done();
    },
  });
  const logger = pino({ level, mixin: logContextFields }, sink);
  const app = express();
  app.use(requestIdMiddleware);
  app.use(observeRequests(logger, accessLevel));
  app.get('/api/health', (_req, res) => res.json({ status: 'ok' }));
  app.get('/metrics', (_req, res) => res.type('text/plain').send('up 1\n'));
  app.get('/api/things', (_req, res) => {
    logger.info('inside the handler');
    setTimeout(() => res.json([{ id: 1 }]), 5);
  });
  app.get('/api/broken', (_req, res) => res.status(500).json({ error: 'Internal error' }));
  app.get('/api/slow', () => undefined); // never answers: the client gives up
  const server = await new Promise<http.Server>((resolve) => {
    const s = app.listen(0, '127.0.0.1', () => resolve(s));
  });
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    lines,
    base,
    close: () =>
      new Promise<void>((r) => {
        server.close(() => r());
        server.closeAllConnections();
      }),
  };
};

const waitFor = async (check: () => boolean) => {
  for (let i = 0; i < 100 && !check(); i++) await new Promise((r) => setTimeout(r, 10));
};

describe(observeRequests.name, () => {
  it('logs one line per request with its id, method, path, status and time, and its id on lines logged inside it', async () => {
    const app = await start('info');
    try {
      const res = await fetch(`${app.base}/api/things?page=2`, { headers: { 'x-request-id': 'req-abc.1' } });
      expect(res.status).toBe(200);
      await waitFor(() => app.lines.length >= 2);
      const [inside, access] = app.lines;
      expect(inside).toMatchObject({ msg: 'inside the handler', requestId: 'req-abc.1' });
      expect(access).toMatchObject({
        level: 30,
        msg: 'request completed',
        requestId: 'req-abc.1',
        req: { id: 'req-abc.1', method: 'GET', url: '/api/things?page=2' },
        res: { statusCode: 200 },
      });
      expect(access.responseTime).toBeGreaterThanOrEqual(4);
      expect(app.lines).toHaveLength(2);
    } finally {
      await app.close();
    }
  });

  it('says when a request errored or was abandoned by its client', async () => {
    const app = await start('info');
    try {
      await fetch(`${app.base}/api/broken`);
      const controller = new AbortController();
      const abandoned = fetch(`${app.base}/api/slow`, { signal: controller.signal }).catch(() => 'aborted');
      setTimeout(() => controller.abort(), 50);
      expect(await abandoned).toBe('aborted');
      await waitFor(() => app.lines.length >= 2);
      expect(app.lines.map((l) => [l.msg, l.req?.url, l.res?.statusCode])).toEqual([
        ['request errored', '/api/broken', 500],
        ['request aborted', '/api/slow', 200],
      ]);
    } finally {
      await app.close();
    }
  });

  it('measures every answered request by route pattern, probes included, whatever the log level', async () => {
    const count = async (route: string, status: string) =>
      (await httpRequestDuration.get()).values.find(
        (v) =>
          v.metricName === 'http_request_duration_seconds_count' &&
          v.labels.route === route &&
          v.labels.status === status,
      )?.value ?? 0;
    const before = { things: await count('/api/things', '200'), health: await count('/api/health', '200') };
    const quiet = await start('warn');
    try {
      await fetch(`${quiet.base}/api/things`);
      await fetch(`${quiet.base}/api/health`);
      await fetch(`${quiet.base}/api/nothing-here`);
      await new Promise((r) => setTimeout(r, 50)); // the last finish event
      expect(await count('/api/things', '200')).toBe(before.things + 1);
      expect(await count('/api/health', '200')).toBe(before.health + 1);
      expect(await count('unmatched', '404')).toBeGreaterThanOrEqual(1);
      expect(quiet.lines).toEqual([]);
    } finally {
      await quiet.close();
    }
  });

  it('leaves out health probes and metrics scrapes, and logs nothing below its level', async () => {
    const quiet = await start('warn');
    const app = await start('info');
    try {
      for (const target of [quiet, app]) {
        await fetch(`${target.base}/api/health`);
        await fetch(`${target.base}/metrics`);
      }
      await fetch(`${quiet.base}/api/things`);
      await fetch(`${app.base}/api/things`);
      await waitFor(() => app.lines.length >= 2);
      expect(quiet.lines).toEqual([]);
      expect(app.lines.map((l) => l.req?.url ?? l.msg)).toEqual(['inside the handler', '/api/things']);
    } finally {
      await Promise.all([quiet.close(), app.close()]);
    }
  });

  it('logs access lines at debug when told (npm start), an errored request still at info', async () => {
    const info = await start('info', 'debug');
    const debug = await start('debug', 'debug');
    try {
      for (const target of [info, debug]) {
        await fetch(`${target.base}/api/things`);
        await fetch(`${target.base}/api/broken`);
      }
      await waitFor(() => info.lines.length >= 2 && debug.lines.length >= 3);
      expect(info.lines.map((l) => [l.level, l.msg])).toEqual([
        [30, 'inside the handler'],
        [30, 'request errored'],
      ]);
      expect(debug.lines.map((l) => [l.level, l.msg, l.req?.url])).toEqual([
        [30, 'inside the handler', undefined],
        [20, 'request completed', '/api/things'],
        [30, 'request errored', '/api/broken'],
      ]);
    } finally {
      await Promise.all([info.close(), debug.close()]);
    }
  });
});
