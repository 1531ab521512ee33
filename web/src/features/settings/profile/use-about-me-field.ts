// "About me" being edited, up to 500 characters, and its save.
import type { CurrentUser } from '@teamchat/contracts';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { updateUser } from '../../../api/users.js';
import { notify } from '../../../lib/toast.js';
import { StorageKeys, readLocal, writeLocal } from '../../widgets/storage-keys.js';
import { useRefreshProfile } from './use-refresh-profile.js';

export const ABOUT_ME_MAX = 500;

export const useAboutMeField = (user: CurrentUser) => {
  const refresh = useRefreshProfile();
  const stored = user.aboutMe ?? readLocal(StorageKeys.profileAboutMe) ?? '';
  const [value, setValue] = useState(stored);

  const save = useMutation({
    mutationFn: (patch: { aboutMe: string }) => updateUser(user.id, patch),
    onSuccess: async (_data, patch) => {
      writeLocal(StorageKeys.profileAboutMe, patch.aboutMe);
      await refresh();
    },
    onError: () => notify.error('Failed to update profile. Please try again.'),
  });

  const change = (next: string) => setValue(next.slice(0, ABOUT_ME_MAX));

  return { value, changed: value !== stored, change, save };
};
