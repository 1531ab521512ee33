// Under a thread root: "3 replies", the last reply's time and up to three repliers' avatars, as a button opening the
// thread panel, with a badge of the replies the user has not read in a thread they follow. Under a reply also sent
// to the channel: a link to its thread.
import type { Message, MessageThreadSummary } from '@teamchat/contracts';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useUsersById } from '../../../api/directory.js';
import { formatTime } from '../format.js';
import { Avatar } from '../ui.js';
import { followedThreadsQuery } from './api.js';
import { useInThread } from './thread-context.js';
import { unreadOf } from './thread-cache.js';
import { openThread } from './thread-store.js';
import buttonStyles from '../../../components/ui/Button.module.css';
import styles from './ThreadSummary.module.css';

export const replyCountText = (count: number): string => (count === 1 ? '1 reply' : `${count} replies`);

/** "Last reply at 10:42" today, "Last reply on 3 Mar 2025" before. */
export const lastReplyText = (iso: string | null, now = new Date()): string => {
  if (!iso) return '';
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return '';
  if (at.toDateString() === now.toDateString()) return `Last reply at ${formatTime(iso).slice(0, 5)}`;
  return `Last reply on ${at.toLocaleDateString(undefined, { day: 'numeric', month: 'short', year: 'numeric' })}`;
};

const Summary = ({ message, thread }: { message: Message; thread: MessageThreadSummary }) => {
  const shown = useMemo(() => thread.replierIds.slice(0, 3), [thread.replierIds]);
  const byId = useUsersById(shown);
  const followed = useQuery(followedThreadsQuery()).data;
  const unread = unreadOf(followed, message.id);
  return (
    <button type="button" className={styles.summary} onClick={() => openThread(message)} data-testid="thread-summary">
      <span className={styles.avatars} aria-hidden="true">
        {shown.map((id) => (
          <Avatar key={id} name={byId.get(id)?.username ?? '?'} src={byId.get(id)?.profileImageUrl} size={20} />
        ))}
      </span>
      <span className={styles.count}>{replyCountText(thread.replyCount)}</span>
      <span className={styles.last}>{lastReplyText(thread.lastReplyAt)}</span>
      {unread > 0 ? (
        <span className={styles.unread} data-testid="thread-unread">
          {unread}
          <span className="visually-hidden"> unread</span>
        </span>
      ) : null}
    </button>
  );
};

/** What a message shows about its thread: the summary of a root, the link of a reply also sent to the channel. */
export const ThreadSummary = ({ message }: { message: Message }) => {
  const inThread = useInThread();
  if (message.threadId) {
    if (!message.alsoInChannel) return null;
    return inThread ? (
      <span className={styles.note}>Also sent to the channel</span>
    ) : (
      <button type="button" className={`${styles.note} ${buttonStyles.inlineLink}`} onClick={() => openThread(message)}>
        replied to a thread
      </button>
    );
  }
  if (inThread || !message.thread || message.thread.replyCount === 0) return null;
  return <Summary message={message} thread={message.thread} />;
};
