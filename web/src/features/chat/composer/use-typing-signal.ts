// Tells the others that the user is typing in the channel (or in a thread's composer, with its `threadId`): when they
// start, again every few seconds while they go on, and that they stopped once the text is emptied or sent, or the
// composer leaves the channel.
import type { TypingFrame } from '@teamchat/contracts';
import { useCallback, useEffect, useRef } from 'react';
import { realtime } from '../realtime.js';

/** A typing notice is repeated at most this often while the user keeps typing. */
export const TYPING_REPEAT_MS = 3000;

export const typingFrame = (
  channelId: string,
  threadId: string | null,
  user: { id: string; username: string },
  isTyping: boolean,
): TypingFrame => ({
  type: 'typing',
  channelId,
  userId: user.id,
  username: user.username,
  isTyping,
  ...(threadId ? { threadId } : {}),
});

export const useTypingSignal = (channelId: string, threadId: string | null, user: { id: string; username: string }) => {
  const { id, username } = user;
  // when the last "typing" went out; 0 while none is standing
  const sentAt = useRef(0);
  const send = useCallback(
    (isTyping: boolean) => realtime.send(typingFrame(channelId, threadId, { id, username }, isTyping)),
    [channelId, threadId, id, username],
  );

  /** Ends the standing typing notice, if there is one. */
  const stop = useCallback(() => {
    if (sentAt.current > 0) send(false);
    sentAt.current = 0;
  }, [send]);

  /** The text is now `value`: typing while it has any, stopped once it is blank. */
  const changed = (value: string) => {
    const now = Date.now();
    if (value.trim() && now - sentAt.current > TYPING_REPEAT_MS) {
      sentAt.current = now;
      send(true);
    } else if (!value.trim() && sentAt.current > 0) {
      sentAt.current = 0;
      send(false);
    }
  };

  // Leaving the channel (or the screen) ends any typing notice.
  useEffect(() => stop, [stop]);

  return { changed, stop };
};
