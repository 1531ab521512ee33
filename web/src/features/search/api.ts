// GET /api/messages/search?q=&tz=&cursor= (spec 2 §7): 50 results a page, best first; the `X-Next-Cursor` header
// asks for the next page. An answer that is not ok is "Search failed", with the server's reason for a 400.
import { SEARCH_CURSOR_HEADER, type SearchResult } from '@teamchat/contracts';
import { infiniteQueryOptions } from '@tanstack/react-query';
import { errorMessage } from '../../lib/request.js';

export const SEARCH_FAILED = 'Search failed';

/** A failed search; `reason` is what the server found wrong with the query (a filter without a value, a bad date). */
export class SearchError extends Error {
  constructor(readonly reason: string | null) {
    super(SEARCH_FAILED);
  }
}

export interface SearchResultsPage {
  results: SearchResult[];
  nextCursor: string | null;
}

/** The zone `before:`, `after:` and `on:` dates are meant in: the searcher's own. */
export const searchTimeZone = (): string | undefined => Intl.DateTimeFormat().resolvedOptions().timeZone || undefined;

export const searchMessages = async (
  query: string,
  cursor: string | undefined,
  signal?: AbortSignal,
): Promise<SearchResultsPage> => {
  const params = new URLSearchParams({ q: query });
  const tz = searchTimeZone();
  if (tz) params.set('tz', tz);
  if (cursor) params.set('cursor', cursor);
  const res = await fetch(`/api/messages/search?${params.toString()}`, { credentials: 'include', signal });
  if (!res.ok) {
    const reason = res.status === 400 ? errorMessage(new Error(`400: ${await res.text()}`), '') : '';
    throw new SearchError(reason || null);
  }
  return { results: (await res.json()) as SearchResult[], nextCursor: res.headers.get(SEARCH_CURSOR_HEADER) };
};

export const searchQuery = (query: string) =>
  infiniteQueryOptions({
    queryKey: ['/api/messages/search', query, searchTimeZone()] as const,
    queryFn: ({ pageParam, signal }) => searchMessages(query, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last: SearchResultsPage) => last.nextCursor ?? undefined,
    // Spec 2 §4: the request fires only when the debounced query is non-empty.
    enabled: query.length > 0,
  });
