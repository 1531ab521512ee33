import { jest } from '@jest/globals';
import { mockFetch } from '../../test/render.js';
import { createQueryClient, getQueryFn, keyToUrl } from './query-client.js';
import { ApiError, errorMessage, errorStatus, throwIfResNotOk } from './request.js';

// Sending (method, JSON body, content type, credentials) is the typed client's: see api-client.spec.ts.

describe(ApiError.name, () => {
  it('keeps the spec\'s "<status>: <body>" message and reads the error body\'s parts', () => {
    const body = JSON.stringify({
      error: 'Invalid email or password',
      code: 'IDENTITY.BAD_CREDENTIALS',
      issues: [{ path: 'email', message: 'Invalid email' }, { path: 3 }],
    });
    const err = ApiError.fromBody(401, body);
    expect(err).toBeInstanceOf(Error);
    expect(err).toMatchObject({
      name: 'ApiError',
      message: `401: ${body}`,
      status: 401,
      body,
      serverMessage: 'Invalid email or password',
      code: 'IDENTITY.BAD_CREDENTIALS',
      issues: [{ path: 'email', message: 'Invalid email' }],
    });
  });

  it('reads a `message` field when there is no `error`', () => {
    expect(ApiError.fromBody(500, '{"message":"Internal server error"}').serverMessage).toBe('Internal server error');
  });

  it('has no server message, code or issues for a body that is not JSON', () => {
    expect(ApiError.fromBody(502, 'Bad Gateway')).toMatchObject({
      message: '502: Bad Gateway',
      serverMessage: undefined,
      code: undefined,
      issues: [],
    });
  });
});

describe(throwIfResNotOk.name, () => {
  it('raises an ApiError "<status>: <body text>" for a response that is not ok', async () => {
    mockFetch({
      'POST /api/login': {
        status: 401,
        body: { error: 'Invalid email or password', code: 'IDENTITY.BAD_CREDENTIALS' },
      },
    });
    const res = await fetch('/api/login', { method: 'POST' });
    const err: unknown = await throwIfResNotOk(res).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({
      status: 401,
      code: 'IDENTITY.BAD_CREDENTIALS',
      message: '401: {"error":"Invalid email or password","code":"IDENTITY.BAD_CREDENTIALS"}',
    });
  });

  it('falls back to the status text when the body is empty', async () => {
    mockFetch({ 'GET /api/x': { status: 404 } });
    await expect(throwIfResNotOk(await fetch('/api/x'))).rejects.toThrow('404: Not Found');
  });

  it('lets an ok response through', async () => {
    mockFetch({ 'GET /api/health': { body: { status: 'ok' } } });
    await expect(throwIfResNotOk(await fetch('/api/health'))).resolves.toBeUndefined();
  });
});

describe(errorMessage.name, () => {
  it('reads the error field of a JSON error body', () => {
    expect(errorMessage(ApiError.fromBody(409, '{"error":"Email already registered"}'), 'x')).toBe(
      'Email already registered',
    );
  });
  it('uses the fallback when the body is not JSON', () => {
    expect(errorMessage(ApiError.fromBody(502, 'Bad Gateway'), 'Fallback')).toBe('Fallback');
  });
  it('uses the fallback when there is nothing to show', () => {
    expect(errorMessage('nope', 'Fallback')).toBe('Fallback');
    expect(errorMessage(ApiError.fromBody(400, '{}'), 'Fallback')).toBe('Fallback');
  });
  it('uses the fallback for an error that is not an ApiError, whatever its message says', () => {
    expect(errorMessage(new Error('409: {"error":"Email already registered"}'), 'Fallback')).toBe('Fallback');
    expect(errorMessage(new TypeError('Failed to fetch'), 'Fallback')).toBe('Fallback');
  });
});

describe(errorStatus.name, () => {
  it('is the status of an ApiError', () => {
    expect(errorStatus(ApiError.fromBody(409, '{"error":"Handle taken"}'))).toBe(409);
    expect(errorStatus(ApiError.fromBody(404, 'Not Found'))).toBe(404);
  });
  it('is undefined for any other error', () => {
    expect(errorStatus(new Error('404: Not Found'))).toBeUndefined();
    expect(errorStatus('nope')).toBeUndefined();
    expect(errorStatus(undefined)).toBeUndefined();
  });
});

describe('default query function', () => {
  it('GETs the key segments joined by "/" with credentials', async () => {
    const { calls } = mockFetch({ 'GET /api/channels/c1/messages': { body: [] } });
    const client = createQueryClient();
    await client.fetchQuery({ queryKey: ['/api/channels', 'c1', 'messages'] });
    expect(calls[0]).toMatchObject({ method: 'GET', url: '/api/channels/c1/messages' });
    expect(keyToUrl(['/api/channels', 'c1', 'messages'])).toBe('/api/channels/c1/messages');
  });

  it('throws on 401 by default', async () => {
    mockFetch({ 'GET /api/auth/user': { status: 401, body: 'Unauthorized' } });
    const failed = createQueryClient().fetchQuery({ queryKey: ['/api/auth/user'] });
    await expect(failed).rejects.toThrow('401: Unauthorized');
    await expect(failed).rejects.toBeInstanceOf(ApiError);
  });

  it('can be configured to return null on 401', async () => {
    mockFetch({ 'GET /api/auth/user': { status: 401 } });
    const data = await createQueryClient().fetchQuery({
      queryKey: ['/api/auth/user'],
      queryFn: getQueryFn<null>({ on401: 'returnNull' }),
    });
    expect(data).toBeNull();
  });

  it('never goes stale, never retries, never refetches on focus and never polls', () => {
    const defaults = createQueryClient().getDefaultOptions();
    expect(defaults.queries).toMatchObject({
      staleTime: Infinity,
      retry: false,
      refetchOnWindowFocus: false,
      refetchInterval: false,
    });
    expect(defaults.mutations).toMatchObject({ retry: false });
  });

  it('does not retry a failed query', async () => {
    const { fn } = mockFetch({ 'GET /api/users': { status: 500 } });
    await expect(createQueryClient().fetchQuery({ queryKey: ['/api/users'] })).rejects.toThrow(
      '500: Internal Server Error',
    );
    expect(fn).toHaveBeenCalledTimes(1);
    void jest;
  });
});
