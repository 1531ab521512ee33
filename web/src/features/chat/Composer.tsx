// Spec 2 §2 composer: Enter sends, Shift+Enter newline, mention picker, attach menu (image ≤ 10 MB, any file ≤ 25 MB, video coming soon).
import type { MessageFile } from '@teamchat/contracts';
import { QueryClientContext } from '@tanstack/react-query';
import { SendHorizontal, Upload } from 'lucide-react';
import {
  useCallback,
  useContext,
  useEffect,
  useId,
  useRef,
  type ChangeEvent,
  type ClipboardEvent,
  type KeyboardEvent,
} from 'react';
import { ComposerAttachMenu } from './composer/ComposerAttachMenu.js';
import { ComposerAttachmentPreview } from './composer/ComposerAttachmentPreview.js';
import { ComposerMentionPicker } from './composer/ComposerMentionPicker.js';
import { useComposerDraft } from './composer/use-composer-draft.js';
import { useFileDrop } from './composer/use-file-drop.js';
import { useImageAttachment } from './composer/use-image-attachment.js';
import { useMentionPicker } from './composer/use-mention-picker.js';
import { useTypingSignal } from './composer/use-typing-signal.js';
import { editLastMessage } from './EditMessage.js';
import { applyFormat, formatForKey, type FormatKind } from './format-text.js';
import { FormattingToolbar } from './FormattingToolbar.js';
import { PendingFileChip } from './files/PendingFileChip.js';
import { isImageAttachment } from './files/upload.js';
import { useFileAttachment } from './files/use-file-attachment.js';
import { notify } from '../../lib/toast.js';
import styles from './Composer.module.css';

export { MESSAGE_IMAGE_MAX_BYTES } from './composer/use-image-attachment.js';
export const COMPOSER_PLACEHOLDER = 'Type your message...';

export interface ComposerProps {
  channelId: string;
  /** A thread's composer: replies to this root, with the thread's own draft. */
  threadId?: string | null;
  user: { id: string; username: string };
  /** `file`: an uploaded file attachment of any type (an image attachment is `imageUrl`). */
  onSend: (content: string, imageUrl: string | null, file?: MessageFile | null) => boolean;
  /** Set when the user may not post here (a read-only workspace): the composer is disabled and says why. */
  disabledReason?: string | null;
}

