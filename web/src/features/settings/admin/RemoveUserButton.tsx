// A member row's remove button and its confirmation.
import type { PublicUser } from '@teamchat/contracts';
import { UserMinus } from 'lucide-react';
import { ConfirmDialog } from '../../../components/ui/ConfirmDialog.js';
import { useRemoveUser } from './use-remove-user.js';
import buttonStyles from '../../../components/ui/Button.module.css';

export const RemoveUserButton = ({ member, workspaceId }: { member: PublicUser; workspaceId: string | null }) => {
  const { open, setOpen, remove, removing } = useRemoveUser(member, workspaceId);
  return (
    <>
      <button
        type="button"
        className={`${buttonStyles.button} ${buttonStyles.icon} ${buttonStyles.xs} ${buttonStyles.iconDanger}`}
        aria-label={`Remove ${member.username}`}
        title="Remove from workspace"
        onClick={() => setOpen(true)}
      >
        <UserMinus size={14} />
      </button>
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        title="Remove user"
        description={`Remove ${member.username} from this workspace? They will lose access immediately.`}
        confirmLabel="Remove"
        onConfirm={remove}
        pending={removing}
      />
    </>
  );
};
