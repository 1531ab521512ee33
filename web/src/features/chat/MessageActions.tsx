// The actions a stored message offers on hover or focus: one toolbar, each action its own small component.
import type { Message } from '@teamchat/contracts';
import { Check, Link2 } from 'lucide-react';
import { useState } from 'react';
import { notify } from '../../lib/toast.js';
import { ROUTES } from '../../routes.js';
import { DeleteAction } from './DeleteMessageDialog.js';
import { EditAction } from './EditMessage.js';
import { ReplyInThreadAction } from './threads/ReplyInThreadAction.js';
import { AddReactionAction } from './reactions/AddReactionAction.js';
import { PinAction } from './pins/PinAction.js';
import { useChannelWritable } from '../channels/channel-writable.js';
import messageRowStyles from './MessageRow.module.css';

/** The message's permalink: its channel opened at it, highlighted (older pages load as needed). */
export const messageLink = (message: Pick<Message, 'id' | 'channelId'>): string =>
  `${window.location.origin}${ROUTES.channelAt(message.channelId, message.id)}`;

const CopyLink = ({ message }: { message: Message }) => {
  const [copied, setCopied] = useState(false);
  const copy = () => {
    navigator.clipboard
      ?.writeText(messageLink(message))
      .then(() => {
        setCopied(true);
        setTimeout(() => setCopied(false), 1500);
      })
      .catch(() => notify.error('Could not copy the link'));
  };
  return (
    <button
      type="button"
      className={messageRowStyles.action}
      aria-label={copied ? 'Link copied' : 'Copy link'}
      title="Copy link"
      onClick={copy}
    >
      {copied ? <Check size={14} aria-hidden="true" /> : <Link2 size={14} aria-hidden="true" />}
    </button>
  );
};

export interface MessageActionsProps {
  message: Message;
}

/**
 * The toolbar of a stored message (not one still sending or failed). In a channel previewed before joining, or an
 * archived one, only what reading allows: the thread and the link.
 */
export const MessageActions = ({ message }: MessageActionsProps) => {
  const writable = useChannelWritable();
  return (
    <div className={messageRowStyles.actions} role="toolbar" aria-label="Message actions">
      {writable ? <AddReactionAction message={message} /> : null}
      <ReplyInThreadAction message={message} />
      <CopyLink message={message} />
      {writable ? (
        <>
          <PinAction message={message} />
          <EditAction message={message} />
          <DeleteAction message={message} />
        </>
      ) : null}
    </div>
  );
};
