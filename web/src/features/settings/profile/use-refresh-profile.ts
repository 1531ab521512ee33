// After a profile change: the signed-in user and the workspace's users are fetched again, so every screen shows it.
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { authKeys } from '../../../api/auth.js';
import { userKeys } from '../../../api/users.js';

export const useRefreshProfile = () => {
  const qc = useQueryClient();
  return useCallback(
    () =>
      Promise.all([
        qc.invalidateQueries({ queryKey: authKeys.user }),
        qc.invalidateQueries({ queryKey: userKeys.all }),
      ]),
    [qc],
  );
};
