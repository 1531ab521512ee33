// The composer's @-mention picker: the mention the caret is in, the members it matches (a prefix search of the
// members directory, the channel's own members first), and the highlighted one.
import { useCallback, useState, type KeyboardEvent } from 'react';
import { useDirectory } from '../../../api/directory.js';
import { activeMention, insertMention, moveHighlight, type ActiveMention } from '../mention.js';

/** Candidates shown at once. */
export const MENTION_CANDIDATES = 8;

export const useMentionPicker = (channelId: string) => {
  const [mention, setMention] = useState<ActiveMention | null>(null);
  const [highlight, setHighlight] = useState(0);
  const directory = useDirectory(
    { q: mention?.query ?? '', channelId, limit: MENTION_CANDIDATES },
    { enabled: mention !== null },
  );
  const candidates = mention ? directory.users.slice(0, MENTION_CANDIDATES) : [];
  const open = mention !== null && candidates.length > 0;

  /** The text or the caret moved: the mention the caret is in now (another one starts at its first match). */
  const update = (value: string, caret: number) => {
    const next = activeMention(value, caret);
    setMention(next);
    if (next?.query !== mention?.query || next?.start !== mention?.start) setHighlight(0);
  };

  const close = useCallback(() => setMention(null), []);

  /** `text` with `username` in place of the mention being typed, and the caret after it; closes the picker. */
  const complete = (text: string, username: string) => {
    if (!mention) return null;
    setMention(null);
    return insertMention(text, mention, username);
  };

  /** While the picker is open: ↑/↓ move the highlight, Enter or Tab pick it, Esc closes. True when the key was used. */
  const handleKey = (event: KeyboardEvent, pick: (username: string) => void): boolean => {
    if (!open) return false;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const key = event.key;
      setHighlight((h) => moveHighlight(h, candidates.length, key));
      return true;
    }
    if (event.key === 'Enter' || event.key === 'Tab') {
      event.preventDefault();
      const picked = candidates[Math.min(highlight, candidates.length - 1)];
      if (picked) pick(picked.username);
      return true;
    }
    if (event.key === 'Escape') {
      event.preventDefault();
      setMention(null);
      return true;
    }
    return false;
  };

  return { open, candidates, highlight, setHighlight, update, close, complete, handleKey };
};
