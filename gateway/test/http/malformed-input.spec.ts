// Malformed input of every kind on every documented route answers 4xx, never 5xx, and the process keeps serving:
// table-driven over the OpenAPI document (made from the route table), so a route added later is covered without
// touching this test. Each route gets bad path parameters, bad query values, bodies of the wrong shape and, field by
// field, values of the wrong type, size or content (control characters, lone surrogates, LIKE wildcards, impossible
// dates, ids of nothing), sent by a signed-in workspace admin whose ids are real, so the requests reach the services.
import request from 'supertest';
import { testPool } from '@teamchat/testing';
import { startTestStack, type TestStack } from '@teamchat/test-stack';
import { adminWithWorkspace, joinAsMember, type Agent } from '../accounts/helpers.js';
import {
  HTTP_METHODS as METHODS,
  resolveSchema,
  type HttpMethodName,
  type OpenApiDoc,
  type Operation,
  type Schema,
} from './openapi-doc.js';

interface Sent {
  method: HttpMethodName;
  path: string;
  /** The request with every field as the schema likely takes it. */
  base?: boolean;
  query?: string;
  body?: unknown;
  raw?: { type: string; text: string };
}

const NOBODY = '00000000-0000-4000-8000-000000000000';
/** Copies of one request sent at once. */
const BURST = 8;

/** Values of the wrong type, size or content for any one field. */
const BAD_VALUES: unknown[] = [
  null,
  0,
  -1,
  1.5,
  1e308,
  -1e308,
  true,
  '',
  '   ',
  'x'.repeat(10_000),
  // near the body limit: through NATS, whose messages are at most 1 MB by default, with the envelope around it
  'x'.repeat(1_000_000),
  Array.from({ length: 30_000 }, () => NOBODY),
  'a\u0000b',
  '\ud800',
  '%',
  '_',
  '\\',
  "'; DROP TABLE x; --",
  '💥'.repeat(300),
  '../../etc/passwd',
  '2026-02-30',
  '-271821-04-20T00:00:00Z',
  'not-an-id',
  NOBODY,
  [],
  ['a', 1, null],
  {},
  { nested: { deeper: [1] } },
];
/** Query values: a query parameter is always text (or repeated, which Express hands over as an array). */
const BAD_QUERY_VALUES = BAD_VALUES.filter((v): v is string => typeof v === 'string' && v.length <= 10_000).concat([
  '0000-01-01T00:00:00+23:59',
  'US/Pacific-New',
  '-1',
  '1e400',
  'NaN',
]);
/** A query value as sent; a lone surrogate goes as the bytes it would be (which are no UTF-8). */
const encodeQueryValue = (value: string): string => {
  try {
    return encodeURIComponent(value);
  } catch {
    return '%ED%A0%80';
  }
};
/** Path segments that name nothing, or cannot name anything. */
const BAD_SEGMENTS = [NOBODY, 'not-an-id', 'a'.repeat(300), '%ZZ', '%2e%2e%2f', encodeURIComponent('a\u0000b'), '💥'];
/** Whole bodies of the wrong shape. */
const BAD_BODIES: unknown[] = [null, [], 'text', 42, {}, { __proto__: { polluted: true }, constructor: {} }];
const BAD_RAW_BODIES = [
  { type: 'application/json', text: '{"a":' },
  { type: 'application/json', text: '\u0000' },
  { type: 'text/plain', text: 'hello' },
  { type: 'application/x-www-form-urlencoded', text: 'a=1&a=2' },
];

