// Test harness: the app's providers around a screen, a memory router, and a scripted fetch.
import { jest } from '@jest/globals';
import type { Channel, CurrentUser, PublicUser } from '@teamchat/contracts';
import { QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { AppProviders } from '../src/app/AppProviders.js';
import { createQueryClient } from '../src/lib/query-client.js';

export interface FakeResponse {
  status?: number;
  body?: unknown;
  headers?: Record<string, string>;
}
type Handler = FakeResponse | ((body: unknown, url: string) => FakeResponse | Promise<FakeResponse>);

export interface FetchCall {
  method: string;
  url: string;
  body: unknown;
  credentials: RequestCredentials | undefined;
}

const STATUS_TEXT: Record<number, string> = {
  200: 'OK',
  400: 'Bad Request',
  401: 'Unauthorized',
  404: 'Not Found',
  409: 'Conflict',
  500: 'Internal Server Error',
};

const toResponse = ({ status = 200, body, headers = {} }: FakeResponse) => {
  const text = body === undefined ? '' : typeof body === 'string' ? body : JSON.stringify(body);
  const named = new Map(Object.entries(headers).map(([name, value]) => [name.toLowerCase(), value]));
  return {
    ok: status >= 200 && status < 300,
    status,
    statusText: STATUS_TEXT[status] ?? '',
    headers: { get: (name: string) => named.get(name.toLowerCase()) ?? null },
    text: async () => text,
    json: async () => JSON.parse(text) as unknown,
  } as Response;
};

/**
 * Replaces fetch with a table of `METHOD /path` → response; paths match without their query string.
 * Unlisted calls answer 404 so a missing stub shows up as a failure, not a hang.
 */
export const mockFetch = (routes: Record<string, Handler>) => {
  const calls: FetchCall[] = [];
  const fn = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    const method = (init?.method ?? 'GET').toUpperCase();
    const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : init?.body;
    calls.push({ method, url, body, credentials: init?.credentials });
    const handler = routes[`${method} ${url.split('?')[0]}`];
    if (!handler) return toResponse({ status: 404, body: { error: 'Not found' } });
    return toResponse(typeof handler === 'function' ? await handler(body, url) : handler);
  });
  globalThis.fetch = fn as unknown as typeof fetch;
  // uploads that report progress go through XMLHttpRequest: answered by the same routes, recorded as fetch calls
  globalThis.XMLHttpRequest = class {
    status = 0;
    withCredentials = false;
    upload: { onprogress: ((event: ProgressEvent) => void) | null } = { onprogress: null };
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    onabort: (() => void) | null = null;
    private method = 'GET';
    private url = '';
    private headers: Record<string, string> = {};
    open(method: string, url: string) {
      this.method = method;
      this.url = url;
    }
    setRequestHeader(name: string, value: string) {
      this.headers[name] = value;
    }
    send(body?: BodyInit | null) {
      const init: RequestInit = {
        method: this.method,
        body: body ?? null,
        headers: this.headers,
        credentials: this.withCredentials ? 'include' : 'omit',
      };
      void fn(this.url, init).then(
        (res) => {
          const size = body instanceof Blob ? body.size : 0;
          this.upload.onprogress?.({ lengthComputable: true, loaded: size, total: size } as ProgressEvent);
          this.status = res.status;
          this.onload?.();
        },
        () => this.onerror?.(),
      );
    }
  } as unknown as typeof XMLHttpRequest;
  return { calls, fn };
};

export const LocationProbe = () => {
  const location = useLocation();
  return <div data-testid="location">{location.pathname + location.search}</div>;
};

export const renderWithApp = (
  ui: ReactElement,
  { route = '/', client }: { route?: string; client?: QueryClient } = {},
) => {
  const queryClient = client ?? createQueryClient();
  const wrap = (screen: ReactElement) => (
    <AppProviders client={queryClient}>
      <MemoryRouter initialEntries={[route]}>
        {screen}
        <LocationProbe />
      </MemoryRouter>
    </AppProviders>
  );
  const utils = render(wrap(ui));
  // a rerender keeps the providers: the screen's state (and its queries) carry on
  return { ...utils, rerender: (next: ReactElement) => utils.rerender(wrap(next)), queryClient };
};

/**
 * `GET /api/users` as the server answers it: the whole list without parameters; with them the members directory —
 * `ids`, a prefix `q` of a name, username or handle, and the first `limit` (one page, no cursor).
 */
export const directoryAnswer =
  (users: readonly (PublicUser | CurrentUser)[]) =>
  (_body: unknown, url: string): FakeResponse => {
    const params = new URL(url, 'http://localhost').searchParams;
    const q = (params.get('q') ?? '').toLowerCase().replace(/^@/, '');
    const ids = params.get('ids')?.split(',');
    const found = users.filter(
      (u) =>
        (!ids || ids.includes(u.id)) &&
        (!q ||
          [u.username, u.firstName, u.lastName, `${u.firstName} ${u.lastName}`, u.handle ?? ''].some((n) =>
            n.toLowerCase().startsWith(q),
          )),
    );
    const limit = params.get('limit');
    return limit
      ? { body: found.slice(0, Number(limit)), headers: { 'X-Total-Count': String(found.length) } }
      : { body: found };
  };

export const aUser = (overrides: Partial<CurrentUser> = {}): CurrentUser => ({
  id: '11111111-1111-4111-8111-111111111111',
  email: 'ada@example.com',
  firstName: 'Ada',
  lastName: 'Lovelace',
  username: 'ada',
  handle: null,
  aboutMe: null,
  profileImageUrl: null,
  status: 'online',
  stars: 0,
  isAdmin: true,
  agentId: null,
  companySize: '2-5',
  workspaceId: null,
  paymentCompleted: false,
  onboardingCompleted: false,
  stripeSubscriptionId: null,
  createdAt: '2025-01-01T00:00:00.000Z',
  updatedAt: '2025-01-01T00:00:00.000Z',
  ...overrides,
});

export const WORKSPACE_ID = '22222222-2222-4222-8222-222222222222';

/** A public regular channel of WORKSPACE_ID that the viewer has joined, with `overrides` on top. */
export const aChannel = (overrides: Partial<Channel> & Pick<Channel, 'id'>): Channel => ({
  workspaceId: WORKSPACE_ID,
  name: 'general',
  description: null,
  sectionId: null,
  type: 'regular',
  participantIds: null,
  icon: 'Hash',
  order: 0,
  createdAt: '2025-03-01T10:00:00.000Z',
  visibility: 'public',
  topic: null,
  archived: false,
  isDefault: false,
  memberCount: 0,
  joined: true,
  createdBy: null,
  ...overrides,
});
