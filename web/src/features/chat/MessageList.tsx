// The channel's messages: newest page first, older pages on scroll up, pinned to the bottom as new ones arrive.
import type { Message, PublicUser } from '@teamchat/contracts';
import { useInfiniteQuery } from '@tanstack/react-query';
import { Fragment, useEffect, useLayoutEffect, useMemo, useRef } from 'react';
import { messagePagesQuery } from './api.js';
import { asMessage, type OutgoingMessage } from './live-store.js';
import { flattenPages } from './message-cache.js';
import { MessageRow } from './MessageRow.js';
import { realtime } from './realtime.js';

export const EMPTY_CHANNEL_TEXT = 'No messages yet. Start the conversation.';

/** Within this distance of the bottom the list counts as pinned and follows new messages. */
const PIN_THRESHOLD_PX = 80;
const LOAD_OLDER_THRESHOLD_PX = 120;

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
}: {
  channelId: string;
  usersById: ReadonlyMap<string, PublicUser>;
  currentUserId: string | undefined;
  outgoing: readonly OutgoingMessage[];
  onRetry: (clientMsgId: string) => void;
  onDiscard: (clientMsgId: string) => void;
}) => {
  const query = useInfiniteQuery(messagePagesQuery(channelId));
  const stored = useMemo(() => flattenPages(query.data), [query.data]);
  const storedClientIds = useMemo(() => new Set(stored.map((m) => m.clientMsgId).filter(Boolean)), [stored]);
  const pending = outgoing.filter((o) => !storedClientIds.has(o.clientMsgId));
  const messages: { message: Message; delivery?: OutgoingMessage['status']; deliveryError?: string }[] = [
    ...stored.map((message) => ({ message })),
    ...pending.map((o) => ({ message: asMessage(o), delivery: o.status, deliveryError: o.error })),
  ];

  const scroller = useRef<HTMLDivElement>(null);
  const pinned = useRef(true);
  /** Distance from the bottom before older messages were prepended, to keep the reader's place. */
  const anchorFromBottom = useRef<number | null>(null);
  const newest = stored[stored.length - 1];
  const oldestId = stored[0]?.id;
  const lastKey = messages[messages.length - 1]?.message.id;

  useEffect(() => {
    if (newest) realtime.noteSeen(newest.createdAt);
  }, [newest]);

  // A new channel starts at its latest message.
  useLayoutEffect(() => {
    pinned.current = true;
    anchorFromBottom.current = null;
  }, [channelId]);

  useLayoutEffect(() => {
    const el = scroller.current;
    if (!el) return;
    if (anchorFromBottom.current !== null) {
      el.scrollTop = el.scrollHeight - anchorFromBottom.current;
      anchorFromBottom.current = null;
    }
  }, [oldestId]);

  useLayoutEffect(() => {
    const el = scroller.current;
    if (!el) return;
    const mine = messages[messages.length - 1]?.message.userId === currentUserId;
    if (pinned.current || mine) el.scrollTop = el.scrollHeight;
  }, [lastKey, query.isSuccess]);

  // Images change the height after layout; keep following the bottom while pinned.
  const onImageLoad = () => {
    const el = scroller.current;
    if (el && pinned.current) el.scrollTop = el.scrollHeight;
  };

  const onScroll = () => {
    const el = scroller.current;
    if (!el) return;
    pinned.current = el.scrollHeight - el.scrollTop - el.clientHeight < PIN_THRESHOLD_PX;
    if (el.scrollTop < LOAD_OLDER_THRESHOLD_PX && query.hasNextPage && !query.isFetchingNextPage) {
      anchorFromBottom.current = el.scrollHeight - el.scrollTop;
      void query.fetchNextPage();
    }
  };

  let body;
  if (query.isPending) body = <p className="tc-list-note">LOADING MESSAGES...</p>;
  else if (query.isError) body = <p className="tc-list-note tc-list-note--error">Failed to load messages.</p>;
  else if (messages.length === 0) body = <p className="tc-list-note">{EMPTY_CHANNEL_TEXT}</p>;
  else {
    body = (
      <ol className="tc-messages" aria-label="Messages">
        {query.isFetchingNextPage ? <li className="tc-list-note">Loading older messages…</li> : null}
        {!query.hasNextPage && stored.length > 0 ? (
          <li className="tc-list-note tc-list-note--start">Start of the channel</li>
        ) : null}
        {messages.map(({ message, delivery, deliveryError }, i) => {
          const prev = messages[i - 1]?.message;
          const newDay =
            !prev || new Date(prev.createdAt).toDateString() !== new Date(message.createdAt).toDateString();
          return (
            <Fragment key={message.clientMsgId && delivery ? `pending:${message.clientMsgId}` : message.id}>
              {newDay ? (
                <li className="tc-day-divider" role="separator">
                  <span>{dayLabel(message.createdAt)}</span>
                </li>
              ) : null}
              <MessageRow
                message={message}
                author={usersById.get(message.userId)}
                delivery={delivery}
                deliveryError={deliveryError}
                onRetry={message.clientMsgId ? () => onRetry(message.clientMsgId!) : undefined}
                onDiscard={message.clientMsgId ? () => onDiscard(message.clientMsgId!) : undefined}
                onImageLoad={onImageLoad}
              />
            </Fragment>
          );
        })}
      </ol>
    );
  }

  return (
    <div className="tc-message-scroller" ref={scroller} onScroll={onScroll} data-testid="message-list">
      {body}
    </div>
  );
};
