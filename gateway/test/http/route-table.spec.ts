// The route table (libs/contracts/src/http/routes) as the gateway serves it: the OpenAPI document lists exactly the
// table's operations, the reference page and its bundled assets load under the CSP, a route added by one table entry
// and its bus handler (GET /api/messages/{messageId}) works on both buses, and a gateway whose controllers stray from
// the table refuses to start.
import { Controller, Get, Module } from '@nestjs/common';
import { DiscoveryModule, NestFactory } from '@nestjs/core';
import request from 'supertest';
import { ROUTE_TAGS, Routes, routeEntries, type Message } from '@teamchat/contracts';
import { startTestStack, type TestStack } from '@teamchat/test-stack';
import { RouteTableCheck } from '../../src/http/route-check.js';
import { adminWithWorkspace, nextIp, team, TRANSPORT_VARIANTS, type Agent } from '../chat/chat-helpers.js';

type Operation = { operationId: string; tags: string[]; summary: string; description: string };

describe('the route table as the gateway serves it', () => {
  let stack: TestStack;

  beforeAll(async () => {
    stack = await startTestStack({});
  }, 120000);
  afterAll(() => stack?.close());

  it('documents every route of the table once, with its operationId, tag, summary and description, and nothing else', async () => {
    const res = await request(stack.url).get('/api/docs/openapi.json');
    expect(res.status).toBe(200);
    const paths = res.body.paths as Record<string, Record<string, Operation>>;
    const documented = Object.entries(paths).flatMap(([path, ops]) =>
      Object.entries(ops).map(([method, op]) => ({ path, method: method.toUpperCase(), ...op })),
    );
    const table = routeEntries();
    expect(documented).toHaveLength(table.length);
    for (const [operationId, route] of table) {
      const op = documented.find((d) => d.operationId === operationId);
      expect({ operationId, path: op?.path, method: op?.method }).toEqual({
        operationId,
        path: route.path,
        method: route.method,
      });
      expect(op?.tags).toEqual([route.tag]);
      expect(op?.summary).toBe(route.summary);
      expect(op?.description).toContain(route.description);
    }
    expect((res.body.tags as { name: string }[]).map((t) => t.name)).toEqual(Object.keys(ROUTE_TAGS));
  });

  it('serves the AsyncAPI document of the live socket beside the OpenAPI one', async () => {
    const res = await request(stack.url).get('/api/docs/asyncapi.json');
    expect(res.status).toBe(200);
    expect(res.body.asyncapi).toBe('3.0.0');
    expect(res.body.channels.socket.address).toBe('/ws');
  });

  it('serves the interactive reference at /api/docs with its bundled script and stylesheet (no CDN, no inline script)', async () => {
    const page = await request(stack.url).get('/api/docs');
    expect(page.status).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    const sources = [...page.text.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1]);
    expect(sources).toEqual(['/api/docs/swagger-ui.css', '/api/docs/swagger-ui-bundle.js', '/api/docs/reference.js']);
    expect(page.text).not.toMatch(/<script>/);
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    for (const [asset, type, content] of [
      ['swagger-ui.css', /^text\/css/, '.swagger-ui'],
      ['swagger-ui-bundle.js', /^text\/javascript/, 'SwaggerUIBundle'],
      ['reference.js', /^text\/javascript/, 'SwaggerUIBundle('],
    ] as const) {
      const res = await request(stack.url).get(`/api/docs/${asset}`).buffer(true).parse((r, done) => {
        let text = '';
        r.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
        r.on('end', () => done(null, text));
      });
      expect({ asset, status: res.status }).toEqual({ asset, status: 200 });
      expect(res.headers['content-type']).toMatch(type);
      // the file itself, not a serialisation of its bytes
      expect(String(res.body).slice(0, 20)).not.toMatch(/^\{"type":"Buffer"/);
      expect(String(res.body)).toContain(content);
    }
    expect((await request(stack.url).get('/api/docs/reference.js')).text).toContain('/api/docs/openapi.json');
    expect((await request(stack.url).get('/api/docs/..%2Fpackage.json')).status).toBe(404);
    expect((await request(stack.url).get('/api/docs/index.html')).status).toBe(404);
  });
});

