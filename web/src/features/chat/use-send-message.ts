// Sending with a client id: over the socket when it is open, else (or when no echo comes back) over HTTP, which the
// server deduplicates by that id. A send that cannot be delivered, or that the socket refuses (an `error` frame naming
// its clientMsgId, see use-live-updates), stays in the list as failed, with a retry.
import type { CurrentUser, MessageFile } from '@teamchat/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { postMessage } from './api.js';
import { newClientMsgId } from './client-id.js';
import { outbox, type OutgoingMessage } from './live-store.js';
import { addMessageToCache } from './message-cache.js';
import { realtime } from './realtime.js';

/** How long to wait for the socket's echo before asking over HTTP. */
export const SOCKET_ACK_MS = 5000;

export const useSendMessage = (user: Pick<CurrentUser, 'id' | 'username'> | null | undefined) => {
  const qc = useQueryClient();

  const deliverOverHttp = useCallback(
    (entry: OutgoingMessage) => {
      postMessage(entry.channelId, {
        content: entry.content,
        imageUrl: entry.imageUrl,
        fileUrl: entry.file?.url ?? null,
        clientMsgId: entry.clientMsgId,
      })
        .then((message) => {
          realtime.noteSeen(message.createdAt);
          addMessageToCache(qc, message);
          outbox.settle(entry.clientMsgId);
        })
        .catch((err: unknown) => {
          console.error('send failed', err);
          outbox.mark(entry.clientMsgId, 'failed');
        });
    },
    [qc],
  );

  const deliver = useCallback(
    (entry: OutgoingMessage) => {
      const attempt: OutgoingMessage = { ...entry, status: 'sending', error: undefined };
      outbox.put(attempt);
      const sent = realtime.send({
        type: 'message',
        channelId: entry.channelId,
        userId: entry.userId,
        username: entry.username,
        content: entry.content,
        imageUrl: entry.imageUrl,
        fileUrl: entry.file?.url ?? null,
        clientMsgId: entry.clientMsgId,
      });
      if (!sent) {
        deliverOverHttp(entry);
        return;
      }
      // only this attempt, still unanswered: a refusal marks it failed, a retry replaces it with its own
      setTimeout(() => {
        if (outbox.find(entry.clientMsgId) === attempt) deliverOverHttp(attempt);
      }, SOCKET_ACK_MS);
    },
    [deliverOverHttp],
  );

  /** Spec 2 §5: needs a channel and non-blank text or an image (or a file); otherwise nothing is sent. */
  const send = useCallback(
    (
      channelId: string | undefined,
      content: string,
      imageUrl: string | null,
      file: MessageFile | null = null,
    ): boolean => {
      if (!channelId || !user) return false;
      const text = content.trim().length > 0 ? content : null;
      if (!text && !imageUrl && !file) return false;
      deliver({
        clientMsgId: newClientMsgId(),
        channelId,
        userId: user.id,
        username: user.username,
        content: text,
        imageUrl,
        ...(file ? { file } : {}),
        createdAt: new Date().toISOString(),
        status: 'sending',
      });
      return true;
    },
    [deliver, user],
  );

  const retry = useCallback(
    (clientMsgId: string) => {
      const entry = outbox.find(clientMsgId);
      if (entry) deliver(entry);
    },
    [deliver],
  );

  return { send, retry, discard: (clientMsgId: string) => outbox.settle(clientMsgId) };
};
