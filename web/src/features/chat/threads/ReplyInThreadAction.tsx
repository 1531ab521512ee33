// "Reply in thread" in a message's toolbar: opens the thread panel at this message (a reply opens its root's thread).
import type { Message } from '@teamchat/contracts';
import { MessageSquareReply } from 'lucide-react';
import { useInThread } from './thread-context.js';
import { openThread } from './thread-store.js';
import messageRowStyles from '../MessageRow.module.css';

export const ReplyInThreadAction = ({ message }: { message: Message }) => {
  const inThread = useInThread();
  if (inThread || message.deleted) return null;
  return (
    <button
      type="button"
      className={messageRowStyles.action}
      aria-label="Reply in thread"
      title="Reply in thread"
      onClick={() => openThread(message)}
    >
      <MessageSquareReply size={14} aria-hidden="true" />
    </button>
  );
};
