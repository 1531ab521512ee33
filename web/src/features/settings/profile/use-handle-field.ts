// The handle being edited: checked by the shared rule, saved through its own call (it may be taken), and put back to
// the stored one when the server refuses it (spec 2 §8).
import { HandleSchema, type CurrentUser } from '@teamchat/contracts';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { errorMessage } from '../../../lib/request.js';
import { notify } from '../../../lib/toast.js';
import { StorageKeys, readLocal, writeLocal } from '../../widgets/storage-keys.js';
import { updateHandle } from '../api.js';
import { useRefreshProfile } from './use-refresh-profile.js';

/** Spec 2 §5: the handle is optional; when given it must pass the shared rule. */
export const validateHandle = (handle: string): string | null => {
  if (handle === '') return null;
  const parsed = HandleSchema.safeParse(handle);
  return parsed.success ? null : (parsed.error.issues[0]?.message ?? null);
};

export const useHandleField = (user: CurrentUser) => {
  const refresh = useRefreshProfile();
  const stored = user.handle ?? readLocal(StorageKeys.profileHandle) ?? '';
  const [value, setValue] = useState(stored);
  const [error, setError] = useState<string | null>(null);

  const save = useMutation({
    mutationFn: (next: string) => updateHandle(user.id, next),
    onSuccess: async (_data, next) => {
      writeLocal(StorageKeys.profileHandle, next);
      await refresh();
    },
    onError: (err) => {
      // Spec 2 §8: the field goes back to the stored value.
      setValue(stored);
      notify.error(errorMessage(err, 'Failed to update handle. Please try again.'));
    },
  });

  const change = (next: string) => {
    setValue(next);
    setError(null);
  };

  /** The handle to save (trimmed), or null when it breaks the rule (then the field says why). */
  const validated = (): string | null => {
    const next = value.trim();
    const problem = validateHandle(next);
    setError(problem);
    return problem ? null : next;
  };

  return { value, error, stored, change, validated, save };
};
