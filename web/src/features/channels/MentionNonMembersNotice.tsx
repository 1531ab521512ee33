// Above the composer after a message @-mentioned people who are not in the channel: offer to add them (in a private
// channel, say first that they were not notified).
import type { Channel, PublicUser } from '@teamchat/contracts';
import { UserPlus } from 'lucide-react';
import { useMemo } from 'react';
import { usePeople } from '../../api/directory.js';
import { useAddChannelMembers } from '../../api/channels.js';
import { Button } from '../../components/ui/Button.js';
import { errorMessage } from '../../lib/request.js';
import { notify } from '../../lib/toast.js';
import { mentionNotices, useMentionNotice } from './mention-notice-store.js';
import styles from './channels.module.css';

const names = (ids: readonly string[], users: readonly PublicUser[]): string => {
  const list = ids.map((id) => `@${users.find((u) => u.id === id)?.username ?? 'Unknown'}`);
  return list.length <= 1 ? (list[0] ?? '') : `${list.slice(0, -1).join(', ')} and ${list[list.length - 1]}`;
};

/** "@pat is not in #general." or, in a private channel, "… and was not notified." */
export const mentionNoticeText = (
  ids: readonly string[],
  users: readonly PublicUser[],
  channelName: string,
  notified: boolean,
): string => {
  const one = ids.length === 1;
  const who = names(ids, users);
  return notified
    ? `${who} ${one ? 'is' : 'are'} not in #${channelName}.`
    : `${who} ${one ? 'is' : 'are'} not in #${channelName} and ${one ? 'was' : 'were'} not notified.`;
};

const NOBODY: readonly string[] = [];

export const MentionNonMembersNotice = ({ channel, users }: { channel: Channel; users: readonly PublicUser[] }) => {
  const notice = useMentionNotice(channel.id);
  // the people named, from the list held or else looked up by id
  const named = usePeople(notice?.userIds ?? NOBODY, users);
  const people = useMemo(() => [...named.values()], [named]);
  const add = useAddChannelMembers();
  if (!notice) return null;
  const onAdd = () =>
    add.mutate(
      { channelId: channel.id, userIds: [...notice.userIds] },
      {
        onSuccess: () => {
          mentionNotices.clear(channel.id);
          notify.success('Members added', `${names(notice.userIds, people)} can now read #${channel.name}.`);
        },
        onError: (err) => notify.error(errorMessage(err, 'Could not add them. Please try again.')),
      },
    );
  return (
    <div className={styles.mentionNotice} role="status" data-testid="mention-not-members">
      <p className={styles.mentionText}>
        {mentionNoticeText(notice.userIds, people, channel.name, notice.notified)} Add them to the channel?
      </p>
      <div className={styles.mentionActions}>
        <Button size="sm" onClick={onAdd} loading={add.isPending}>
          <UserPlus size={14} aria-hidden /> Add to channel
        </Button>
        <Button size="sm" variant="ghost" onClick={() => mentionNotices.clear(channel.id)}>
          Dismiss
        </Button>
      </div>
    </div>
  );
};
