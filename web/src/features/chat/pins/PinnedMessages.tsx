// The channel header's pin button: how many messages are pinned, and a list of them; one clicked opens the channel at
// that message (highlighted, older pages loaded as needed). Each pin's text is rendered as Markdown, as in the channel.
import type { Message, PublicUser } from '@teamchat/contracts';
import * as Popover from '@radix-ui/react-popover';
import { useQuery } from '@tanstack/react-query';
import { Pin, PinOff } from 'lucide-react';
import { useId, useMemo, useState } from 'react';
import { usePeople } from '../../../api/directory.js';
import { useNavigate } from 'react-router-dom';
import { errorMessage } from '../../../lib/request.js';
import { notify } from '../../../lib/toast.js';
import { ROUTES } from '../../../routes.js';
import { displayName, useNamePrefs } from '../../../lib/display-name.js';
import { formatTime } from '../format.js';
import { MarkdownContent } from '../markdown.js';
import { pinsQuery, usePinToggle } from './pins-api.js';
import messageRowStyles from '../MessageRow.module.css';
import badgeStyles from '../../../components/ui/badge.module.css';
import styles from './PinnedMessages.module.css';

const EXCERPT_MAX = 160;

/** A line of plain text for a pinned message: its content (shortened), else what it carries. */
export const pinExcerpt = (message: Message): string => {
  const text = (message.content ?? '').replace(/\s+/g, ' ').trim();
  if (text) return text.length > EXCERPT_MAX ? `${text.slice(0, EXCERPT_MAX - 1)}…` : text;
  if (message.file) return message.file.name;
  return message.imageUrl ? 'Image' : '';
};

const PinnedItem = ({
  message,
  author,
  onOpen,
  onUnpin,
}: {
  message: Message;
  author: PublicUser | undefined;
  onOpen: () => void;
  onUnpin: () => void;
}) => {
  const name = displayName(author, useNamePrefs(), message.username);
  const text = (message.content ?? '').trim();
  const id = useId();
  return (
    <li className={styles.item}>
      <div className={styles.body}>
        {/* named by what it shows: who, when, and the text rendered below it */}
        <button
          type="button"
          className={styles.open}
          onClick={onOpen}
          aria-labelledby={text ? `${id}-meta ${id}-text` : undefined}
        >
          <span className={styles.meta} id={`${id}-meta`}>
            <span className={styles.author}>{name}</span>
            <time className={styles.time} dateTime={message.createdAt}>
              {new Date(message.createdAt).toLocaleDateString()} {formatTime(message.createdAt).slice(0, 5)}
            </time>
          </span>
          {text ? null : <span className={styles.excerpt}>{pinExcerpt(message)}</span>}
        </button>
        {text ? (
          <div className={styles.excerpt} id={`${id}-text`} data-testid="pinned-text">
            <MarkdownContent content={text} />
          </div>
        ) : null}
      </div>
      <button
        type="button"
        className={`${messageRowStyles.action} ${styles.unpin}`}
        aria-label={`Unpin message from ${name}`}
        title="Unpin"
        onClick={onUnpin}
      >
        <PinOff size={14} aria-hidden="true" />
      </button>
    </li>
  );
};

export const PinnedMessages = ({ channelId, users }: { channelId: string; users: readonly PublicUser[] }) => {
  const pins = useQuery(pinsQuery(channelId));
  const authors = useMemo(() => (pins.data ?? []).map((m) => m.userId), [pins.data]);
  const people = usePeople(authors, users);
  const toggle = usePinToggle();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const count = pins.data?.length ?? 0;
  // the visible count first, so the accessible name contains what is shown
  const label = `${count} pinned ${count === 1 ? 'message' : 'messages'}`;
  return (
    <Popover.Root open={open} onOpenChange={setOpen}>
      <Popover.Trigger asChild>
        <button
          type="button"
          className={`${badgeStyles.label} ${styles.button}`}
          aria-label={label}
          title="Pinned messages"
        >
          <Pin size={12} aria-hidden="true" /> {count}
        </button>
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          className={styles.pins}
          side="bottom"
          align="start"
          sideOffset={6}
          collisionPadding={12}
          aria-label="Pinned messages"
        >
          <h2 className={styles.title}>
            <Pin size={14} aria-hidden="true" /> Pinned messages
          </h2>
          {pins.isError ? (
            <p className={`${styles.note} ${styles.noteError}`}>Could not load the pinned messages.</p>
          ) : pins.isPending ? (
            <p className={styles.note}>Loading…</p>
          ) : count === 0 ? (
            <p className={styles.note}>No pinned messages yet. Pin one from a message’s actions.</p>
          ) : (
            <ol className={styles.list}>
              {pins.data.map((message) => (
                <PinnedItem
                  key={message.id}
                  message={message}
                  author={people.get(message.userId)}
                  onOpen={() => {
                    setOpen(false);
                    void navigate(ROUTES.channelAt(message.channelId, message.id));
                  }}
                  onUnpin={() =>
                    void toggle(message, false).catch((err: unknown) =>
                      notify.error(errorMessage(err, 'Could not unpin the message')),
                    )
                  }
                />
              ))}
            </ol>
          )}
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
};
