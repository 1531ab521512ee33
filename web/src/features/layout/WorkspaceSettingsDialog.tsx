// Admin-only workspace settings: upload a new logo first, then Save Changes applies it; Remove Logo clears it.
import type { WorkspaceListItem } from '@teamchat/contracts';
import { useEffect, useState } from 'react';
import { useUpdateWorkspaceImage } from '../../api/workspaces.js';
import { Avatar } from '../../components/Avatar.js';
import { ImagePicker } from '../../components/ImagePicker.js';
import { Button } from '../../components/ui/Button.js';
import { Dialog } from '../../components/ui/Dialog.js';
import { notify } from '../../lib/toast.js';
import dialogStyles from '../../components/ui/Dialog.module.css';
import styles from './WorkspaceSettingsDialog.module.css';

interface Props {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  workspace: WorkspaceListItem;
}

export const WorkspaceSettingsDialog = ({ open, onOpenChange, workspace }: Props) => {
  const updateImage = useUpdateWorkspaceImage();
  const [uploaded, setUploaded] = useState<string | null>(null);
  const [uploading, setUploading] = useState(false);

  useEffect(() => {
    if (open) setUploaded(null);
  }, [open]);

  const apply = async (profileImageUrl: string) => {
    try {
      await updateImage.mutateAsync({ id: workspace.id, profileImageUrl });
      notify.success('Logo updated', profileImageUrl ? 'Your workspace has a new logo.' : 'The logo was removed.');
      onOpenChange(false);
    } catch {
      notify.error('Failed to update workspace logo');
    }
  };

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Workspace Settings"
      description={`Manage how ${workspace.name} looks.`}
    >
      <div className={styles.settings}>
        <div className={styles.current}>
          <Avatar name={workspace.name} src={workspace.profileImageUrl || null} size={56} />
          <div>
            <p className={styles.name}>{workspace.name}</p>
            <p className={styles.muted}>{workspace.profileImageUrl ? 'Current logo' : 'No logo yet'}</p>
          </div>
        </div>
        <ImagePicker
          kind="logo"
          label="New logo"
          value={uploaded}
          onChange={setUploaded}
          onUploadingChange={setUploading}
        />
        <div className={dialogStyles.actions}>
          <Button
            variant="danger"
            onClick={() => void apply('')}
            disabled={!workspace.profileImageUrl || updateImage.isPending || uploading}
          >
            Remove Logo
          </Button>
          <Button
            onClick={() => uploaded && void apply(uploaded)}
            disabled={!uploaded || uploading}
            loading={updateImage.isPending}
          >
            Save Changes
          </Button>
        </div>
      </div>
    </Dialog>
  );
};
