// The direct routes (gateway/src/http/direct-routes.ts) answer warm calls of the table's forwarding routes without
// Express's router, express-session or Nest. Each call here is made twice: as is (answered directly) and with a
// trailing slash (a path the direct routes leave to Express, which matches it to the same route), and both answers
// must be the same: status, headers and body. `http_direct_requests_total` says which path answered.
import { jest } from '@jest/globals';
import { BusClient, RawJson } from '@teamchat/bus';
import { startTestStack, type TestStack } from '@teamchat/testing';
import { adminWithWorkspace, joinAsMember, signUp } from '../accounts/helpers.js';

interface Answer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/**
 * Headers that differ between any two answers (a request's own id, the clock, the connection) or between two ways of
 * sending the same body: a compressed answer the gateway has whole goes with its Content-Length, Express's
 * compression middleware streams it chunked.
 */
const PER_REQUEST = new Set([
  'x-request-id',
  'date',
  'connection',
  'keep-alive',
  'content-length',
  'transfer-encoding',
]);

const call = async (
  url: string,
  cookie: string,
  method: string,
  path: string,
  { body, headers = {} }: { body?: unknown; headers?: Record<string, string> } = {},
): Promise<Answer> => {
  const res = await fetch(`${url}${path}`, {
    method,
    headers: {
      cookie,
      'x-forwarded-for': '10.77.0.1',
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...headers,
    },
    body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
  });
  // (fetch decodes a compressed body; its Content-Encoding header stays)
  const text = await res.text();
  const all = Object.fromEntries(res.headers.entries());
  return {
    status: res.status,
    headers: Object.fromEntries(Object.entries(all).filter(([name]) => !PER_REQUEST.has(name))),
    body: text,
  };
};

/** The `http_direct_requests_total` counter of the gateway. */
const directCount = async (url: string): Promise<number> => {
  const text = await (await fetch(`${url}/metrics`)).text();
  return Number(/^http_direct_requests_total (\d+)/m.exec(text)?.[1] ?? NaN);
};

/** The latency histogram's count for one route label. */
const routeCount = async (url: string, method: string, route: string, status: number): Promise<number> => {
  const text = await (await fetch(`${url}/metrics`)).text();
  const line = text
    .split('\n')
    .find((l) =>
      l.startsWith(`http_request_duration_seconds_count{method="${method}",route="${route}",status="${status}"}`),
    );
  return line ? Number(line.split(' ').pop()) : 0;
};

/** With a trailing slash inserted before the query string: the same route, answered through Express. */
const throughExpress = (path: string): string => path.replace(/(\?|$)/, '/$1');

