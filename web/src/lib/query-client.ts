// The query defaults of spec 1 §7: never stale, no retries, no focus refetch, no polling; GET by joined key.
import { QueryClient, type QueryFunction } from '@tanstack/react-query';
import { throwIfResNotOk } from './request.js';

export type UnauthorizedBehavior = 'returnNull' | 'throw';

/** Fetches the query key's segments joined by '/' (e.g. ['/api/channels', id, 'messages']). */
export const keyToUrl = (queryKey: readonly unknown[]): string => queryKey.map(String).join('/');

export const getQueryFn =
  <T>({ on401 }: { on401: UnauthorizedBehavior }): QueryFunction<T> =>
  async ({ queryKey, signal }) => {
    const res = await fetch(keyToUrl(queryKey), { credentials: 'include', signal });
    if (on401 === 'returnNull' && res.status === 401) return null as T;
    await throwIfResNotOk(res);
    return (await res.json()) as T;
  };

export const createQueryClient = (): QueryClient =>
  new QueryClient({
    defaultOptions: {
      queries: {
        queryFn: getQueryFn({ on401: 'throw' }),
        refetchInterval: false,
        refetchOnWindowFocus: false,
        staleTime: Infinity,
        retry: false,
      },
      mutations: { retry: false },
    },
  });