export const Composer = ({ channelId, threadId = null, user, onSend, disabledReason = null }: ComposerProps) => {
  const { text, setText } = useComposerDraft(user.id, channelId, threadId);
  const textarea = useRef<HTMLTextAreaElement>(null);
  const focus = useCallback(() => textarea.current?.focus(), []);
  // the message cache, for ↑ (absent where the composer is shown on its own)
  const qc = useContext(QueryClientContext);
  const mentions = useMentionPicker(channelId);
  const typing = useTypingSignal(channelId, threadId, user);
  const image = useImageAttachment(focus);
  const files = useFileAttachment(focus);
  const { close: closeMention } = mentions;
  const { clear: clearImage } = image;
  const { clear: clearFile } = files;
  const listId = useId();

  // Leaving the channel (or the screen) drops an unsent attachment (useTypingSignal ends the typing notice).
  useEffect(
    () => () => {
      closeMention();
      clearImage();
      clearFile();
    },
    [channelId, threadId, user.id, user.username, closeMention, clearImage, clearFile],
  );

  const onChange = (event: ChangeEvent<HTMLTextAreaElement>) => {
    const value = event.target.value;
    setText(value);
    mentions.update(value, event.target.selectionStart);
    typing.changed(value);
  };

  const pick = (username: string) => {
    const next = mentions.complete(text, username);
    if (!next) return;
    setText(next.text);
    requestAnimationFrame(() => {
      textarea.current?.focus();
      textarea.current?.setSelectionRange(next.caret, next.caret);
    });
  };

  const disabled = disabledReason !== null;
  const canSend =
    !disabled &&
    !image.uploading &&
    !files.uploading &&
    (text.trim().length > 0 || image.imageUrl !== null || files.file != null);

  const submit = () => {
    if (!canSend) return;
    if (!(files.file ? onSend(text, image.imageUrl, files.file) : onSend(text, image.imageUrl))) return;
    setText('');
    closeMention();
    clearImage();
    clearFile();
    typing.stop();
  };

  const format = (kind: FormatKind) => {
    const area = textarea.current;
    if (!area || disabled) return;
    const edited = applyFormat(text, area.selectionStart, area.selectionEnd, kind);
    setText(edited.text);
    requestAnimationFrame(() => {
      area.focus();
      area.setSelectionRange(edited.selectionStart, edited.selectionEnd);
    });
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    const shortcut = formatForKey(event);
    if (shortcut) {
      event.preventDefault();
      format(shortcut);
      return;
    }
    if (mentions.handleKey(event, pick)) return;
    // ↑ in an empty channel composer edits the user's last message there
    if (
      event.key === 'ArrowUp' &&
      !text &&
      !image.attachment &&
      !threadId &&
      qc &&
      editLastMessage(qc, channelId, user.id)
    ) {
      event.preventDefault();
      return;
    }
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      submit();
    }
  };

  // Attach File: any type; an image (by its name) keeps its preview, anything else shows as a file
  const attachAnyFile = (file: File) => {
    if (isImageAttachment(file) && file.type.startsWith('image/')) void image.attach(file);
    else void files.choose(file);
  };

  // Pasted or dropped files take the same path as Attach File: a message carries one image and one other file, so
  // the first of each is attached and the rest are named in a notice
  const attachFiles = (dropped: File[]) => {
    if (disabled) return;
    const picture = dropped.find((f) => isImageAttachment(f) && f.type.startsWith('image/'));
    const other = dropped.find((f) => f !== picture);
    if (picture) void image.attach(picture);
    if (other) void files.choose(other);
    const left = dropped.filter((f) => f !== picture && f !== other);
    if (left.length > 0)
      notify.error(
        'One image and one file per message',
        `Not attached: ${left.map((f) => f.name).join(', ')}. Send them in another message.`,
      );
  };
  const dragging = useFileDrop(!disabled && threadId === null, attachFiles);
  const onPaste = (event: ClipboardEvent<HTMLTextAreaElement>) => {
    const pasted = [...event.clipboardData.files];
    if (pasted.length === 0) return; // text is pasted as text
    event.preventDefault();
    attachFiles(pasted);
  };

  return (
    <div className={styles.composer}>
      {dragging ? (
        <div className={styles.dropOverlay} data-testid="drop-overlay" aria-hidden="true">
          <Upload size={28} />
          <span>Drop to attach to your message</span>
        </div>
      ) : null}
      {image.attachment ? (
        <ComposerAttachmentPreview
          attachment={image.attachment}
          uploading={image.uploading}
          progress={image.progress}
          onRemove={clearImage}
        />
      ) : null}
      {files.pending ? (
        <PendingFileChip
          name={files.pending.name}
          size={files.pending.size}
          type={files.pending.type}
          uploading={files.uploading}
          progress={files.progress}
          onRemove={clearFile}
        />
      ) : null}
      {mentions.open ? (
        <ComposerMentionPicker
          id={listId}
          candidates={mentions.candidates}
          highlight={mentions.highlight}
          onPick={pick}
          onHighlight={mentions.setHighlight}
        />
      ) : null}
      <FormattingToolbar onFormat={format} disabled={disabled} />
      <div className={styles.row}>
        <ComposerAttachMenu disabled={disabled} onImage={image.attach} onFile={attachAnyFile} />
        <textarea
          ref={textarea}
          className={styles.input}
          placeholder={disabledReason ?? (threadId ? 'Reply…' : COMPOSER_PLACEHOLDER)}
          aria-label={threadId ? 'Reply' : 'Message'}
          disabled={disabled}
          title={disabledReason ?? undefined}
          rows={1}
          value={text}
          onChange={onChange}
          onKeyDown={onKeyDown}
          onPaste={onPaste}
          onClick={(e) => mentions.update(text, e.currentTarget.selectionStart)}
          onBlur={closeMention}
          aria-autocomplete="list"
          aria-controls={mentions.open ? listId : undefined}
        />
        <button type="button" className={styles.send} aria-label="Send" disabled={!canSend} onClick={submit}>
          <SendHorizontal size={18} />
        </button>
      </div>
    </div>
  );
};
