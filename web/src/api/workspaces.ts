// Workspaces of the signed-in user: list, create, logo, switch.
import { isReadOnlyAt, Routes, type CreateWorkspace } from '@teamchat/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { callApi, type RouteResult } from '../lib/api-client.js';
import { authKeys } from './auth.js';

export const workspaceKeys = { all: ['/api/workspaces'] as const };

export const workspacesQuery = () =>
  queryOptions<RouteResult<typeof Routes.listWorkspaces>>({ queryKey: workspaceKeys.all });

export const createWorkspace = (body: CreateWorkspace) => callApi(Routes.createWorkspace, { body });
export const updateWorkspaceImage = (id: string, profileImageUrl: string) =>
  callApi(Routes.updateWorkspaceImage, { params: { workspaceId: id }, body: { profileImageUrl } });
export const switchWorkspace = (workspaceId: string) => callApi(Routes.switchWorkspace, { body: { workspaceId } });

export const useCreateWorkspace = () => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: createWorkspace,
    onSuccess: async () => {
      await Promise.all([
        qc.invalidateQueries({ queryKey: authKeys.user }),
        qc.invalidateQueries({ queryKey: workspaceKeys.all }),
      ]);
    },
  });
};

export const useUpdateWorkspaceImage = () => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, profileImageUrl }: { id: string; profileImageUrl: string }) =>
      updateWorkspaceImage(id, profileImageUrl),
    onSuccess: async () => {
      await qc.invalidateQueries({ queryKey: workspaceKeys.all });
    },
  });
};

/** Switching workspace refreshes the user and every cached query (spec 1 §4). */
export const useSwitchWorkspace = () => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: switchWorkspace,
    onSuccess: async () => {
      qc.removeQueries({ predicate: (q) => q.queryKey[0] !== authKeys.user[0] });
      await qc.invalidateQueries();
    },
  });
};

/** setTimeout's longest delay; a later deadline is waited for in steps. */
const MAX_TIMER_MS = 2_147_483_647;

/**
 * Whether the workspace is read-only (trial over unpaid, subscription lapsed): the server's answer, and the clock
 * once a trial's `writableUntil` passes while the tab is open. Changes pushed by the server arrive as a `workspace`
 * socket frame, which refetches the list.
 */
export const useWorkspaceReadOnly = (workspaceId: string | null | undefined): boolean => {
  const { data } = useQuery(workspacesQuery());
  const workspace = data?.find((w) => w.id === workspaceId);
  const deadline = workspace?.writableUntil ?? null;
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!deadline || workspace?.readOnly) return;
    const wait = new Date(deadline).getTime() - Date.now();
    if (wait <= 0) return;
    const timer = setTimeout(() => setNow(Date.now()), Math.min(wait + 50, MAX_TIMER_MS));
    return () => clearTimeout(timer);
  }, [deadline, workspace?.readOnly, now]);
  return workspace ? workspace.readOnly || isReadOnlyAt(deadline, Math.max(now, Date.now())) : false;
};
