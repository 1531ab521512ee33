// Workspaces of the signed-in user: list, create, logo, switch.
import type { CreateWorkspace, WorkspaceListItem } from '@teamchat/contracts';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiJson, apiRequest } from '../lib/request.js';
import { authKeys } from './auth.js';

export interface Workspace {
  id: string;
  name: string;
  profileImageUrl: string | null;
  createdBy?: string;
  createdAt?: string;
}

export const workspaceKeys = { all: ['/api/workspaces'] as const };

export const workspacesQuery = () => queryOptions<WorkspaceListItem[]>({ queryKey: workspaceKeys.all });

export const createWorkspace = (body: CreateWorkspace) => apiJson<Workspace>('POST', '/api/workspaces', body);
export const updateWorkspaceImage = (id: string, profileImageUrl: string) =>
  apiRequest('PATCH', `/api/workspaces/${id}/profile-image`, { profileImageUrl });
export const switchWorkspace = (workspaceId: string) => apiRequest('POST', '/api/switch-workspace', { workspaceId });

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
