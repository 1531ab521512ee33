// One message: avatar, display name with the username, [agentId], HH:MM:SS, content as safe Markdown (markdown.tsx), optional image.
import type { Message, PublicUser } from '@teamchat/contracts';
import { AlertCircle, RotateCcw, Trash2 } from 'lucide-react';
import { memo, type MouseEvent } from 'react';
import { displayName, secondaryName, useNamePrefs } from '../../lib/display-name.js';
import { formatTime } from './format.js';
import { MessageText } from './EditMessage.js';
import { FileCard } from './files/FileCard.js';
import { openImageViewer, VIEWER_IMAGE_ATTR } from './files/image-viewer-store.js';
import { MessageActions } from './MessageActions.js';
import { PinnedMarker } from './pins/PinnedMarker.js';
import { ReactionBar } from './reactions/ReactionBar.js';
import { ThreadSummary } from './threads/ThreadSummary.js';
import { UserHoverCard } from './UserHoverCard.js';
import { Avatar } from './ui.js';
import buttonStyles from '../../components/ui/Button.module.css';
import styles from './MessageRow.module.css';

export interface MessageRowProps {
  message: Message;
  author: PublicUser | undefined;
  /** Set for a message this tab is still sending or failed to send. */
  delivery?: 'sending' | 'failed';
  /** The server's reason for refusing it, shown with "Not sent." */
  deliveryError?: string;
  onRetry?: () => void;
  onDiscard?: () => void;
  onImageLoad?: () => void;
  /** The message a search result opened: marked for a few seconds. */
  highlighted?: boolean;
  /** Follows a message of the same author within minutes: no avatar or name, the time shown on hover. */
  grouped?: boolean;
}

/** A plain click opens the in-app viewer; Ctrl/⌘/Shift-click or a middle click still opens a tab, as links do. */
const openInViewer = (event: MouseEvent<HTMLAnchorElement>) => {
  if (event.button !== 0 || event.ctrlKey || event.metaKey || event.shiftKey || event.altKey) return;
  event.preventDefault();
  openImageViewer(event.currentTarget);
};

export const MessageRow = memo(
  ({
    message,
    author,
    delivery,
    deliveryError,
    onRetry,
    onDiscard,
    onImageLoad,
    highlighted,
    grouped,
  }: MessageRowProps) => {
    const prefs = useNamePrefs();
    const username = displayName(author, prefs, message.username);
    const handleLine = secondaryName(author, prefs);
    const agentId = message.agentId ?? author?.agentId;
    const classes = [styles.message, delivery ? styles[delivery] : '', highlighted ? styles.opened : ''];
    if (grouped) classes.push(styles.grouped);
    return (
      <li
        className={classes.filter(Boolean).join(' ')}
        data-testid="message-row"
        data-message-id={message.id}
        aria-current={highlighted ? 'true' : undefined}
      >
        {grouped ? (
          <time className={styles.gutterTime} dateTime={message.createdAt}>
            {formatTime(message.createdAt).slice(0, 5)}
          </time>
        ) : (
          <UserHoverCard user={author} fallbackName={username}>
            <button type="button" className={styles.avatar}>
              <Avatar name={username} src={author?.profileImageUrl} size={36} />
              <span className="visually-hidden">About {username}</span>
            </button>
          </UserHoverCard>
        )}
        <div className={styles.body}>
          {delivery ? null : <PinnedMarker message={message} />}
          {grouped && !delivery ? (
            <span className="visually-hidden">{username}</span>
          ) : (
            <div className={styles.meta}>
              <UserHoverCard user={author} fallbackName={username}>
                <button type="button" className={styles.username}>
                  {username}
                </button>
              </UserHoverCard>
              {handleLine ? <span className={styles.secondaryName}>{handleLine}</span> : null}
              {agentId ? <span className={styles.agent}>[{agentId}]</span> : null}
              <time className={styles.time} dateTime={message.createdAt}>
                {formatTime(message.createdAt)}
              </time>
              {delivery === 'sending' ? <span className={styles.status}>sending…</span> : null}
            </div>
          )}
          <MessageText message={message} editable={!delivery} />
          {delivery ? null : <ThreadSummary message={message} />}
          {delivery ? null : <MessageActions message={message} />}
          {message.imageUrl ? (
            <a
              href={message.imageUrl}
              target="_blank"
              rel="noreferrer"
              className={styles.imageLink}
              {...{ [VIEWER_IMAGE_ATTR]: message.imageUrl }}
              data-viewer-caption={`${username} · ${formatTime(message.createdAt)}`}
              onClick={openInViewer}
            >
              <img
                className={styles.image}
                src={message.imageUrl}
                alt="Attached image"
                loading="lazy"
                onLoad={onImageLoad}
              />
            </a>
          ) : null}
          {message.file ? <FileCard file={message.file} /> : null}
          {delivery ? null : <ReactionBar message={message} />}
          {delivery === 'failed' ? (
            <div className={styles.failed} role="alert">
              <AlertCircle size={14} aria-hidden="true" /> Not sent.
              {deliveryError ? <span>{deliveryError}</span> : null}
              <button type="button" className={buttonStyles.inlineLink} onClick={onRetry}>
                <RotateCcw size={12} aria-hidden="true" /> Retry
              </button>
              <button type="button" className={buttonStyles.inlineLink} onClick={onDiscard}>
                <Trash2 size={12} aria-hidden="true" /> Discard
              </button>
            </div>
          ) : null}
        </div>
      </li>
    );
  },
);
MessageRow.displayName = 'MessageRow';
