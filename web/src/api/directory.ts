// The members directory (GET /api/users with limit/cursor/q, issue 68): pages of members for the lists that show
// them (mention picker, DM picker, team status, admin list), and single members by id for names on screen, asked in
// batches and cached, so that nothing loads the whole roster of a large workspace.
import {
  DIRECTORY_CURSOR_HEADER,
  DIRECTORY_IDS_MAX,
  DIRECTORY_TOTAL_HEADER,
  Routes,
  type PublicUser,
  type UserStatus,
  type WorkspaceRole,
} from '@teamchat/contracts';
import {
  infiniteQueryOptions,
  keepPreviousData,
  queryOptions,
  useInfiniteQuery,
  useQueries,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { callApiWithHeaders } from '../lib/api-client.js';
import { userKeys } from './users.js';

export interface DirectoryFilters {
  q?: string;
  channelId?: string;
  status?: UserStatus;
  role?: WorkspaceRole;
  /** Members a page (1–200). */
  limit?: number;
}

export interface DirectoryPage {
  users: PublicUser[];
  nextCursor: string | null;
  /** Members the filters select over all pages; null when the server does not say (a search). */
  total: number | null;
}

export const DIRECTORY_PAGE_SIZE = 100;
/** How long typing rests before the directory is asked: one request per pause, not per keystroke. */
export const DIRECTORY_DEBOUNCE_MS = 200;

export const directoryKeys = {
  all: [...userKeys.all, 'directory'] as const,
  list: (filters: DirectoryFilters) => [...userKeys.all, 'directory', filters] as const,
  /** One member by id: under the users prefix, so a profile change patches it (`patchCachedUser`). */
  one: (userId: string) => [...userKeys.all, 'id', userId] as const,
};

export const fetchDirectoryPage = async (
  filters: DirectoryFilters,
  cursor: string | undefined,
  signal?: AbortSignal,
): Promise<DirectoryPage> => {
  const { q, channelId, status, role, limit = DIRECTORY_PAGE_SIZE } = filters;
  const answer = await callApiWithHeaders(
    Routes.listUsers,
    { query: { q: q || undefined, channelId, status, role, limit: String(limit), cursor } },
    { signal },
  );
  const total = answer.headers.get(DIRECTORY_TOTAL_HEADER);
  return {
    users: answer.body,
    nextCursor: answer.headers.get(DIRECTORY_CURSOR_HEADER),
    total: total === null ? null : Number(total),
  };
};

/** Every member a list shows is also known by id from then on: names on screen need no request of their own. */
export const seedUsers = (qc: QueryClient, users: readonly PublicUser[]): void => {
  for (const user of users) qc.setQueryData(directoryKeys.one(user.id), user);
};

export const directoryQuery = (filters: DirectoryFilters) =>
  infiniteQueryOptions({
    queryKey: directoryKeys.list(filters),
    queryFn: async ({ pageParam, signal, client }) => {
      const page = await fetchDirectoryPage(filters, pageParam, signal);
      seedUsers(client, page.users);
      return page;
    },
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last: DirectoryPage) => last.nextCursor ?? undefined,
  });

/** `value`, once it has stopped changing for `ms`. */
export const useDebouncedValue = <T>(value: T, ms: number): T => {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
};

/**
 * Pages of the directory with the search text debounced; while a new search is on its way the previous answer stays
 * on screen. `users` is every member of the pages loaded so far; `fetchMore` loads the next page.
 */
export const useDirectory = (filters: DirectoryFilters, { enabled = true }: { enabled?: boolean } = {}) => {
  const q = useDebouncedValue(filters.q?.trim() ?? '', DIRECTORY_DEBOUNCE_MS);
  const query = useInfiniteQuery({
    ...directoryQuery({ ...filters, q }),
    enabled,
    placeholderData: keepPreviousData,
  });
  const users = useMemo(() => query.data?.pages.flatMap((p) => p.users) ?? [], [query.data]);
  const { hasNextPage, isFetchingNextPage, fetchNextPage, refetch } = query;
  return {
    users,
    total: query.data?.pages[0]?.total ?? null,
    isPending: query.isPending,
    isError: query.isError,
    hasMore: hasNextPage,
    refetch,
    fetchMore: () => {
      if (hasNextPage && !isFetchingNextPage) void fetchNextPage();
    },
  };
};

/**
 * Looks members up by id: the ids asked for within one tick go out together (`ids=`, up to 200 a request); an id
 * the workspace does not have answers null.
 */
class UserBatcher {
  private waiting = new Map<string, { resolve: (u: PublicUser | null) => void; reject: (e: unknown) => void }[]>();
  private scheduled = false;

  load(userId: string): Promise<PublicUser | null> {
    return new Promise((resolve, reject) => {
      const callers = this.waiting.get(userId) ?? [];
      callers.push({ resolve, reject });
      this.waiting.set(userId, callers);
      if (!this.scheduled) {
        this.scheduled = true;
        setTimeout(() => void this.flush(), 0);
      }
    });
  }

  private async flush(): Promise<void> {
    const batch = this.waiting;
    this.waiting = new Map();
    this.scheduled = false;
    const ids = [...batch.keys()];
    for (let i = 0; i < ids.length; i += DIRECTORY_IDS_MAX) {
      const chunk = ids.slice(i, i + DIRECTORY_IDS_MAX);
      try {
        const found = new Map(
          (await callApiWithHeaders(Routes.listUsers, { query: { ids: chunk.join(',') } })).body.map((u) => [u.id, u]),
        );
        for (const id of chunk) for (const caller of batch.get(id) ?? []) caller.resolve(found.get(id) ?? null);
      } catch (err) {
        for (const id of chunk) for (const caller of batch.get(id) ?? []) caller.reject(err);
      }
    }
  }
}

const batcher = new UserBatcher();

export const userByIdQuery = (userId: string) =>
  queryOptions({ queryKey: directoryKeys.one(userId), queryFn: () => batcher.load(userId) });

// one function for every render: the combined map is then made again only when a result changed
const byIdOf = (results: readonly { data?: PublicUser | null }[]): ReadonlyMap<string, PublicUser> => {
  const byId = new Map<string, PublicUser>();
  for (const r of results) if (r.data) byId.set(r.data.id, r.data);
  return byId;
};

/** The members of `ids` known so far, by id: each asked once (batched), then kept; a list already shown seeds them. */
export const useUsersById = (ids: readonly string[]): ReadonlyMap<string, PublicUser> => {
  const unique = useMemo(() => [...new Set(ids)], [ids]);
  return useQueries({ queries: unique.map((id) => userByIdQuery(id)), combine: byIdOf });
};

/**
 * The people of `ids` by id, from `known` (a list the screen already holds) and else looked up (batched, cached): a
 * screen showing a few people's names never needs the whole roster.
 */
export const usePeople = (
  ids: readonly string[],
  known: readonly PublicUser[] = [],
): ReadonlyMap<string, PublicUser> => {
  const knownById = useMemo(() => new Map(known.map((u) => [u.id, u])), [known]);
  const missing = useMemo(() => [...new Set(ids)].filter((id) => !knownById.has(id)), [ids, knownById]);
  const looked = useUsersById(missing);
  return useMemo(() => (looked.size === 0 ? knownById : new Map([...knownById, ...looked])), [knownById, looked]);
};

/** The query client, for seeding the by-id cache from a list loaded some other way (the whole roster). */
export const useSeedUsers = (users: readonly PublicUser[] | undefined): void => {
  const qc = useQueryClient();
  useEffect(() => {
    if (users) seedUsers(qc, users);
  }, [qc, users]);
};