describe.each(['inprocess', 'nats'] as const)('malformed input on every documented route (%s bus)', (transport) => {
  let stack: TestStack;
  let admin: Agent;
  let doc: OpenApiDoc;
  /** Real ids of the admin's workspace, by the name of the parameter or field that takes them. */
  let ids: Record<string, string>;
  let kept: { messageId: string; content: string };
  let ip = 0;
  /** A client address of its own for each request (through the trusted local proxy). */
  const from = () => {
    ip += 1;
    return `10.${(ip >> 16) & 255}.${(ip >> 8) & 255}.${ip & 255}`;
  };

  const setUp = async () => {
    const signed = await adminWithWorkspace(stack.url, 'Malformed', from());
    admin = signed.agent;
    const member = await joinAsMember(stack.url, admin, {}, from());
    const ok = async (res: request.Response | Promise<request.Response>) => {
      const r = await res;
      if (r.status >= 300) throw new Error(`fixture failed: ${r.status} ${JSON.stringify(r.body)}`);
      return r.body as Record<string, unknown>;
    };
    const channel = await ok(admin.post('/api/channels').send({ name: 'fuzz' }));
    const message = await ok(admin.post(`/api/channels/${String(channel.id)}/messages`).send({ content: 'hello' }));
    const task = await ok(admin.post('/api/tasks').send({ title: 'a task' }));
    const section = await ok(admin.post('/api/channel-sections').send({ name: 'A section' }));
    const invite = await ok(admin.post('/api/invites').send({}));
    ids = {
      userId: member.user.id,
      workspaceId: signed.workspace.id,
      channelId: String(channel.id),
      messageId: String(message.id),
      threadId: String(message.id),
      taskId: String(task.id),
      sectionId: String(section.id),
      inviteId: String(invite.id),
      token: String(invite.token),
    };
    // a message no request below names: still there, unchanged, at the end
    const content = `kept ${Date.now()}`;
    const keep = await ok(admin.post(`/api/channels/${String(channel.id)}/messages`).send({ content }));
    kept = { messageId: String(keep.id), content };
  };

  /**
   * The requests before may have ended the session (start again with fresh fixtures) or made another workspace the
   * current one (switch back, so the fixtures' ids are the current workspace's).
   */
  const restore = async () => {
    const me = await admin.get('/api/auth/user').set('x-forwarded-for', from());
    if (me.status !== 200) await setUp();
    else if (me.body.workspaceId !== ids.workspaceId)
      await admin.post('/api/switch-workspace').set('x-forwarded-for', from()).send({ workspaceId: ids.workspaceId });
  };

  beforeAll(async () => {
    // the sign-in limits would answer most sign-ups and sign-ins here before their checks do
    stack = await startTestStack({
      transport,
      env: { AUTH_RATE_LIMIT_PER_IP: '1000000', AUTH_RATE_LIMIT_PER_EMAIL: '1000000' },
    });
    doc = (await request(stack.url).get('/api/docs/openapi.json')).body;
    await setUp();
  }, 120_000);
  afterAll(() => stack?.close());

  const resolve = (schema: Schema | undefined) => resolveSchema(doc, schema);

  /** A value the field's schema likely takes (the fixture's id for an id field), so the other fields pass. */
  const validValue = (name: string, schema: Schema | undefined): unknown => {
    const s = resolve(schema);
    if (ids[name]) return ids[name];
    if (!s) return 'hello';
    if (s.enum?.length) return s.enum[0];
    // an optional link or reference is best left empty: 'hello' is no image address
    if (Array.isArray(s.type) && s.type.includes('null')) return null;
    const alternatives = [...(s.anyOf ?? []), ...(s.oneOf ?? [])];
    if (alternatives.length)
      return validValue(
        name,
        alternatives.find((a) => resolve(a)?.type !== 'null'),
      );
    const type = Array.isArray(s.type) ? s.type.find((t) => t !== 'null') : s.type;
    if (type === 'integer' || type === 'number') return Math.max(1, s.minimum ?? 1);
    if (type === 'boolean') return true;
    if (type === 'array') return [];
    if (type === 'object')
      return Object.fromEntries(Object.entries(s.properties ?? {}).map(([k, v]) => [k, validValue(k, v)]));
    return s.format === 'email' ? `fuzz.${Date.now()}@example.com` : 'hello';
  };

  /** The path with its parameters filled with the fixtures' ids, but `bad.name` with `bad.segment`. */
  const fillPath = (template: string, bad?: { name: string; segment: string }) =>
    template.replace(/\{(\w+)\}/g, (_, name: string) =>
      bad?.name === name ? bad.segment : encodeURIComponent(ids[name] ?? 'hello'),
    );

  /** Every malformed request for one operation, the path's parameters filled with real ids unless a variant says not. */
  const variants = (template: string, method: HttpMethodName, op: Operation): Sent[] => {
    const names = [...template.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
    const path = fillPath(template);
    const list: Sent[] = [];
    for (const name of names)
      for (const segment of BAD_SEGMENTS) list.push({ method, path: fillPath(template, { name, segment }) });
    for (const p of op.parameters ?? []) {
      if (p.in !== 'query') continue;
      const param = encodeURIComponent(p.name);
      for (const value of BAD_QUERY_VALUES) list.push({ method, path, query: `${param}=${encodeQueryValue(value)}` });
      list.push({ method, path, query: `${param}=a&${param}=b` });
      list.push({ method, path, query: `${param}[x]=1` });
    }
    const json = resolve(op.requestBody?.content?.['application/json']?.schema);
    if (method !== 'get') {
      for (const body of BAD_BODIES) list.push({ method, path, body });
      for (const raw of BAD_RAW_BODIES) list.push({ method, path, raw });
    }
    if (json) {
      const fields = Object.entries(json.properties ?? {});
      const base = Object.fromEntries(fields.map(([k, v]) => [k, validValue(k, v)]));
      list.push({ method, path, body: base, base: true });
      list.push({ method, path, body: { ...base, unexpected: 'field', ['x'.repeat(1000)]: 1 } });
      for (const [field] of fields)
        for (const value of BAD_VALUES) list.push({ method, path, body: { ...base, [field]: value } });
    }
    return list;
  };

  /**
   * The operations in the order they are sent: those that end the session, the workspace's trial or a fixture last,
   * so the requests before them reach the services as the signed-in admin.
   */
  const operations = () => {
    const all = Object.entries(doc.paths).flatMap(([template, item]) =>
      METHODS.filter((m) => item[m]).map((method) => ({ template, method, op: item[method]! })),
    );
    const rank = ({ template, method }: { template: string; method: HttpMethodName }) =>
      /logout|end-trial|switch-workspace|\/auth\/password$/.test(template) ? 2 : method === 'delete' ? 1 : 0;
    return all.sort((a, b) => rank(a) - rank(b));
  };

  const send = (s: Sent): Promise<request.Response> => {
    const target = s.query ? `${s.path}?${s.query}` : s.path;
    const req = admin[s.method](target).set('x-forwarded-for', from());
    if (s.raw) return req.set('content-type', s.raw.type).send(s.raw.text);
    return s.body === undefined ? req : req.set('content-type', 'application/json').send(JSON.stringify(s.body));
  };

  it('covers every route of the document with hundreds of malformed requests', () => {
    const ops = operations();
    expect(ops.length).toBeGreaterThan(75);
    const total = ops.reduce((n, { template, method, op }) => n + variants(template, method, op).length, 0);
    expect(total).toBeGreaterThan(2000);
  });

  it('answers every one with a 4xx (or a success), never 5xx, and an error body the client can show', async () => {
    const wrong: string[] = [];
    let sent = 0;
    for (const { template, method, op } of operations()) {
      await restore();
      for (const s of variants(template, method, op)) {
        const res = await send(s);
        sent += 1;
        const shown = `${method.toUpperCase()} ${s.path}${s.query ? `?${s.query}` : ''} ${
          s.raw ? `${s.raw.type} ${JSON.stringify(s.raw.text)}` : JSON.stringify(s.body ?? null).slice(0, 120)
        }`;
        if (res.status >= 500) wrong.push(`${shown}: ${res.status} ${JSON.stringify(res.body).slice(0, 200)}`);
        else if (res.status >= 400 && res.type === 'application/json' && typeof res.body?.error !== 'string')
          wrong.push(`${shown}: ${res.status} without an error message: ${JSON.stringify(res.body).slice(0, 200)}`);
      }
    }
    expect(wrong).toEqual([]);
    expect(sent).toBeGreaterThan(2000);
  }, 600_000);

  it('answers the same request sent many times at once without 5xx (races between equal writes)', async () => {
    const wrong: string[] = [];
    for (const { template, method, op } of operations()) {
      if (method === 'get') continue;
      await restore();
      const base = variants(template, method, op).find((v) => v.base) ?? { method, path: fillPath(template) };
      const answers = await Promise.all(Array.from({ length: BURST }, () => send(base)));
      for (const res of answers)
        if (res.status >= 500)
          wrong.push(`${method.toUpperCase()} ${base.path} ×${BURST}: ${res.status} ${JSON.stringify(res.body)}`);
    }
    expect(wrong).toEqual([]);
  }, 300_000);

  it('still serves, and still holds what was stored before', async () => {
    expect((await request(stack.url).get('/api/health/ready')).status).toBe(200);
    const { agent } = await adminWithWorkspace(stack.url, 'After', from());
    expect((await agent.get('/api/channels').set('x-forwarded-for', from())).status).toBe(200);
    const db = testPool(stack.databaseUrl);
    try {
      const { rows } = await db.query('SELECT "content", "deleted_at" FROM "chat"."message" WHERE "id" = $1', [
        kept.messageId,
      ]);
      expect(rows).toEqual([{ content: kept.content, deleted_at: null }]);
    } finally {
      await db.end();
    }
  });
});
