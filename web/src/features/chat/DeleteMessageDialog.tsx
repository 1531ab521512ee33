// Deleting a message: the toolbar's Delete action (the author or a workspace admin), its confirm dialog, and the
// tombstone a deleted thread root leaves behind.
import type { Message } from '@teamchat/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Trash2 } from 'lucide-react';
import { useState } from 'react';
import { authUserQuery } from '../../api/auth.js';
import { ConfirmDialog } from '../../components/ui/ConfirmDialog.js';
import { errorMessage } from '../../lib/request.js';
import { notify } from '../../lib/toast.js';
import { deleteMessage } from './api.js';
import { removeMessageFromCache, replaceMessageInCache } from './message-cache.js';
import messageRowStyles from './MessageRow.module.css';

export const DELETED_MESSAGE_TEXT = 'This message was deleted.';

/** Whether this user may delete `message`: their own, or anyone's for a workspace admin. */
export const canDelete = (message: Message, user: { id: string; isAdmin: boolean } | null | undefined): boolean =>
  !!user && !message.deleted && (message.userId === user.id || user.isAdmin);

/** How a message looks once deleted: gone, or (with thread replies) a tombstone keeping its thread. */
const asDeleted = (message: Message): Message | null =>
  message.thread && message.thread.replyCount > 0
    ? { ...message, deleted: true, content: null, imageUrl: null, file: null, reactions: [] }
    : null;

export const DeleteMessageDialog = ({
  message,
  open,
  onOpenChange,
}: {
  message: Message;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) => {
  const qc = useQueryClient();
  const remove = useMutation({
    mutationFn: () => deleteMessage(message.id),
    onSuccess: () => {
      // the socket's frame says the same for every other tab; this one need not wait for it
      const tombstone = asDeleted(message);
      if (tombstone) replaceMessageInCache(qc, tombstone);
      else removeMessageFromCache(qc, message.channelId, message.id);
      onOpenChange(false);
    },
    onError: (err) => notify.error('Could not delete the message', errorMessage(err, 'Please try again.')),
  });
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Delete message?"
      description={
        message.thread && message.thread.replyCount > 0
          ? 'It will be removed for everyone; its thread replies stay. This cannot be undone.'
          : 'It will be removed for everyone. This cannot be undone.'
      }
      confirmLabel="Delete"
      pending={remove.isPending}
      onConfirm={() => remove.mutate()}
    />
  );
};

export const DeleteAction = ({ message }: { message: Message }) => {
  const { data: user } = useQuery(authUserQuery());
  const [open, setOpen] = useState(false);
  if (!canDelete(message, user)) return null;
  return (
    <>
      <button
        type="button"
        className={`${messageRowStyles.action} ${messageRowStyles.actionDanger}`}
        aria-label="Delete"
        title="Delete"
        onClick={() => setOpen(true)}
      >
        <Trash2 size={14} aria-hidden="true" />
      </button>
      <DeleteMessageDialog message={message} open={open} onOpenChange={setOpen} />
    </>
  );
};

/** What a deleted thread root shows instead of its content. */
export const DeletedMessage = () => <p className={messageRowStyles.deleted}>{DELETED_MESSAGE_TEXT}</p>;
