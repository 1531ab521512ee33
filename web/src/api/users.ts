// Workspace users and profile updates.
import { Routes, type UpdateUser } from '@teamchat/contracts';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi, type RouteResult } from '../lib/api-client.js';
import { authKeys } from './auth.js';

export const userKeys = { all: ['/api/users'] as const };

export const usersQuery = () => queryOptions<RouteResult<typeof Routes.listUsers>>({ queryKey: userKeys.all });

export const updateUser = (id: string, patch: UpdateUser) =>
  callApi(Routes.updateUser, { params: { userId: id }, body: patch });

export const useUpdateUser = () => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, patch }: { id: string; patch: UpdateUser }) => updateUser(id, patch),
    onSuccess: async () => {
      await Promise.all([
        qc.invalidateQueries({ queryKey: authKeys.user }),
        qc.invalidateQueries({ queryKey: userKeys.all }),
      ]);
    },
  });
};
