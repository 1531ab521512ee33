// Every text field of every documented route refuses NUL and the other C0 control characters (tab, line feed and
// carriage return excepted) with 400 and one clear message: table-driven over the OpenAPI document, so a route added
// later is covered without touching this test.
import request from 'supertest';
import { startTestStack, type TestStack } from '@teamchat/test-stack';
import { CONTROL_CHARACTERS_MESSAGE } from '@teamchat/contracts';
import { adminWithWorkspace, type Agent } from '../accounts/helpers.js';
import { HTTP_METHODS as METHODS, resolveSchema, type OpenApiDoc, type Schema } from './openapi-doc.js';

const CONTROLS = ['\u0000', '\u0007', '\u001b'];
const SOME_ID = '00000000-0000-4000-8000-000000000000';

describe('control characters in text fields (every documented route)', () => {
  let stack: TestStack;
  let admin: Agent;
  let doc: OpenApiDoc;

  beforeAll(async () => {
    stack = await startTestStack();
    ({ agent: admin } = await adminWithWorkspace(stack.url, 'Control', '10.77.0.1'));
    doc = (await request(stack.url).get('/api/docs/openapi.json')).body;
  }, 120_000);
  afterAll(() => stack?.close());

  const resolve = (schema: Schema | undefined) => resolveSchema(doc, schema);
  const isText = (schema: Schema | undefined): boolean => {
    const s = resolve(schema);
    if (!s) return false;
    if (s.type === 'string' || (Array.isArray(s.type) && s.type.includes('string'))) return true;
    return [...(s.anyOf ?? []), ...(s.oneOf ?? [])].some(isText);
  };
  /** Paths of the text fields of a body schema (nested objects included), e.g. `name`, `settings.title`. */
  const textFields = (schema: Schema | undefined, prefix: string[] = []): string[][] => {
    const s = resolve(schema);
    if (!s) return [];
    if (prefix.length > 0 && isText(s)) return [prefix];
    return Object.entries(s.properties ?? {}).flatMap(([key, child]) => textFields(child, [...prefix, key]));
  };
  const bodyWith = (field: string[], value: string): Record<string, unknown> => {
    const body: Record<string, unknown> = {};
    let at = body;
    field.slice(0, -1).forEach((key) => (at = (at[key] = {}) as Record<string, unknown>));
    at[field[field.length - 1]] = value;
    return body;
  };

  const cases = () => {
    const list: { method: (typeof METHODS)[number]; path: string; where: 'body' | 'query'; field: string[] }[] = [];
    for (const [template, item] of Object.entries(doc.paths)) {
      for (const method of METHODS) {
        const op = item[method];
        if (!op) continue;
        const path = template.replace(/\{[^}]+\}/g, SOME_ID);
        const json = op.requestBody?.content?.['application/json']?.schema;
        for (const field of textFields(json)) list.push({ method, path, where: 'body', field });
        for (const p of op.parameters ?? [])
          if (p.in === 'query' && isText(p.schema)) list.push({ method, path, where: 'query', field: [p.name] });
      }
    }
    return list;
  };

  it('finds text fields on most routes of the document (the table below is not empty by accident)', () => {
    const list = cases();
    expect(list.length).toBeGreaterThan(40);
    expect(list.some((c) => c.path === '/api/messages/search' && c.where === 'query')).toBe(true);
    expect(list.some((c) => c.path.startsWith('/api/channels/') && c.field.join('.') === 'content')).toBe(true);
  });

  it('answers 400 with the control-character message for each text field, whatever the character', async () => {
    const wrong: string[] = [];
    for (const c of cases()) {
      for (const control of CONTROLS) {
        const value = `a${control}b`;
        const req =
          c.where === 'body'
            ? admin[c.method](c.path).set('x-forwarded-for', '10.77.0.1').send(bodyWith(c.field, value))
            : admin[c.method](c.path)
                .set('x-forwarded-for', '10.77.0.1')
                .query({ [c.field[0]]: value });
        const res = await req;
        if (
          res.status !== 400 ||
          res.body?.error !== CONTROL_CHARACTERS_MESSAGE ||
          res.body?.code !== 'VALIDATION.FAILED'
        )
          wrong.push(
            `${c.method.toUpperCase()} ${c.path} ${c.where} ${c.field.join('.')} ${JSON.stringify(control)}: ${res.status} ${JSON.stringify(res.body)}`,
          );
      }
    }
    expect(wrong).toEqual([]);
  }, 120_000);

  it('never answers 5xx for a control character in a path segment', async () => {
    const wrong: string[] = [];
    for (const [template, item] of Object.entries(doc.paths)) {
      if (!/\{[^}]+\}/.test(template)) continue;
      for (const method of METHODS) {
        if (!item[method]) continue;
        const path = template.replace(/\{[^}]+\}/g, encodeURIComponent('a\u0000b'));
        const res = await admin[method](path).set('x-forwarded-for', '10.77.0.1').send({});
        if (res.status >= 500)
          wrong.push(`${method.toUpperCase()} ${template}: ${res.status} ${JSON.stringify(res.body)}`);
      }
    }
    expect(wrong).toEqual([]);
  }, 60_000);

  it('keeps accepting tabs and newlines in text', async () => {
    const res = await admin
      .post('/api/tasks')
      .set('x-forwarded-for', '10.77.0.1')
      .send({ title: 'first line\n\tsecond line' });
    expect(res.status).toBe(201);
    expect(res.body.title).toBe('first line\n\tsecond line');
  });
});
