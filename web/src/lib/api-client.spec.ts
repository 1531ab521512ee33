import { jest } from '@jest/globals';
import { ErrorCodes, Routes, type Channel, type Message } from '@teamchat/contracts';
import { mockFetch } from '../../test/render.js';
import {
  ApiError,
  callApi,
  callApiWithHeaders,
  POST_RETRY_DELAYS_MS,
  routeUrl,
  type RouteArgs,
  type RouteResult,
} from './api-client.js';

const CHANNEL_ID = '33333333-3333-4333-8333-333333333333';
const MESSAGE_ID = '44444444-4444-4444-8444-444444444444';

type Equal<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;

const keyOf = (fn: { mock: { calls: unknown[][] } }, call: number) =>
  ((fn.mock.calls[call] as [unknown, RequestInit])[1].headers as Record<string, string>)['Idempotency-Key'];

describe('POST with an Idempotency-Key', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('gives every POST a key of its own', async () => {
    const { fn } = mockFetch({ 'POST /api/channels': { status: 201, body: {} } });
    await callApi(Routes.createChannel, { body: { name: 'a' } });
    await callApi(Routes.createChannel, { body: { name: 'b' } });
    expect(keyOf(fn, 0)).toMatch(/^[\x21-\x7e]{1,255}$/);
    expect(keyOf(fn, 1)).not.toBe(keyOf(fn, 0));
  });

  it('sends a POST answered 503 again with the same key, and answers what the retry answers', async () => {
    const answers = [
      { status: 503, body: { error: 'Service unavailable', code: ErrorCodes.busUnavailable } },
      { status: 409, body: { error: 'still running', code: 'IDEMPOTENCY.IN_PROGRESS' } },
      { status: 429, body: { error: 'busy', code: 'BUS.TENANT_BUSY' } },
      { status: 201, body: { id: CHANNEL_ID } },
    ];
    const { fn } = mockFetch({ 'POST /api/channels': () => answers.shift()! });
    const call = callApi(Routes.createChannel, { body: { name: 'general' } });
    for (const delay of POST_RETRY_DELAYS_MS) await jest.advanceTimersByTimeAsync(delay);
    await expect(call).resolves.toEqual({ id: CHANNEL_ID });
    expect(fn).toHaveBeenCalledTimes(4);
    expect(new Set([0, 1, 2, 3].map((i) => keyOf(fn, i))).size).toBe(1);
  });

  it('gives up after its retries with the last answer as the error', async () => {
    const { fn } = mockFetch({
      'POST /api/channels': { status: 503, body: { error: 'down', code: 'BUS.UNAVAILABLE' } },
    });
    const call = callApi(Routes.createChannel, { body: { name: 'general' } });
    const failed = expect(call).rejects.toMatchObject({ status: 503, serverMessage: 'down' });
    await jest.advanceTimersByTimeAsync(POST_RETRY_DELAYS_MS.reduce((a, b) => a + b, 0));
    await failed;
    expect(fn).toHaveBeenCalledTimes(POST_RETRY_DELAYS_MS.length + 1);
  });

  it('does not send again after another refusal, nor a request that is not a POST', async () => {
    const conflict = mockFetch({
      'POST /api/channels': { status: 409, body: { error: 'taken', code: 'CHAT.CHANNEL_NAME_TAKEN' } },
    });
    await expect(callApi(Routes.createChannel, { body: { name: 'general' } })).rejects.toMatchObject({ status: 409 });
    expect(conflict.fn).toHaveBeenCalledTimes(1);
    const down = mockFetch({ [`DELETE /api/messages/${MESSAGE_ID}`]: { status: 503, body: { error: 'down' } } });
    await expect(callApi(Routes.deleteMessage, { params: { messageId: MESSAGE_ID } })).rejects.toMatchObject({
      status: 503,
    });
    expect(down.fn).toHaveBeenCalledTimes(1);
    expect((down.fn.mock.calls[0] as [unknown, RequestInit])[1].headers).toEqual({});
  });
});

describe('routeUrl', () => {
  it('puts each path parameter in its place, encoded', () => {
    expect(routeUrl(Routes.validateInvite, { token: 'a b/c?d' })).toBe('/api/invites/validate/a%20b%2Fc%3Fd');
    expect(routeUrl(Routes.removeMember, { workspaceId: 'w1', userId: 'u1' })).toBe('/api/workspaces/w1/users/u1');
  });

  it('adds the query, leaving out undefined and null values', () => {
    expect(
      routeUrl(Routes.listMessages, { channelId: 'c1' }, { limit: 50, before: undefined, after: null, around: 'm 1' }),
    ).toBe('/api/channels/c1/messages?limit=50&around=m+1');
    expect(routeUrl(Routes.listMentions, {}, { before: undefined })).toBe('/api/mentions');
  });

  it('refuses a path parameter that is missing', () => {
    expect(() => routeUrl(Routes.listPins)).toThrow('/api/channels/{channelId}/pins needs channelId');
  });
});

