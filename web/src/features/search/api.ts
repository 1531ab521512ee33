// GET /api/messages/search?q=&tz=&cursor= (spec 2 §7): 50 results a page, best first; the `X-Next-Cursor` header
// asks for the next page. An answer that is not ok is "Search failed", with the server's reason for a 400.
import { Routes, SEARCH_CURSOR_HEADER } from '@teamchat/contracts';
import { infiniteQueryOptions } from '@tanstack/react-query';
import { ApiError, callApiWithHeaders, type RouteResult } from '../../lib/api-client.js';

export const SEARCH_FAILED = 'Search failed';

/** A failed search; `reason` is what the server found wrong with the query (a filter without a value, a bad date). */
export class SearchError extends Error {
  constructor(readonly reason: string | null) {
    super(SEARCH_FAILED);
  }
}

export interface SearchResultsPage {
  results: RouteResult<typeof Routes.searchMessages>;
  nextCursor: string | null;
}

/** The zone `before:`, `after:` and `on:` dates are meant in: the searcher's own. */
export const searchTimeZone = (): string | undefined => Intl.DateTimeFormat().resolvedOptions().timeZone || undefined;

export const searchMessages = async (
  query: string,
  cursor: string | undefined,
  signal?: AbortSignal,
): Promise<SearchResultsPage> => {
  try {
    const answer = await callApiWithHeaders(
      Routes.searchMessages,
      { query: { q: query, tz: searchTimeZone(), cursor: cursor || undefined } },
      { signal },
    );
    return { results: answer.body, nextCursor: answer.headers.get(SEARCH_CURSOR_HEADER) };
  } catch (err) {
    if (!(err instanceof ApiError)) throw err;
    throw new SearchError((err.status === 400 && err.serverMessage) || null);
  }
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
