// The composer's text, kept as the user's draft of its channel (or thread): a switch or a reload keeps what was typed.
import { useCallback, useEffect, useState } from 'react';
import { readDraft, writeDraft } from '../drafts.js';

/** Where a composer's draft is kept: its channel, or one thread of it. */
export const draftKeyOf = (channelId: string, threadId: string | null): string =>
  threadId ? `${channelId}:thread:${threadId}` : channelId;

export const useComposerDraft = (userId: string, channelId: string, threadId: string | null) => {
  const draftKey = draftKeyOf(channelId, threadId);
  const [text, setTextState] = useState(() => readDraft(userId, draftKey));
  // every change is the draft too
  const setText = useCallback(
    (value: string) => {
      setTextState(value);
      writeDraft(userId, draftKey, value);
    },
    [userId, draftKey],
  );
  // another channel: its own draft
  useEffect(() => setTextState(readDraft(userId, draftKey)), [draftKey, userId]);
  return { text, setText };
};