describe(callApi.name, () => {
  it("sends the route's method to its URL with a JSON body and credentials, and answers the JSON body", async () => {
    const channel = { id: CHANNEL_ID, name: 'general' };
    const { calls, fn } = mockFetch({ 'POST /api/channels': { status: 201, body: channel } });
    await expect(callApi(Routes.createChannel, { body: { name: 'general' } })).resolves.toEqual(channel);
    expect(calls).toEqual([
      { method: 'POST', url: '/api/channels', body: { name: 'general' }, credentials: 'include' },
    ]);
    const init = fn.mock.calls[0]![1] as RequestInit;
    expect(init.headers).toEqual({ 'Content-Type': 'application/json', 'Idempotency-Key': expect.any(String) });
  });

  it('sends no body and no content type for a route without a body', async () => {
    const { calls, fn } = mockFetch({ [`POST /api/messages/${MESSAGE_ID}/pin`]: { body: { id: MESSAGE_ID } } });
    await callApi(Routes.pinMessage, { params: { messageId: MESSAGE_ID } });
    expect(calls[0]).toMatchObject({ method: 'POST', url: `/api/messages/${MESSAGE_ID}/pin`, body: undefined });
    const init = fn.mock.calls[0]![1] as RequestInit;
    expect(init.body).toBeUndefined();
    expect(init.headers).toEqual({ 'Idempotency-Key': expect.any(String) });
  });

  it('puts path params and the query into the URL', async () => {
    const { calls } = mockFetch({ [`GET /api/channels/${CHANNEL_ID}/messages`]: { body: [] } });
    await callApi(Routes.listMessages, { params: { channelId: CHANNEL_ID }, query: { limit: 50, before: MESSAGE_ID } });
    expect(calls[0]).toMatchObject({
      method: 'GET',
      url: `/api/channels/${CHANNEL_ID}/messages?limit=50&before=${MESSAGE_ID}`,
      credentials: 'include',
    });
  });

  it('answers undefined for a 204', async () => {
    mockFetch({ [`DELETE /api/messages/${MESSAGE_ID}`]: { status: 204 } });
    await expect(callApi(Routes.deleteMessage, { params: { messageId: MESSAGE_ID } })).resolves.toBeUndefined();
  });

  it('passes the call options (a signal, keepalive) to fetch', async () => {
    const { fn } = mockFetch({ [`POST /api/channels/${CHANNEL_ID}/read`]: { body: { channelId: CHANNEL_ID } } });
    const signal = new AbortController().signal;
    await callApi(Routes.markRead, { params: { channelId: CHANNEL_ID } }, { signal, keepalive: true });
    expect(fn.mock.calls[0]![1]).toMatchObject({ signal, keepalive: true, credentials: 'include' });
  });

  it('rejects a 400 with an ApiError carrying its status, code, message and issues', async () => {
    const answer = {
      error: 'Channel name cannot be empty.',
      code: ErrorCodes.validation,
      issues: [{ path: 'name', message: 'Channel name cannot be empty.' }],
    };
    mockFetch({ 'POST /api/channels': { status: 400, body: answer } });
    const err: unknown = await callApi(Routes.createChannel, { body: { name: '' } }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({
      status: 400,
      code: 'VALIDATION.FAILED',
      serverMessage: 'Channel name cannot be empty.',
      issues: [{ path: 'name', message: 'Channel name cannot be empty.' }],
      message: `400: ${JSON.stringify(answer)}`,
    });
  });
});

describe(callApiWithHeaders.name, () => {
  it("answers the body with the answer's headers", async () => {
    mockFetch({ 'GET /api/messages/search': { body: [], headers: { 'X-Next-Cursor': 'next-1' } } });
    const answer = await callApiWithHeaders(Routes.searchMessages, { query: { q: 'hello' } });
    expect(answer.body).toEqual([]);
    expect(answer.headers.get('X-Next-Cursor')).toBe('next-1');
  });
});

describe('types', () => {
  it('follow the route table (checked by the type-check, never sent)', () => {
    const typed: [
      Equal<RouteResult<typeof Routes.listChannels>, Channel[]>,
      Equal<RouteResult<typeof Routes.getMessage>, Message>,
      Equal<RouteResult<typeof Routes.deleteMessage>, undefined>,
      Equal<RouteArgs<typeof Routes.listPins>['params'], { readonly channelId: string }>,
    ] = [true, true, true, true];
    const wrongCalls = () => [
      // @ts-expect-error listPins needs its channelId
      callApi(Routes.listPins),
      // @ts-expect-error the params are named by the path: channelId, not id
      callApi(Routes.listPins, { params: { id: CHANNEL_ID } }),
      // @ts-expect-error a task's title is text
      callApi(Routes.createTask, { body: { title: 7 } }),
      // @ts-expect-error createChannel needs a body
      callApi(Routes.createChannel, {}),
      // @ts-expect-error markRead takes no body
      callApi(Routes.markRead, { params: { channelId: CHANNEL_ID }, body: {} }),
      // @ts-expect-error listChannels takes nothing
      callApi(Routes.listChannels, { body: { name: 'general' } }),
      // @ts-expect-error a search query has no `limit`
      callApi(Routes.searchMessages, { query: { q: 'x', limit: 5 } }),
    ];
    expect(typed).toEqual([true, true, true, true]);
    expect(wrongCalls).toBeInstanceOf(Function);
  });
});
