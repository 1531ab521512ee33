// The composer's @-mention picker: the mention the caret is in, the users it matches, and the highlighted one.
import type { PublicUser } from '@teamchat/contracts';
import { useCallback, useState, type KeyboardEvent } from 'react';
import { activeMention, insertMention, mentionCandidates, moveHighlight, type ActiveMention } from '../mention.js';

export const useMentionPicker = (users: readonly PublicUser[]) => {
  const [mention, setMention] = useState<ActiveMention | null>(null);
  const [highlight, setHighlight] = useState(0);
  const candidates = mention ? mentionCandidates(users, mention.query) : [];
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
