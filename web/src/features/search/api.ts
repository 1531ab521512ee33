// GET /api/messages/search?q= (spec 2 §7): an answer that is not ok is "Search failed".
import type { SearchResult } from '@teamchat/contracts';
import { queryOptions } from '@tanstack/react-query';

export const SEARCH_FAILED = 'Search failed';

export const searchMessages = async (query: string, signal?: AbortSignal): Promise<SearchResult[]> => {
  const res = await fetch(`/api/messages/search?q=${encodeURIComponent(query)}`, { credentials: 'include', signal });
  if (!res.ok) throw new Error(SEARCH_FAILED);
  return (await res.json()) as SearchResult[];
};

export const searchQuery = (query: string) =>
  queryOptions({
    queryKey: ['/api/messages/search', query] as const,
    queryFn: ({ signal }) => searchMessages(query, signal),
    // Spec 2 §4: the request fires only when the debounced query is non-empty.
    enabled: query.length > 0,
  });
