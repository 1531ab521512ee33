// Reacting to a message: `{ emoji }` for a Unicode emoji, `{ reactionId }` for a custom reaction (or a :short_code:),
// applied at once in the cache and put back if the server refuses.
import { isUnicodeEmoji, Routes, type Message, type ReactionSummary } from '@teamchat/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { callApi } from '../../../lib/api-client.js';
import { errorMessage } from '../../../lib/request.js';
import { notify } from '../../../lib/toast.js';
import { setReactionsInCache } from '../message-cache.js';

/** The body naming a reaction: a Unicode emoji as `emoji`, anything else (a custom reaction's id) as `reactionId`. */
export const reactionBody = (reactionId: string): { emoji: string } | { reactionId: string } =>
  isUnicodeEmoji(reactionId) ? { emoji: reactionId } : { reactionId };

export const addReaction = (messageId: string, reactionId: string) =>
  callApi(Routes.addReaction, { params: { messageId }, body: reactionBody(reactionId) });

export const removeReaction = (messageId: string, reactionId: string) =>
  callApi(Routes.removeReaction, { params: { messageId }, body: reactionBody(reactionId) });

/** Whether `userId` is among those who applied this reaction. */
export const hasReacted = (reactions: readonly ReactionSummary[] | undefined, reactionId: string, userId?: string) =>
  !!userId && !!reactions?.some((r) => r.reactionId === reactionId && r.userIds.includes(userId));

/** The reactions with `userId`'s `reactionId` added (at the end, when new) or removed (dropped once nobody is left). */
export const withReaction = (
  reactions: readonly ReactionSummary[],
  reactionId: string,
  userId: string,
  on: boolean,
): ReactionSummary[] => {
  const next = reactions.flatMap((r) => {
    if (r.reactionId !== reactionId) return [r];
    const userIds = on
      ? r.userIds.includes(userId)
        ? r.userIds
        : [...r.userIds, userId]
      : r.userIds.filter((id) => id !== userId);
    return userIds.length > 0 ? [{ ...r, userIds, count: userIds.length }] : [];
  });
  if (on && !reactions.some((r) => r.reactionId === reactionId)) next.push({ reactionId, count: 1, userIds: [userId] });
  return next;
};

/**
 * Toggles the signed-in user's reaction on a message: shown at once, then the server's answer (or the reactions as they
 * were, with a toast, when it refuses). Live `reactions` frames keep everyone else in step.
 */
export const useToggleReaction = (message: Pick<Message, 'id' | 'channelId' | 'reactions'>, userId?: string) => {
  const qc = useQueryClient();
  return useCallback(
    (reactionId: string, on = !hasReacted(message.reactions, reactionId, userId)) => {
      if (!userId) return;
      const before = message.reactions ?? [];
      setReactionsInCache(qc, message.channelId, message.id, withReaction(before, reactionId, userId, on));
      (on ? addReaction : removeReaction)(message.id, reactionId)
        .then((answer) => setReactionsInCache(qc, message.channelId, message.id, answer.reactions))
        .catch((err: unknown) => {
          setReactionsInCache(qc, message.channelId, message.id, before);
          notify.error(errorMessage(err, on ? 'Could not add the reaction' : 'Could not remove the reaction'));
        });
    },
    [qc, message.id, message.channelId, message.reactions, userId],
  );
};
