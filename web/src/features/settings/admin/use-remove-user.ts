// Removing a member from the workspace, behind a confirmation dialog.
import type { PublicUser } from '@teamchat/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { userKeys } from '../../../api/users.js';
import { errorMessage } from '../../../lib/request.js';
import { notify } from '../../../lib/toast.js';
import { removeUser, settingsKeys } from '../api.js';

export const useRemoveUser = (member: PublicUser, workspaceId: string | null) => {
  const qc = useQueryClient();
  // the confirmation dialog
  const [open, setOpen] = useState(false);
  const remove = useMutation({
    mutationFn: () => {
      if (!workspaceId) throw new Error('No active workspace');
      return removeUser(workspaceId, member.id);
    },
    onSuccess: async () => {
      setOpen(false);
      await Promise.all([
        qc.invalidateQueries({ queryKey: userKeys.all }),
        qc.invalidateQueries({ queryKey: settingsKeys.invites }),
      ]);
      notify.success('User removed', `${member.username} has been removed from the workspace.`);
    },
    onError: (err) => {
      setOpen(false);
      notify.error(errorMessage(err, 'Failed to remove user'));
    },
  });
  return { open, setOpen, remove: () => remove.mutate(), removing: remove.isPending };
};