describe.each(TRANSPORT_VARIANTS)(
  'GET /api/messages/{messageId}, a route added by its table entry (%s)',
  (_n, transport, env) => {
    const block = transport === 'nats' ? 111 : 110;
    let stack: TestStack;
    let t: Awaited<ReturnType<typeof team>>;

    const post = async (agent: Agent, channelId: string, content: string): Promise<Message> => {
      const res = await agent.post(`/api/channels/${channelId}/messages`).send({ content });
      expect(res.status).toBe(201);
      return res.body as Message;
    };

    beforeAll(async () => {
      stack = await startTestStack({ transport, env });
      t = await team(stack.url, block);
    }, 120000);
    afterAll(() => stack?.close());

    it('answers a message of a channel the caller may read, with its reactions, as the channel page shows it', async () => {
      const channel = (await t.admin.agent.post('/api/channels').send({ name: 'lookup', description: '' })).body.id;
      const message = await post(t.admin.agent, channel, 'find me');
      await t.bob.agent.post(`/api/messages/${message.id}/reactions`).send({ emoji: '👍' }).expect(200);
      const res = await t.bob.agent.get(`/api/messages/${message.id.toUpperCase()}`);
      expect(res.status).toBe(200);
      const [paged] = (await t.bob.agent.get(`/api/channels/${channel}/messages?around=${message.id}&limit=1`)).body;
      expect(res.body).toEqual(paged);
      expect(res.body).toMatchObject({ id: message.id, content: 'find me', reactions: [{ count: 1 }] });
      // the literal route beside it is still itself
      expect((await t.bob.agent.get('/api/messages/search?q=find')).status).toBe(200);
    });

    it('answers 404 "Message not found" for a malformed id, a deleted message, a DM one is not in and another workspace', async () => {
      const notFound = { error: 'Message not found', code: 'CHAT.MESSAGE_NOT_FOUND' };
      expect((await t.bob.agent.get('/api/messages/not-an-id')).body).toEqual(notFound);

      const channel = (await t.admin.agent.post('/api/channels').send({ name: 'gone', description: '' })).body.id;
      const deleted = await post(t.admin.agent, channel, 'soon gone');
      await t.admin.agent.delete(`/api/messages/${deleted.id}`).expect(204);
      const gone = await t.bob.agent.get(`/api/messages/${deleted.id}`);
      expect({ status: gone.status, body: gone.body }).toEqual({ status: 404, body: notFound });

      const dm = (await t.admin.agent.post('/api/dm').send({ userId2: t.carol.user.id })).body.id;
      const secret = await post(t.admin.agent, dm, 'between us');
      expect((await t.carol.agent.get(`/api/messages/${secret.id}`)).status).toBe(200);
      const outsider = await t.bob.agent.get(`/api/messages/${secret.id}`);
      expect({ status: outsider.status, body: outsider.body }).toEqual({ status: 404, body: notFound });

      const elsewhere = await adminWithWorkspace(stack.url, 'Elsewhere', nextIp(block));
      const foreign = await elsewhere.agent.get(`/api/messages/${secret.id}`);
      expect({ status: foreign.status, body: foreign.body }).toEqual({ status: 404, body: notFound });
    });

    it('answers 401 signed out', async () => {
      const channel = (await t.admin.agent.post('/api/channels').send({ name: 'signed-out', description: '' })).body.id;
      const message = await post(t.admin.agent, channel, 'private');
      expect((await request(stack.url).get(`/api/messages/${message.id}`)).status).toBe(401);
    });
  },
);

describe('a gateway whose controllers stray from the route table', () => {
  @Controller()
  class StrayController {
    @Get('stray')
    stray() {
      return {};
    }
  }

  @Module({ imports: [DiscoveryModule], controllers: [StrayController], providers: [RouteTableCheck] })
  class StrayModule {}

  it('refuses to start, naming the undeclared handler and every table route nothing serves', async () => {
    const app = await NestFactory.create(StrayModule, { logger: false });
    const refused = app.init().then(
      () => null,
      (err: Error) => err.message,
    );
    const message = await refused;
    await app.close().catch(() => undefined);
    expect(message).toContain('StrayController.stray serves a route that is not in the route table');
    expect(message).toContain(`getMessage (GET ${Routes.getMessage.path}) is served 0 times`);
    expect(message?.split('\n').filter((l) => l.endsWith('is served 0 times'))).toHaveLength(routeEntries().length);
  });
});
