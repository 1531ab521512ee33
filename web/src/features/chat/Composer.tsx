// Spec 2 §2 composer: Enter sends, Shift+Enter newline, mention picker, attach menu (image ≤ 10 MB, any file ≤ 25 MB, video coming soon).
import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { TOO_LARGE_MESSAGES, UPLOAD_LIMITS, type MessageFile, type PublicUser } from '@teamchat/contracts';
import { QueryClientContext } from '@tanstack/react-query';
import { FilePlus, ImagePlus, Loader2, Paperclip, SendHorizontal, Video, X } from 'lucide-react';
import { useContext, useEffect, useId, useRef, useState, type ChangeEvent, type KeyboardEvent } from 'react';
import { notify } from '../../lib/toast.js';
import { uploadMessageImage } from './api.js';
import { readDraft, writeDraft } from './drafts.js';
import { editLastMessage } from './EditMessage.js';
import { applyFormat, formatForKey, type FormatKind } from './format-text.js';
import { FormattingToolbar } from './FormattingToolbar.js';
import { PendingFileChip } from './files/PendingFileChip.js';
import { isImageAttachment } from './files/upload.js';
import { useFileAttachment } from './files/use-file-attachment.js';
import { activeMention, insertMention, mentionCandidates, moveHighlight, type ActiveMention } from './mention.js';
import { realtime } from './realtime.js';
import { Avatar } from './ui.js';

export const COMPOSER_PLACEHOLDER = 'Type your message...';
export const MESSAGE_IMAGE_MAX_BYTES = UPLOAD_LIMITS.message;
/** A typing notice is repeated at most this often while the user keeps typing. */
const TYPING_REPEAT_MS = 3000;

interface Attachment {
  previewUrl: string;
  name: string;
  /** Set once the bytes are stored. */
  imageUrl: string | null;
}

export interface ComposerProps {
  channelId: string;
  /** A thread's composer: replies to this root, with the thread's own draft. */
  threadId?: string | null;
  user: { id: string; username: string };
  users: readonly PublicUser[];
  /** `file`: an uploaded file attachment of any type (an image attachment is `imageUrl`). */
  onSend: (content: string, imageUrl: string | null, file?: MessageFile | null) => boolean;
  /** Set when the user may not post here (a read-only workspace): the composer is disabled and says why. */
  disabledReason?: string | null;
}

