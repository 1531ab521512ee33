// Promoting a member to admin or demoting them.
import type { PublicUser } from '@teamchat/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { userKeys } from '../../../api/users.js';
import { errorMessage } from '../../../lib/request.js';
import { notify } from '../../../lib/toast.js';
import { setAdmin } from '../api.js';

export const useToggleAdmin = () => {
  const qc = useQueryClient();
  const toggle = useMutation({
    mutationFn: ({ member, isAdmin }: { member: PublicUser; isAdmin: boolean }) => setAdmin(member.id, isAdmin),
    onSuccess: async (_data, { member, isAdmin }) => {
      await qc.invalidateQueries({ queryKey: userKeys.all });
      notify.success(
        isAdmin ? 'Admin promoted' : 'Admin demoted',
        isAdmin ? `${member.username} is now an admin.` : `${member.username} is no longer an admin.`,
      );
    },
    onError: (err) =>
      notify.error(
        'Failed to update admin status',
        errorMessage(err, 'Could not update admin privileges. Please try again.'),
      ),
  });
  return {
    toggle: (member: PublicUser, isAdmin: boolean) => toggle.mutate({ member, isAdmin }),
    toggling: toggle.isPending,
  };
};
