// Workspace users and profile updates.
import type { PublicUser, UpdateUser } from '@teamchat/contracts';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiJson } from '../lib/request.js';
import { authKeys } from './auth.js';

export const userKeys = { all: ['/api/users'] as const };

export const usersQuery = () => queryOptions<PublicUser[]>({ queryKey: userKeys.all });

export const updateUser = (id: string, patch: UpdateUser) => apiJson<unknown>('PATCH', `/api/users/${id}`, patch);

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