export const Composer = ({ channelId, threadId = null, user, users, onSend, disabledReason = null }: ComposerProps) => {
  const draftKey = threadId ? `${channelId}:thread:${threadId}` : channelId;
  const [text, setTextState] = useState(() => readDraft(user.id, draftKey));
  // every change is the channel's draft too, so a switch or a reload keeps what was typed
  const setText = (value: string) => {
    setTextState(value);
    writeDraft(user.id, draftKey, value);
  };
  const [mention, setMention] = useState<ActiveMention | null>(null);
  const [highlight, setHighlight] = useState(0);
  const [attachment, setAttachment] = useState<Attachment | null>(null);
  const [uploading, setUploading] = useState(false);
  const textarea = useRef<HTMLTextAreaElement>(null);
  // the message cache, for ↑ (absent where the composer is shown on its own)
  const qc = useContext(QueryClientContext);
  const fileInput = useRef<HTMLInputElement>(null);
  const anyFileInput = useRef<HTMLInputElement>(null);
  const files = useFileAttachment(() => textarea.current?.focus());
  const clearFile = files.clear;
  const typingSentAt = useRef(0);
  const listId = useId();

  const candidates = mention ? mentionCandidates(users, mention.query) : [];
  const pickerOpen = mention !== null && candidates.length > 0;

  const sendTyping = (isTyping: boolean) => {
    realtime.send({ type: 'typing', channelId, userId: user.id, username: user.username, isTyping });
  };

  // Leaving the channel (or the screen) ends any typing notice and drops an unsent attachment.
  useEffect(
    () => () => {
      if (typingSentAt.current > 0) {
        realtime.send({ type: 'typing', channelId, userId: user.id, username: user.username, isTyping: false });
      }
      typingSentAt.current = 0;
      setMention(null);
      setAttachment(null);
      clearFile();
    },
    [channelId, user.id, user.username, clearFile],
  );
  // another channel: its own draft
  useEffect(() => setTextState(readDraft(user.id, draftKey)), [draftKey, user.id]);

  const previewUrl = attachment?.previewUrl;
  useEffect(
    () => () => {
      if (previewUrl) URL.revokeObjectURL(previewUrl);
    },
    [previewUrl],
  );

  const updateMention = (value: string, caret: number) => {
    const next = activeMention(value, caret);
    setMention(next);
    if (next?.query !== mention?.query || next?.start !== mention?.start) setHighlight(0);
  };

  const onChange = (event: ChangeEvent<HTMLTextAreaElement>) => {
    const value = event.target.value;
    setText(value);
    updateMention(value, event.target.selectionStart);
    const now = Date.now();
    if (value.trim() && now - typingSentAt.current > TYPING_REPEAT_MS) {
      typingSentAt.current = now;
      sendTyping(true);
    } else if (!value.trim() && typingSentAt.current > 0) {
      typingSentAt.current = 0;
      sendTyping(false);
    }
  };

  const pick = (username: string) => {
    if (!mention) return;
    const next = insertMention(text, mention, username);
    setText(next.text);
    setMention(null);
    requestAnimationFrame(() => {
      textarea.current?.focus();
      textarea.current?.setSelectionRange(next.caret, next.caret);
    });
  };

  const disabled = disabledReason !== null;
  const canSend =
    !disabled &&
    !uploading &&
    !files.uploading &&
    (text.trim().length > 0 || attachment?.imageUrl != null || files.file != null);

  const submit = () => {
    if (!canSend) return;
    const imageUrl = attachment?.imageUrl ?? null;
    if (!(files.file ? onSend(text, imageUrl, files.file) : onSend(text, imageUrl))) return;
    setText('');
    setMention(null);
    setAttachment(null);
    files.clear();
    if (typingSentAt.current > 0) sendTyping(false);
    typingSentAt.current = 0;
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
    if (pickerOpen) {
      if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
        event.preventDefault();
        setHighlight((h) => moveHighlight(h, candidates.length, event.key as 'ArrowUp' | 'ArrowDown'));
        return;
      }
      if (event.key === 'Enter' || event.key === 'Tab') {
        event.preventDefault();
        pick(candidates[Math.min(highlight, candidates.length - 1)]!.username);
        return;
      }
      if (event.key === 'Escape') {
        event.preventDefault();
        setMention(null);
        return;
      }
    }
    // ↑ in an empty channel composer edits the user's last message there
    if (event.key === 'ArrowUp' && !text && !attachment && !threadId && qc && editLastMessage(qc, channelId, user.id)) {
      event.preventDefault();
      return;
    }
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      submit();
    }
  };

  const chooseImage = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (file) await attachImage(file);
  };

  // Attach File: any type; an image (by its name) keeps its preview, anything else shows as a file
  const chooseAnyFile = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    if (isImageAttachment(file) && file.type.startsWith('image/')) void attachImage(file);
    else void files.choose(file);
  };

  const attachImage = async (file: File) => {
    if (!file.type.startsWith('image/')) {
      notify.error('Upload failed', 'Please upload an image file.');
      return;
    }
    if (file.size > MESSAGE_IMAGE_MAX_BYTES) {
      notify.error('Upload failed', TOO_LARGE_MESSAGES.message);
      return;
    }
    const previewUrl = URL.createObjectURL(file);
    setAttachment({ previewUrl, name: file.name, imageUrl: null });
    setUploading(true);
    try {
      const imageUrl = await uploadMessageImage(file);
      setAttachment((current) => (current?.previewUrl === previewUrl ? { ...current, imageUrl } : current));
      notify.success('Image uploaded');
    } catch (err) {
      setAttachment((current) => (current?.previewUrl === previewUrl ? null : current));
      notify.error('Upload failed', err instanceof Error ? err.message : undefined);
    } finally {
      setUploading(false);
      textarea.current?.focus();
    }
  };

  return (
    <div className="tc-composer">
      {attachment ? (
        <div className="tc-composer__attachment" data-testid="pending-attachment">
          <img src={attachment.previewUrl} alt={`Preview of ${attachment.name}`} />
          {uploading ? <Loader2 className="tc-spin" size={16} aria-label="Uploading" /> : null}
          <button
            type="button"
            className="tc-composer__remove"
            aria-label="Remove attachment"
            onClick={() => setAttachment(null)}
          >
            <X size={14} />
          </button>
        </div>
      ) : null}
      {files.pending ? (
        <PendingFileChip
          name={files.pending.name}
          size={files.pending.size}
          type={files.pending.type}
          uploading={files.uploading}
          onRemove={files.clear}
        />
      ) : null}
      {pickerOpen ? (
        <ul className="tc-mention-picker" role="listbox" id={listId} aria-label="Mention a user">
          {candidates.map((u, i) => (
            <li
              key={u.id}
              role="option"
              aria-selected={i === highlight}
              className={i === highlight ? 'is-active' : undefined}
              onMouseDown={(e) => {
                e.preventDefault();
                pick(u.username);
              }}
              onMouseEnter={() => setHighlight(i)}
            >
              <Avatar name={u.username} src={u.profileImageUrl} size={20} />
              <span className="tc-mention-picker__name">{u.username}</span>
              {u.handle ? <span className="tc-mention-picker__handle">@{u.handle}</span> : null}
            </li>
          ))}
        </ul>
      ) : null}
      <FormattingToolbar onFormat={format} disabled={disabled} />
      <div className="tc-composer__row">
        <DropdownMenu.Root>
          <DropdownMenu.Trigger className="btn btn--icon btn--sm" aria-label="Attach" disabled={disabled}>
            <Paperclip size={18} />
          </DropdownMenu.Trigger>
          <DropdownMenu.Portal>
            <DropdownMenu.Content className="menu" side="top" align="start" sideOffset={6}>
              <DropdownMenu.Item className="menu__item" onSelect={() => fileInput.current?.click()}>
                <ImagePlus size={16} aria-hidden="true" /> Attach Image
              </DropdownMenu.Item>
              <DropdownMenu.Item className="menu__item" onSelect={() => anyFileInput.current?.click()}>
                <FilePlus size={16} aria-hidden="true" /> Attach File
              </DropdownMenu.Item>
              <DropdownMenu.Item className="menu__item" onSelect={() => notify.error('Coming soon')}>
                <Video size={16} aria-hidden="true" /> Attach Video
              </DropdownMenu.Item>
            </DropdownMenu.Content>
          </DropdownMenu.Portal>
        </DropdownMenu.Root>
        <input
          ref={fileInput}
          type="file"
          accept="image/*"
          hidden
          data-testid="image-input"
          onChange={(e) => void chooseImage(e)}
        />
        <input ref={anyFileInput} type="file" hidden data-testid="file-input" onChange={chooseAnyFile} />
        <textarea
          ref={textarea}
          className="tc-composer__input"
          placeholder={disabledReason ?? (threadId ? 'Reply…' : COMPOSER_PLACEHOLDER)}
          aria-label={threadId ? 'Reply' : 'Message'}
          disabled={disabled}
          title={disabledReason ?? undefined}
          rows={1}
          value={text}
          onChange={onChange}
          onKeyDown={onKeyDown}
          onClick={(e) => updateMention(text, e.currentTarget.selectionStart)}
          onBlur={() => setMention(null)}
          aria-autocomplete="list"
          aria-controls={pickerOpen ? listId : undefined}
        />
        <button type="button" className="tc-send-button" aria-label="Send" disabled={!canSend} onClick={submit}>
          <SendHorizontal size={18} />
        </button>
      </div>
    </div>
  );
};
