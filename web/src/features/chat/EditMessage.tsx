// Editing a message in place: the toolbar's Edit action (author only), ↑ in an empty composer for your last message,
// the inline editor that replaces the message body (Enter saves, Shift+Enter newline, Esc cancels), and "(edited)".
import type { Message } from '@teamchat/contracts';
import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { Pencil } from 'lucide-react';
import { useEffect, useRef, useState, useSyncExternalStore, type KeyboardEvent } from 'react';
import { authUserQuery } from '../../api/auth.js';
import { channelKeys } from '../../api/channels.js';
import { errorMessage } from '../../lib/request.js';
import { notify } from '../../lib/toast.js';
import { editMessage } from './api.js';
import { DeletedMessage } from './DeleteMessageDialog.js';
import { MarkdownContent } from './markdown.js';
import { replaceMessageInCache, type MessagePages } from './message-cache.js';
import composerStyles from './Composer.module.css';
import messageRowStyles from './MessageRow.module.css';
import buttonStyles from '../../components/ui/Button.module.css';
import styles from './EditMessage.module.css';

// ---- which message is being edited (one at a time, wherever it is shown) ------------------------------------------

let editingId: string | null = null;
/** The text typed so far, kept while the editor remounts (the layout switching between desktop and narrow). */
let editingText: string | null = null;
const listeners = new Set<() => void>();
const setEditing = (id: string | null): void => {
  if (id === editingId) return;
  editingId = id;
  editingText = null;
  for (const l of [...listeners]) l();
};
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

export const startEditing = (messageId: string): void => setEditing(messageId);
export const stopEditing = (): void => setEditing(null);
/** Whether this message shows the inline editor. */
export const useIsEditing = (messageId: string): boolean =>
  useSyncExternalStore(subscribe, () => editingId === messageId);

/** Whether `userId` may edit `message`: their own, stored, not deleted. */
export const canEdit = (message: Message, userId: string | undefined): boolean =>
  !!userId && message.userId === userId && !message.deleted;

/**
 * ↑ in an empty composer: opens the editor on the user's newest message among the channel's loaded pages (a thread
 * reply only when it was also sent to the channel). False when there is none, so the key keeps its usual meaning.
 */
export const editLastMessage = (qc: QueryClient, channelId: string, userId: string): boolean => {
  let last: Message | undefined;
  for (const [, data] of qc.getQueriesData<MessagePages>({ queryKey: channelKeys.messages(channelId) })) {
    if (!data || !Array.isArray(data.pages)) continue;
    for (const page of data.pages)
      for (const m of page)
        if (canEdit(m, userId) && (!m.threadId || m.alsoInChannel) && (!last || m.createdAt > last.createdAt)) last = m;
  }
  if (!last) return false;
  startEditing(last.id);
  return true;
};

// ---- the toolbar action -------------------------------------------------------------------------------------------

export const EditAction = ({ message }: { message: Message }) => {
  const { data: user } = useQuery(authUserQuery());
  if (!canEdit(message, user?.id)) return null;
  return (
    <button
      type="button"
      className={messageRowStyles.action}
      aria-label="Edit"
      title="Edit"
      onClick={() => startEditing(message.id)}
    >
      <Pencil size={14} aria-hidden="true" />
    </button>
  );
};

// ---- the inline editor --------------------------------------------------------------------------------------------

/** Back to where the user was typing once the editor closes. */
const focusComposer = () =>
  requestAnimationFrame(() => document.querySelector<HTMLTextAreaElement>(`.${composerStyles.input}`)?.focus());

export const EditMessage = ({ message }: { message: Message }) => {
  const qc = useQueryClient();
  const [text, setTextState] = useState(() => editingText ?? message.content ?? '');
  const setText = (value: string) => {
    editingText = value;
    setTextState(value);
  };
  const area = useRef<HTMLTextAreaElement>(null);
  const hasAttachment = !!message.imageUrl || !!message.file;
  const blank = text.trim().length === 0;

  // the caret goes to the end of the text, ready to type
  useEffect(() => {
    const el = area.current;
    if (!el) return;
    el.focus();
    el.setSelectionRange(el.value.length, el.value.length);
  }, []);

  const close = () => {
    stopEditing();
    focusComposer();
  };
  const save = useMutation({
    mutationFn: (content: string) => editMessage(message.id, content),
    onSuccess: (updated) => {
      replaceMessageInCache(qc, updated);
      close();
    },
    onError: (err) => notify.error('Could not edit the message', errorMessage(err, 'Please try again.')),
  });

  const submit = () => {
    if (save.isPending || (blank && !hasAttachment)) return;
    if (text === (message.content ?? '')) return close();
    save.mutate(text);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      close();
    } else if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      submit();
    }
  };

  return (
    <div className={styles.editor} data-testid="message-editor">
      <textarea
        ref={area}
        className={styles.input}
        aria-label="Edit message"
        value={text}
        rows={1}
        onChange={(e) => setText(e.target.value)}
        onKeyDown={onKeyDown}
      />
      <div className={styles.actions}>
        <span className={styles.hint}>Enter to save, Esc to cancel</span>
        <button
          type="button"
          className={`${buttonStyles.button} ${buttonStyles.outline} ${buttonStyles.sm}`}
          onClick={close}
        >
          Cancel
        </button>
        <button
          type="button"
          className={`${buttonStyles.button} ${buttonStyles.primary} ${buttonStyles.sm}`}
          disabled={save.isPending || (blank && !hasAttachment)}
          onClick={submit}
        >
          Save
        </button>
      </div>
    </div>
  );
};

/** "(edited)", with the time of the edit on hover. */
export const EditedMark = ({ editedAt }: { editedAt: string }) => (
  <span className={messageRowStyles.edited} title={`Edited ${new Date(editedAt).toLocaleString()}`}>
    (edited)
  </span>
);

/**
 * A message's text as its row shows it: the inline editor while it is being edited, the tombstone once deleted,
 * otherwise its content followed by "(edited)" when it was.
 */
export const MessageText = ({ message, editable = true }: { message: Message; editable?: boolean }) => {
  const editing = useIsEditing(message.id) && editable && !message.deleted;
  if (message.deleted) return <DeletedMessage />;
  if (editing) return <EditMessage message={message} />;
  const edited = message.editedAt ? <EditedMark editedAt={message.editedAt} /> : null;
  if (!message.content) return edited;
  return (
    <div className={[messageRowStyles.text, edited ? messageRowStyles.isEdited : ''].filter(Boolean).join(' ')}>
      <MarkdownContent content={message.content} />
      {edited}
    </div>
  );
};