// Over both buses: over NATS a reply the route answers as it is reaches the client as the JSON text the service wrote
// (RawJson), never parsed by the gateway; the in-process bus passes it the same way.
describe.each([
  ['inprocess', '10.77'],
  ['nats', '10.78'],
] as const)('direct routes over %s', (transport, net) => {
  let stack: TestStack;
  let admin: Awaited<ReturnType<typeof adminWithWorkspace>>;
  let member: Awaited<ReturnType<typeof joinAsMember>>;
  let general: { id: string };

  beforeAll(async () => {
    stack = await startTestStack({ transport });
    admin = await adminWithWorkspace(stack.url, 'Direct', `${net}.0.1`);
    member = await joinAsMember(stack.url, admin.agent, {}, `${net}.0.2`);
    const channels = await admin.agent.get('/api/channels');
    general = channels.body[0];
  }, 120_000);
  afterAll(() => stack?.close());

  /** Calls `path` directly and through Express; answers both, having checked which path answered each. */
  const both = async (
    method: string,
    path: string,
    options: Parameters<typeof call>[4] = {},
    cookie = admin.cookie,
  ) => {
    // a first call warms the caller's actor (sessions are warm from the sign-in)
    await call(stack.url, cookie, 'GET', '/api/auth/user');
    await call(stack.url, cookie, 'GET', '/api/channels');
    const before = await directCount(stack.url);
    const direct = await call(stack.url, cookie, method, path, options);
    const afterDirect = await directCount(stack.url);
    const viaExpress = await call(stack.url, cookie, method, throughExpress(path), options);
    const afterExpress = await directCount(stack.url);
    expect([afterDirect - before, afterExpress - afterDirect]).toEqual([1, 0]);
    return { direct, viaExpress };
  };

  it('answers a warm GET itself, exactly as Express and Nest do, and labels its latency with the route', async () => {
    const label = await routeCount(stack.url, 'GET', '/api/channels', 200);
    const { direct, viaExpress } = await both('GET', '/api/channels');
    expect(direct.status).toBe(200);
    expect(direct).toEqual(viaExpress);
    expect(JSON.parse(direct.body)).toEqual([expect.objectContaining({ id: general.id, name: 'general' })]);
    expect(direct.headers).toMatchObject({
      'content-type': 'application/json; charset=utf-8',
      'cache-control': 'no-store',
      vary: 'Accept-Encoding',
      'x-content-type-options': 'nosniff',
    });
    expect(direct.headers['set-cookie']).toBeUndefined();
    expect(direct.headers.etag).toBeUndefined();
    // both calls above, one per path, under the route's pattern
    expect(await routeCount(stack.url, 'GET', '/api/channels', 200)).toBeGreaterThanOrEqual(label + 3);
  });

  it('compresses a large answer as the compression middleware does', async () => {
    for (let i = 0; i < 60; i++)
      await admin.agent
        .post(`/api/channels/${general.id}/messages`)
        .send({ content: `A message long enough to make the page larger than the compression threshold, number ${i}` });
    const path = `/api/channels/${general.id}/messages?limit=30`;
    const { direct, viaExpress } = await both('GET', path, { headers: { 'accept-encoding': 'gzip' } });
    expect(direct.headers['content-encoding']).toBe('gzip');
    expect(direct).toEqual(viaExpress);
    expect(JSON.parse(direct.body)).toHaveLength(30);
    const plain = await both('GET', path, { headers: { 'accept-encoding': 'identity' } });
    expect(plain.direct.headers['content-encoding']).toBeUndefined();
    expect(plain.direct).toEqual(plain.viaExpress);
  });

  it('passes a reply it answers as it is on as the JSON text the service wrote, and parses one it reads', async () => {
    const raw = jest.spyOn(BusClient.prototype, 'requestRaw');
    try {
      const page = `/api/channels/${general.id}/messages?limit=5`;
      const { direct, viaExpress } = await both('GET', page);
      expect(direct).toEqual(viaExpress);
      // the direct calls only (the warm-up's channel list, then the page): Express's path parses the reply as before
      expect(raw).toHaveBeenCalledTimes(2);
      const passed = await raw.mock.results[1]!.value;
      expect(passed).toBeInstanceOf(RawJson);
      expect((passed as RawJson).text).toBe(direct.body);
      // the search route makes its cursor header of the reply, so it reads it (only the warm-up passes on)
      raw.mockClear();
      await both('GET', '/api/messages/search?q=compression');
      expect(raw).toHaveBeenCalledTimes(1);
    } finally {
      raw.mockRestore();
    }
  });

  it('answers the response headers a route makes of its reply (the search cursor)', async () => {
    const { direct, viaExpress } = await both('GET', '/api/messages/search?q=compression');
    expect(direct.status).toBe(200);
    // the cursor carries the moment its search was made
    const withoutCursor = ({ headers: { 'x-next-cursor': cursor, ...rest }, ...answer }: Answer) => {
      expect(cursor).toMatch(/^[\w-]{20,}$/);
      return { ...answer, headers: rest };
    };
    expect(withoutCursor(direct)).toEqual(withoutCursor(viaExpress));
  });

  it('takes JSON bodies, and answers validation errors, unknown ids, non-JSON bodies and cross-site calls alike', async () => {
    const created = await both('POST', '/api/channel-sections', { body: { name: 'Projects' } });
    expect(created.direct.status).toBe(201);
    expect(created.viaExpress.status).toBe(201);
    const [a, b] = [JSON.parse(created.direct.body), JSON.parse(created.viaExpress.body)];
    expect(Object.keys(a).sort()).toEqual(Object.keys(b).sort());
    expect({ ...created.direct, body: '' }).toEqual({ ...created.viaExpress, body: '' });

    const cases: [string, string, Parameters<typeof call>[4]][] = [
      ['POST', '/api/channel-sections', { body: { name: '' } }],
      ['POST', '/api/channel-sections', { body: '{"name": ' }],
      ['POST', '/api/channel-sections', { body: 'name=x', headers: { 'content-type': 'text/plain' } }],
      ['POST', '/api/channel-sections', { body: { name: 'x' }, headers: { origin: 'https://evil.example' } }],
      ['GET', '/api/channels/not-a-uuid/messages', {}],
      ['GET', '/api/channels/00000000-0000-4000-8000-000000000000/messages', {}],
      ['GET', `/api/channels/${general.id}/messages?before=a&after=b`, {}],
    ];
    const statuses: number[] = [];
    for (const [method, path, options] of cases) {
      const { direct, viaExpress } = await both(method, path, options);
      statuses.push(direct.status);
      expect(direct).toEqual(viaExpress);
    }
    expect(statuses).toEqual([400, 400, 415, 403, 404, 404, 400]);
    // each deletes a section of its own
    const before = await directCount(stack.url);
    const deleted = [
      await call(stack.url, admin.cookie, 'DELETE', `/api/channel-sections/${a.id}`),
      await call(stack.url, admin.cookie, 'DELETE', `/api/channel-sections/${b.id}/`),
    ];
    expect(await directCount(stack.url)).toBe(before + 1);
    expect(deleted.map((d) => d.status)).toEqual([200, 200]);
    expect({ ...deleted[0], body: '' }).toEqual({ ...deleted[1], body: '' });
  });

  it('answers a body that does not decompress, or an unknown Content-Encoding, with the same 4xx as Express', async () => {
    const cases: [encoding: string, status: number, error: string][] = [
      ['gzip', 400, 'Request body could not be decompressed'],
      ['br', 400, 'Request body could not be decompressed'],
      ['deflate', 400, 'Request body could not be decompressed'],
      ['x-nonsense', 415, 'Unsupported Content-Encoding'],
    ];
    for (const [encoding, status, error] of cases) {
      // a plain JSON body that claims to be compressed
      const options = { body: '{"name":"x"}', headers: { 'content-encoding': encoding } };
      const { direct, viaExpress } = await both('POST', '/api/channel-sections', options);
      expect(direct).toEqual(viaExpress);
      expect([encoding, direct.status, JSON.parse(direct.body)]).toEqual([
        encoding,
        status,
        { error, code: 'VALIDATION.FAILED' },
      ]);
      // a public route (never answered directly) says the same
      const login = await call(stack.url, '', 'POST', '/api/login', options);
      expect([login.status, login.body]).toEqual([direct.status, direct.body]);
    }
  });

  it('answers a deletion with 204 and no body', async () => {
    const post = (content: string) =>
      admin.agent
        .post(`/api/channels/${general.id}/messages`)
        .send({ content })
        .then((r) => r.body.id as string);
    const [one, two] = [await post('to delete'), await post('to delete too')];
    await call(stack.url, admin.cookie, 'GET', '/api/channels');
    const before = await directCount(stack.url);
    const direct = await call(stack.url, admin.cookie, 'DELETE', `/api/messages/${one}`);
    const viaExpress = await call(stack.url, admin.cookie, 'DELETE', `/api/messages/${two}/`);
    expect(await directCount(stack.url)).toBe(before + 1);
    expect(direct.status).toBe(204);
    expect(direct).toEqual(viaExpress);
  });

  it('leaves callers it does not hold warm to Express: no cookie, a forged one, no workspace', async () => {
    const before = await directCount(stack.url);
    expect((await call(stack.url, '', 'GET', '/api/channels')).status).toBe(401);
    expect((await call(stack.url, `${admin.cookie}x`, 'GET', '/api/channels')).status).toBe(401);
    const lone = await signUp(stack.url, {}, `${net}.0.3`);
    const noWorkspace = await call(stack.url, lone.cookie, 'GET', '/api/channels');
    expect(noWorkspace.status).toBe(404);
    expect(JSON.parse(noWorkspace.body)).toMatchObject({ code: 'WORKSPACE.NONE' });
    // the same again, now that its actor is known: still no workspace, still Express's answer
    expect((await call(stack.url, lone.cookie, 'GET', '/api/channels')).status).toBe(404);
    expect(await directCount(stack.url)).toBe(before);
  });

  it('stops answering a member the moment they are removed: the next call is Express’s, and refused', async () => {
    const { direct } = await both('GET', '/api/channels', {}, member.cookie);
    expect(direct.status).toBe(200);
    const removed = await admin.agent.delete(`/api/workspaces/${admin.workspace.id}/users/${member.user.id}`);
    expect(removed.status).toBeLessThan(300);
    const before = await directCount(stack.url);
    const after = await call(stack.url, member.cookie, 'GET', '/api/channels');
    expect(after.status).toBe(404);
    expect(await directCount(stack.url)).toBe(before);
  });
});
