// Rename a channel (spec 2 §2): not offered for DMs; name non-empty after trim.
import { CHANNEL_NAME_EMPTY, ChannelNameSchema, type Channel } from '@teamchat/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, type FormEvent } from 'react';
import { channelKeys } from '../../api/channels.js';
import { notify } from '../../lib/toast.js';
import { renameChannel } from './api.js';
import { Modal } from './ui.js';
import formStyles from '../../components/ui/form.module.css';
import buttonStyles from '../../components/ui/Button.module.css';

export const RenameChannelDialog = ({
  channel,
  open,
  onOpenChange,
}: {
  channel: Channel;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) => {
  const qc = useQueryClient();
  const [name, setName] = useState(channel.name);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (open) {
      setName(channel.name);
      setError(null);
    }
  }, [open, channel.name]);

  const rename = useMutation({
    mutationFn: (next: string) => renameChannel(channel.id, next),
    onSuccess: async () => {
      await qc.invalidateQueries({ queryKey: channelKeys.all });
      notify.success('Channel renamed');
      onOpenChange(false);
    },
    onError: () => notify.error('Rename failed', 'Failed to rename channel. Please try again.'),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = ChannelNameSchema.safeParse(name);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? CHANNEL_NAME_EMPTY);
      return;
    }
    setError(null);
    rename.mutate(parsed.data);
  };

  return (
    <Modal open={open} onOpenChange={onOpenChange} title="Rename Channel">
      <form className={formStyles.stack} onSubmit={submit} noValidate>
        <label className={formStyles.field}>
          <span className={formStyles.label}>Channel name</span>
          <input
            className={formStyles.input}
            value={name}
            onChange={(e) => setName(e.target.value)}
            aria-invalid={error ? true : undefined}
            autoFocus
          />
        </label>
        {error ? (
          <p className={formStyles.error} role="alert">
            {error}
          </p>
        ) : null}
        <div className={formStyles.stackActions}>
          <button
            type="button"
            className={`${buttonStyles.button} ${buttonStyles.outline} ${buttonStyles.md}`}
            onClick={() => onOpenChange(false)}
          >
            Cancel
          </button>
          <button
            type="submit"
            className={`${buttonStyles.button} ${buttonStyles.primary} ${buttonStyles.md}`}
            disabled={rename.isPending}
          >
            Rename
          </button>
        </div>
      </form>
    </Modal>
  );
};
