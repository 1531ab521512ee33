// The seam between chat's search service (who may read what, how results are shown) and the engine that finds and
// orders messages. `SearchService` depends on this token alone; `PostgresSearchEngine` is bound to it in
// `MessagesModule`, and another engine (OpenSearch, Meilisearch: services/chat/README.md) could be bound instead.
import type { ParsedSearch } from '@teamchat/contracts';

/** The Nest provider token of the bound `MessageSearchEngine`. */
export const MESSAGE_SEARCH_ENGINE = Symbol('MessageSearchEngine');

/** A channel the searcher can read, as the engine read it with its first statement. */
export interface ReadableChannel {
  id: string;
  name: string;
  type: 'regular' | 'direct';
  participants: string[] | null;
}

/** What the searcher's filters leave of the scope: the channels (`in:`) and the authors (`from:`), or null for none. */
export interface SearchScope {
  channelIds: string[];
  /** `from:` resolved; null when the query names nobody. */
  authorIds: string[] | null;
}

/** One message found, with what a result shows of it. */
export interface MessageHit {
  id: string;
  channelId: string;
  userId: string;
  content: string | null;
  /** ISO, to the millisecond. */
  createdAt: string;
}

export interface MessageSearchRequest {
  workspaceId: string;
  /** The searcher: whose readable channels bound the search. */
  userId: string;
  /** Words, phrases, excluded words, before/after/on, has:image (parsed once by `parseSearchQuery`). */
  query: ParsedSearch;
  /** IANA zone the dates are read in, already known to Postgres. */
  timeZone: string;
  /** The engine's own cursor (checked with `isCursor`), or null for the first page. */
  cursor: string | null;
  /**
   * Narrows the searcher's readable channels to the query's scope (`in:`, `from:`), or answers null when nothing can
   * match. The engine reads the readable channels itself, in the statement that also plans the query (one round trip
   * where reading them apart would take two), and asks this once per search.
   */
  scope(readable: ReadableChannel[]): Promise<SearchScope | null>;
}

export interface MessageSearchPage {
  /** At most one page (`SEARCH_LIMIT`), best first. */
  hits: MessageHit[];
  /** The searcher's readable channels (for the hits' channel names). */
  channels: ReadableChannel[];
  /** Where the next page starts; null on the last page. */
  nextCursor: string | null;
}

/** Finds messages; knows nothing about people, only about the scope it is given. */
export interface MessageSearchEngine {
  search(request: MessageSearchRequest): Promise<MessageSearchPage>;
  /** Whether `text` is a cursor this engine wrote (the service answers 400 otherwise, before any search runs). */
  isCursor(text: string): boolean;
}
