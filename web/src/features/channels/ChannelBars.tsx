// What stands in place of the composer when the user cannot post: a public channel previewed before joining (with
// its Join button), or an archived channel (read-only; a channel admin may unarchive it).
import type { Channel } from '@teamchat/contracts';
import { Archive, Eye } from 'lucide-react';
import { useArchiveChannel, useJoinChannel } from '../../api/channels.js';
import { Button } from '../../components/ui/Button.js';
import { errorMessage } from '../../lib/request.js';
import { notify } from '../../lib/toast.js';
import styles from './channels.module.css';

export const ARCHIVED_TEXT = 'This channel is archived.';
export const ARCHIVED_HINT = 'You can still read and search it, but nobody can post in it.';
export const JOIN_LABEL = 'Join Channel';
export const JOIN_TO_REPLY = 'Join the channel to reply.';

export const JoinBar = ({ channel }: { channel: Channel }) => {
  const join = useJoinChannel();
  const onJoin = () =>
    join.mutate(channel.id, {
      onSuccess: (joined) => notify.success('Joined', `You joined #${joined.name}.`),
      onError: (err) => notify.error(errorMessage(err, 'Could not join the channel. Please try again.')),
    });
  return (
    <div className={styles.bar} role="region" aria-label="Channel preview" data-testid="join-bar">
      <p className={styles.barText}>
        <Eye size={16} aria-hidden />
        <span>
          You are previewing <strong>#{channel.name}</strong>.
        </span>
      </p>
      <Button size="sm" onClick={onJoin} loading={join.isPending}>
        {JOIN_LABEL}
      </Button>
    </div>
  );
};

export const ArchivedBar = ({ channel, canUnarchive }: { channel: Channel; canUnarchive: boolean }) => {
  const archive = useArchiveChannel();
  const onUnarchive = () =>
    archive.mutate(
      { channelId: channel.id, archive: false },
      {
        onSuccess: (c) => notify.success('Channel unarchived', `#${c.name} is open for posting again.`),
        onError: (err) => notify.error(errorMessage(err, 'Could not unarchive the channel. Please try again.')),
      },
    );
  return (
    <div className={styles.bar} role="status" data-testid="archived-bar">
      <p className={styles.barText}>
        <Archive size={16} aria-hidden />
        <span>
          <strong>{ARCHIVED_TEXT}</strong> {ARCHIVED_HINT}
        </span>
      </p>
      {canUnarchive ? (
        <Button size="sm" variant="outline" onClick={onUnarchive} loading={archive.isPending}>
          Unarchive
        </Button>
      ) : null}
    </div>
  );
};
