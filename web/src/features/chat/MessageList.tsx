// The channel's messages: newest page first, older pages on scroll up, pinned to the bottom as new ones arrive; or
// opened at one message (a search result), centred and highlighted, with newer pages on scroll down.
import type { Message, PublicUser } from '@teamchat/contracts';
import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { ArrowDown } from 'lucide-react';
import { Fragment, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { chatKeys, messagePagesQuery, messagesAroundQuery } from './api.js';
import { asMessage, type OutgoingMessage } from './live-store.js';
import { asLatestPages, flattenPages, unreadAtOpening, type MessagePages } from './message-cache.js';
import { MessageRow } from './MessageRow.js';
import { isSystemMessage, SystemMessageRow } from './SystemMessageRow.js';
import { realtime } from './realtime.js';
import { usePeople } from '../../api/directory.js';
import noteStyles from '../../components/ui/note.module.css';
import styles from './MessageList.module.css';

export const EMPTY_CHANNEL_TEXT = 'No messages yet. Start the conversation.';

/** Within this distance of the bottom the list counts as pinned and follows new messages. */
const PIN_THRESHOLD_PX = 80;
const LOAD_OLDER_THRESHOLD_PX = 120;
const LOAD_NEWER_THRESHOLD_PX = 120;

/** How far the list's bottom is below what is on screen, in pixels. */
const distanceFromBottom = (el: HTMLElement) => el.scrollHeight - el.scrollTop - el.clientHeight;
/** How long a message opened from a search stays highlighted (its CSS fade lasts as long). */
export const JUMP_HIGHLIGHT_MS = 4000;

/** A request to open the list at a message; a new object asks again, even for the same message. */
export interface MessageJump {
  messageId: string;
}

/** Consecutive messages of one author this close together read as one block (the later ones without avatar and name). */
export const GROUP_WINDOW_MS = 5 * 60_000;

export const groupsWith = (prev: Message | undefined, message: Message): boolean =>
  prev !== undefined &&
  !isSystemMessage(prev) &&
  !isSystemMessage(message) &&
  prev.userId === message.userId &&
  new Date(message.createdAt).getTime() - new Date(prev.createdAt).getTime() < GROUP_WINDOW_MS;

const dayLabel = (iso: string): string => {
  const date = new Date(iso);
  const today = new Date();
  const yesterday = new Date();
  yesterday.setDate(today.getDate() - 1);
  if (date.toDateString() === today.toDateString()) return 'Today';
  if (date.toDateString() === yesterday.toDateString()) return 'Yesterday';
  return date.toLocaleDateString(undefined, { weekday: 'short', year: 'numeric', month: 'short', day: 'numeric' });
};

export const MessageList = ({
  channelId,
  usersById,
  currentUserId,
  outgoing,
  onRetry,
  onDiscard,
  jump,
}: {
  channelId: string;
  usersById: ReadonlyMap<string, PublicUser>;
  currentUserId: string | undefined;
  outgoing: readonly OutgoingMessage[];
  onRetry: (clientMsgId: string) => void;
  onDiscard: (clientMsgId: string) => void;
  /** Open the list at this message instead of at the newest. */
  jump?: MessageJump | null;
}) => {
  const qc = useQueryClient();
  /** The message whose surroundings are shown instead of the newest pages, until those pages reach the newest. */
  const [openedAt, setOpenedAt] = useState<string | null>(jump?.messageId ?? null);
  const latest = useInfiniteQuery({ ...messagePagesQuery(channelId), enabled: !openedAt });
  const around = useInfiniteQuery({ ...messagesAroundQuery(channelId, openedAt ?? ''), enabled: !!openedAt });
  const query = openedAt ? around : latest;
  const stored = useMemo(() => flattenPages(query.data), [query.data]);
  const named = useMemo(
    () => stored.flatMap((m) => [m.userId, ...(m.system ? [m.system.actorId, ...(m.system.userIds ?? [])] : [])]),
    [stored],
  );
  const people = usePeople(
    named,
    useMemo(() => [...usersById.values()], [usersById]),
  );
  const storedClientIds = useMemo(() => new Set(stored.map((m) => m.clientMsgId).filter(Boolean)), [stored]);
  const pending = outgoing.filter((o) => !storedClientIds.has(o.clientMsgId));
  const messages: { message: Message; delivery?: OutgoingMessage['status']; deliveryError?: string }[] = [
    ...stored.map((message) => ({ message })),
    ...pending.map((o) => ({ message: asMessage(o), delivery: o.status, deliveryError: o.error })),
  ];
  /** The first message that was unread when the channel was opened (fixed once the first page is in). */
  const [unreadCount] = useState(() => unreadAtOpening(qc, channelId));
  const firstUnread = useRef<string | null | undefined>(undefined);
  if (firstUnread.current === undefined && query.isSuccess && !openedAt) {
    const others = stored.filter((m) => m.userId !== currentUserId);
    firstUnread.current = unreadCount > 0 ? (others[Math.max(0, others.length - unreadCount)]?.id ?? null) : null;
  }
  /** Newer messages exist than the ones shown, so nothing follows the bottom yet. */
  const behindLatest = !!openedAt && (around.isPending || around.hasPreviousPage);

  const scroller = useRef<HTMLDivElement>(null);
  const pinned = useRef(!jump);
  /** Distance from the bottom before older messages were prepended, to keep the reader's place. */
  const anchorFromBottom = useRef<number | null>(null);
  /** The message to centre once it is on screen. */
  const centreOn = useRef<string | null>(jump?.messageId ?? null);
  const [highlighted, setHighlighted] = useState<string | null>(null);
  const newest = stored[stored.length - 1];
  const oldestId = stored[0]?.id;
  const lastKey = messages[messages.length - 1]?.message.id;

  useEffect(() => {
    if (newest) realtime.noteSeen(newest.createdAt);
  }, [newest]);

  // A new channel starts at its latest message, unless it was opened at one.
  useLayoutEffect(() => {
    pinned.current = !centreOn.current;
    anchorFromBottom.current = null;
  }, [channelId]);

  // Asked to open at a message: one already on screen is only centred, any other loads with its surroundings.
  const storedRef = useRef(stored);
  storedRef.current = stored;
  useLayoutEffect(() => {
    if (!jump) return;
    pinned.current = false;
    centreOn.current = jump.messageId;
    if (!storedRef.current.some((m) => m.id === jump.messageId)) setOpenedAt(jump.messageId);
  }, [jump]);

  // A message that cannot be opened (deleted, or a link from elsewhere) leaves the list at the newest.
  useEffect(() => {
    if (openedAt && around.isError) {
      centreOn.current = null;
      pinned.current = true;
      setOpenedAt(null);
    }
  }, [openedAt, around.isError]);

  // Sending from an older stretch of the channel goes back to the newest, where the message will show.
  const lastOutgoing = outgoing[outgoing.length - 1]?.clientMsgId;
  const seenOutgoing = useRef(lastOutgoing);
  useEffect(() => {
    if (lastOutgoing === seenOutgoing.current) return;
    seenOutgoing.current = lastOutgoing;
    if (lastOutgoing && behindLatest) {
      pinned.current = true;
      setOpenedAt(null);
    }
  }, [lastOutgoing, behindLatest]);

  // Once the opened pages reach the newest they become the channel's ordinary pages, which live messages join.
  useEffect(() => {
    if (!openedAt || !around.data || around.hasPreviousPage || around.isFetching) return;
    const opened = around.data as MessagePages;
    qc.setQueryData<MessagePages>(chatKeys.messagePages(channelId), (current) => asLatestPages(opened, current));
    setOpenedAt(null);
  }, [qc, channelId, openedAt, around.data, around.hasPreviousPage, around.isFetching]);

  useLayoutEffect(() => {
    const el = scroller.current;
    if (!el) return;
    if (anchorFromBottom.current !== null) {
      el.scrollTop = el.scrollHeight - anchorFromBottom.current;
      anchorFromBottom.current = null;
    }
  }, [oldestId]);

  // Reaching the newest messages at the bottom of the list pins it: the scroll that got there was still behind the
  // newest, so it left the list unpinned, and without another scroll a live message would arrive below the fold.
  useLayoutEffect(() => {
    const el = scroller.current;
    if (!el || behindLatest || centreOn.current) return;
    if (distanceFromBottom(el) < PIN_THRESHOLD_PX) pinned.current = true;
  }, [behindLatest]);

  useLayoutEffect(() => {
    const el = scroller.current;
    if (!el || centreOn.current) return;
    const mine = !behindLatest && messages[messages.length - 1]?.message.userId === currentUserId;
    if (pinned.current || mine) el.scrollTop = el.scrollHeight;
  }, [lastKey, query.isSuccess]);

  // Centre the opened message as soon as its row is rendered, and highlight it for a while.
  useLayoutEffect(() => {
    const el = scroller.current;
    const id = centreOn.current;
    if (!el || !id) return;
    const row = [...el.querySelectorAll<HTMLElement>('[data-message-id]')].find((r) => r.dataset.messageId === id);
    if (!row) return;
    centreOn.current = null;
    const offset = row.getBoundingClientRect().top - el.getBoundingClientRect().top;
    el.scrollTop += offset - (el.clientHeight - row.offsetHeight) / 2;
    setHighlighted(id);
  });

  useEffect(() => {
    if (!highlighted) return;
    const timer = setTimeout(() => setHighlighted(null), JUMP_HIGHLIGHT_MS);
    return () => clearTimeout(timer);
  }, [highlighted, jump]);

  // The list gets shorter when the composer grows (an attachment's preview, a longer draft, the formatting bar) or the
  // window does: a reader at the newest message stays there instead of having it slide under the composer.
  useEffect(() => {
    const el = scroller.current;
    if (!el) return;
    let height = el.clientHeight;
    const observer = new ResizeObserver(() => {
      if (el.clientHeight !== height && pinned.current && !centreOn.current) el.scrollTop = el.scrollHeight;
      height = el.clientHeight;
    });
    observer.observe(el);
    return () => observer.disconnect();
  }, []);

  // Images change the height after layout; keep following the bottom while pinned.
  const onImageLoad = () => {
    const el = scroller.current;
    if (el && pinned.current) el.scrollTop = el.scrollHeight;
  };

  const onScroll = () => {
    const el = scroller.current;
    if (!el) return;
    const fromBottom = distanceFromBottom(el);
    pinned.current = !behindLatest && fromBottom < PIN_THRESHOLD_PX;
    // one page at a time: starting a second fetch of the same pages would cancel the first
    if (query.isFetching) return;
    if (el.scrollTop < LOAD_OLDER_THRESHOLD_PX && query.hasNextPage) {
      anchorFromBottom.current = el.scrollHeight - el.scrollTop;
      void query.fetchNextPage();
    } else if (fromBottom < LOAD_NEWER_THRESHOLD_PX && query.hasPreviousPage) {
      // newer pages go below what is on screen, so the reader's place holds by itself
      void query.fetchPreviousPage();
    }
  };

  const jumpToLatest = () => {
    centreOn.current = null;
    pinned.current = true;
    setOpenedAt(null);
  };

  let body;
  if (query.isPending) body = <p className={noteStyles.note}>LOADING MESSAGES...</p>;
  else if (query.isError) body = <p className={`${noteStyles.note} ${noteStyles.error}`}>Failed to load messages.</p>;
  else if (messages.length === 0) body = <p className={noteStyles.note}>{EMPTY_CHANNEL_TEXT}</p>;
  else {
    body = (
      <ol className={styles.messages} aria-label="Messages">
        {query.isFetchingNextPage ? <li className={noteStyles.note}>Loading older messages…</li> : null}
        {!query.hasNextPage && stored.length > 0 ? (
          <li className={`${noteStyles.note} ${noteStyles.start}`}>Start of the channel</li>
        ) : null}
        {messages.map(({ message, delivery, deliveryError }, i) => {
          const prev = messages[i - 1]?.message;
          const newDay =
            !prev || new Date(prev.createdAt).toDateString() !== new Date(message.createdAt).toDateString();
          return (
            <Fragment key={message.clientMsgId && delivery ? `pending:${message.clientMsgId}` : message.id}>
              {newDay ? (
                <li className={styles.dayDivider}>
                  <span>{dayLabel(message.createdAt)}</span>
                </li>
              ) : null}
              {message.id === firstUnread.current ? (
                <li className={styles.newMessages} data-testid="new-messages">
                  <span>New messages</span>
                </li>
              ) : null}
              {isSystemMessage(message) ? (
                <SystemMessageRow message={message} usersById={people} highlighted={message.id === highlighted} />
              ) : (
                <MessageRow
                  message={message}
                  author={people.get(message.userId)}
                  delivery={delivery}
                  deliveryError={deliveryError}
                  highlighted={message.id === highlighted}
                  grouped={!newDay && groupsWith(prev, message)}
                  onRetry={message.clientMsgId ? () => onRetry(message.clientMsgId!) : undefined}
                  onDiscard={message.clientMsgId ? () => onDiscard(message.clientMsgId!) : undefined}
                  onImageLoad={onImageLoad}
                />
              )}
            </Fragment>
          );
        })}
        {query.isFetchingPreviousPage ? <li className={noteStyles.note}>Loading newer messages…</li> : null}
      </ol>
    );
  }

  return (
    <div className={styles.scroller} ref={scroller} onScroll={onScroll} data-testid="message-list">
      {body}
      {behindLatest && query.isSuccess ? (
        <button type="button" className={styles.jumpLatest} onClick={jumpToLatest}>
          <ArrowDown size={14} aria-hidden="true" /> Jump to latest
        </button>
      ) : null}
    </div>
  );
};
