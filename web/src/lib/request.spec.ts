import { jest } from '@jest/globals';
import { mockFetch } from '../../test/render.js';
import { createQueryClient, getQueryFn, keyToUrl } from './query-client.js';
import { apiRequest, errorMessage } from './request.js';

describe('apiRequest', () => {
  it('sends a JSON body with its content type and credentials', async () => {
    const { calls, fn } = mockFetch({ 'POST /api/channels': { body: { id: 'c1' } } });
    const res = await apiRequest('POST', '/api/channels', { name: 'general' });
    expect(await res.json()).toEqual({ id: 'c1' });
    expect(calls[0]).toMatchObject({
      method: 'POST',
      url: '/api/channels',
      body: { name: 'general' },
      credentials: 'include',
    });
    const init = fn.mock.calls[0]![1] as RequestInit;
    expect(init.headers).toEqual({ 'Content-Type': 'application/json' });
  });

  it('sends no body and no content type without a payload', async () => {
    const { fn } = mockFetch({ 'DELETE /api/channel-sections/s1': { status: 200 } });
    await apiRequest('DELETE', '/api/channel-sections/s1');
    const init = fn.mock.calls[0]![1] as RequestInit;
    expect(init.body).toBeUndefined();
    expect(init.headers).toEqual({});
  });

  it('raises "<status>: <body text>" for a response that is not ok', async () => {
    mockFetch({
      'POST /api/login': {
        status: 401,
        body: { error: 'Invalid email or password', code: 'IDENTITY.BAD_CREDENTIALS' },
      },
    });
    await expect(apiRequest('POST', '/api/login', {})).rejects.toThrow(
      '401: {"error":"Invalid email or password","code":"IDENTITY.BAD_CREDENTIALS"}',
    );
  });

  it('falls back to the status text when the body is empty', async () => {
    mockFetch({ 'GET /api/x': { status: 404 } });
    await expect(apiRequest('GET', '/api/x')).rejects.toThrow('404: Not Found');
  });
});

describe(errorMessage.name, () => {
  it('reads the error field of a JSON error body', () => {
    expect(errorMessage(new Error('409: {"error":"Email already registered"}'), 'x')).toBe('Email already registered');
  });
  it('uses the fallback when the body is not JSON', () => {
    expect(errorMessage(new Error('502: Bad Gateway'), 'Fallback')).toBe('Fallback');
  });
  it('uses the fallback when there is nothing to show', () => {
    expect(errorMessage('nope', 'Fallback')).toBe('Fallback');
    expect(errorMessage(new Error('400: {}'), 'Fallback')).toBe('Fallback');
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
    await expect(createQueryClient().fetchQuery({ queryKey: ['/api/auth/user'] })).rejects.toThrow('401: Unauthorized');
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
