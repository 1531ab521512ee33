// Workspace users and profile updates.
import { Routes, type PublicUser, type UpdateUser } from '@teamchat/contracts';
import { queryOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { callApi, type RouteResult } from '../lib/api-client.js';
import { authKeys } from './auth.js';

export const userKeys = { all: ['/api/users'] as const };

export const usersQuery = () => queryOptions<RouteResult<typeof Routes.listUsers>>({ queryKey: userKeys.all });

export const updateUser = (id: string, patch: UpdateUser) =>
  callApi(Routes.updateUser, { params: { userId: id }, body: patch });

/**
 * One member's entry changed: patched in place in every cached users query (the list, the directory's pages, and any
 * query of one user under the same key prefix), so no screen refetches the whole roster for one person's change. False when no cached list
 * holds them (a newcomer): the caller decides whether that is worth a refetch.
 */
export const patchCachedUser = (qc: QueryClient, userId: string, patch: Partial<PublicUser>): boolean => {
  let found = false;
  const apply = (user: PublicUser): PublicUser => {
    found = true;
    return { ...user, ...patch, id: user.id };
  };
  const patchList = (list: PublicUser[]): PublicUser[] => {
    const i = list.findIndex((u) => u?.id === userId);
    if (i < 0) return list;
    const next = list.slice();
    next[i] = apply(list[i]!);
    return next;
  };
  qc.setQueriesData<unknown>({ queryKey: userKeys.all }, (data: unknown) => {
    if (Array.isArray(data)) return patchList(data as PublicUser[]);
    // the directory's pages (see directory.ts)
    if (data && typeof data === 'object' && Array.isArray((data as { pages?: unknown }).pages)) {
      const paged = data as { pages: { users: PublicUser[] }[] };
      const pages = paged.pages.map((page) => {
        const users = patchList(page.users);
        return users === page.users ? page : { ...page, users };
      });
      return pages.every((page, i) => page === paged.pages[i]) ? data : { ...paged, pages };
    }
    if (data && typeof data === 'object' && (data as PublicUser).id === userId) return apply(data as PublicUser);
    return data;
  });
  return found;
};

export const useUpdateUser = () => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, patch }: { id: string; patch: UpdateUser }) => updateUser(id, patch),
    // the answer is the whole current user: both caches take it as is, with no refetch
    onSuccess: (user) => {
      qc.setQueryData(authKeys.user, user);
      const { id, username, firstName, lastName, handle, aboutMe, profileImageUrl, status, stars, agentId } = user;
      patchCachedUser(qc, id, {
        username,
        firstName,
        lastName,
        handle,
        aboutMe,
        profileImageUrl,
        status,
        stars,
        agentId,
      });
    },
  });
};
