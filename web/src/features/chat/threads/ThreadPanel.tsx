// The thread panel beside the channel (in place of the widget panel while open): the root, its replies oldest first,
// and a composer of its own with "Also send to channel". Esc or the close button closes it.
import type { PublicUser } from '@teamchat/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { X } from 'lucide-react';
import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { usePeople } from '../../../api/directory.js';
import { errorStatus } from '../../../lib/request.js';
import { Composer } from '../Composer.js';
import { typingText, useTypingUsernames } from '../live-store.js';
import { groupsWith } from '../MessageList.js';
import { MessageRow } from '../MessageRow.js';
import { IconButton } from '../ui.js';
import { markThreadRead, threadQuery } from './api.js';
import { InThreadContext } from './thread-context.js';
import { setThreadUnread } from './thread-cache.js';
import { closeThread } from './thread-store.js';
import { replyCountText } from './ThreadSummary.js';
import { pendingAsMessage, useSendReply } from './use-send-reply.js';
import noteStyles from '../../../components/ui/note.module.css';
import messageListStyles from '../MessageList.module.css';
import panelStyles from '../panel.module.css';
import channelScreenStyles from '../ChannelScreen.module.css';
import styles from './ThreadPanel.module.css';

export const THREAD_GONE_TEXT = 'This thread is no longer available.';

export interface ThreadPanelProps {
  rootId: string;
  channelId: string;
  user: { id: string; username: string };
  users: readonly PublicUser[];
  /** Set when the user may not post (a read-only workspace). */
  disabledReason?: string | null;
}

/** Esc closes the panel unless something inside handled it first (a mention picker) or a dialog is open. */
const useEscapeCloses = () => {
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || event.defaultPrevented) return;
      if (document.querySelector('[role="dialog"], [role="alertdialog"], [role="menu"]')) return;
      closeThread();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);
};

export const ThreadPanel = ({ rootId, channelId, user, users, disabledReason = null }: ThreadPanelProps) => {
  const qc = useQueryClient();
  const thread = useQuery(threadQuery(rootId));
  const [alsoInChannel, setAlsoInChannel] = useState(false);
  const { pending, send, retry, discard } = useSendReply(channelId, rootId);
  const named = useMemo(
    () => [user.id, ...(thread.data ? [thread.data.root.userId, ...thread.data.replies.map((r) => r.userId)] : [])],
    [user.id, thread.data],
  );
  const usersById = usePeople(named, users);
  const scroller = useRef<HTMLDivElement>(null);
  // who is typing in this thread's composer (typing in the channel shows under the channel's list instead)
  const typists = useTypingUsernames(channelId, rootId);
  useEscapeCloses();

  // opening the thread reads it
  useEffect(() => {
    setThreadUnread(qc, rootId, 0);
    markThreadRead(rootId).catch((err: unknown) => {
      if (errorStatus(err) !== 404) console.warn('thread read failed', err);
    });
  }, [qc, rootId]);

  const replies = thread.data?.replies ?? [];
  const storedClientIds = new Set(replies.map((r) => r.clientMsgId).filter(Boolean));
  const waiting = pending.filter((p) => !storedClientIds.has(p.clientMsgId));
  const lastKey = `${replies[replies.length - 1]?.id}:${waiting.length}`;

  // the newest reply stays in view
  useLayoutEffect(() => {
    const el = scroller.current;
    if (el) el.scrollTop = el.scrollHeight;
  }, [lastKey, thread.isSuccess]);

  let body;
  if (thread.isPending) body = <p className={noteStyles.note}>LOADING THREAD...</p>;
  else if (thread.isError || !thread.data)
    body = (
      <p className={`${noteStyles.note} ${noteStyles.error}`}>
        {errorStatus(thread.error) === 404 ? THREAD_GONE_TEXT : 'Failed to load the thread.'}
      </p>
    );
  else {
    const { root } = thread.data;
    body = (
      <ol className={messageListStyles.messages} aria-label="Thread messages">
        <MessageRow message={root} author={usersById.get(root.userId)} />
        <li className={styles.divider} data-testid="thread-divider">
          <span>{replies.length === 0 ? 'No replies yet' : replyCountText(replies.length)}</span>
        </li>
        {replies.map((reply, i) => (
          <MessageRow
            key={reply.id}
            message={reply}
            author={usersById.get(reply.userId)}
            grouped={groupsWith(replies[i - 1], reply)}
          />
        ))}
        {waiting.map((p) => (
          <MessageRow
            key={`pending:${p.clientMsgId}`}
            message={pendingAsMessage(p, { channelId, rootId }, user)}
            author={usersById.get(user.id)}
            delivery={p.status}
            deliveryError={p.error}
            onRetry={() => retry(p.clientMsgId)}
            onDiscard={() => discard(p.clientMsgId)}
          />
        ))}
      </ol>
    );
  }

  return (
    <aside className={`${panelStyles.panel} ${styles.thread}`} aria-label="Thread">
      <div className={panelStyles.head}>
        <h2 className={`${panelStyles.title} ${styles.title}`}>Thread</h2>
        <div className={panelStyles.actions}>
          <IconButton label="Close thread" onClick={closeThread}>
            <X size={16} />
          </IconButton>
        </div>
      </div>
      <InThreadContext.Provider value={true}>
        <div className={styles.body} ref={scroller} data-testid="thread-messages">
          {body}
        </div>
      </InThreadContext.Provider>
      {thread.isSuccess ? (
        <>
          <div className={channelScreenStyles.typing} aria-live="polite" data-testid="thread-typing-indicator">
            {typingText(typists)}
          </div>
          <div className={styles.composer}>
            <Composer
              channelId={channelId}
              threadId={rootId}
              user={user}
              disabledReason={disabledReason}
              onSend={(content, imageUrl, file) => {
                const sent = send(content, imageUrl, file ?? null, alsoInChannel);
                if (sent) setAlsoInChannel(false);
                return sent;
              }}
            />
            <label className={styles.also}>
              <input
                type="checkbox"
                checked={alsoInChannel}
                disabled={disabledReason !== null}
                onChange={(e) => setAlsoInChannel(e.target.checked)}
              />
              Also send to channel
            </label>
          </div>
        </>
      ) : null}
    </aside>
  );
};
