// The user's status: applied as soon as it is picked (this browser first, then the server).
import type { CurrentUser } from '@teamchat/contracts';
import { updateUser } from '../../../api/users.js';
import { notify } from '../../../lib/toast.js';
import { isPickerStatus, saveUserStatus, useUserStatus } from '../../chat/status.js';
import { useRefreshProfile } from './use-refresh-profile.js';

export const useStatusField = (user: CurrentUser) => {
  const refresh = useRefreshProfile();
  const status = useUserStatus();

  const choose = (value: string) => {
    if (!isPickerStatus(value)) return;
    saveUserStatus(value);
    updateUser(user.id, { status: value })
      .then(refresh)
      .catch(() => notify.error('Failed to update profile. Please try again.'));
  };

  return { status, choose };
};
