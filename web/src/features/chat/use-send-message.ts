// Sending with a client id: over the socket when it is open, else (or when no echo comes back) over HTTP, which the
// server deduplicates by that id. A refusal that means "not now" (the server is overloaded or a service did not answer
// in time) is sent again by itself, with the same id, after a growing, jittered pause; a send still not stored after
// those, or refused for good (an `error` frame naming its clientMsgId, see use-live-updates, or an HTTP error), stays
// in the list as failed, with a retry.
import { ErrorCodes, type CurrentUser, type MessageFile } from '@teamchat/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { errorMessage, errorStatus } from '../../lib/request.js';
import { postMessage } from './api.js';
import { newClientMsgId } from './client-id.js';
import { outbox, type OutgoingMessage } from './live-store.js';
import { addMessageToCache } from './message-cache.js';
import { realtime } from './realtime.js';

/** How long to wait for the socket's echo before asking over HTTP. */
export const SOCKET_ACK_MS = 5000;

/** Refusals that mean "not now": the frame waited its bounded time, or too many of the tab's frames were under way. */
export const RETRYABLE_CODES: ReadonlySet<string> = new Set([ErrorCodes.busUnavailable, ErrorCodes.rateLimited]);
/** HTTP answers that mean the same; a network failure (no status) too. */
const RETRYABLE_STATUSES: ReadonlySet<number> = new Set([429, 502, 503, 504]);
/** Sends again by itself this many times (1, 2, 4 … 16 s apart, jittered: about a minute in all) before failing. */
export const AUTO_RETRIES = 5;
export const RETRY_BASE_MS = 1000;
const retryDelay = (attempt: number) => {
  const ceiling = RETRY_BASE_MS * 2 ** attempt;
  return ceiling / 2 + Math.random() * (ceiling / 2);
};

/** What to do when the current attempt of an outgoing message is refused in a way worth trying again. */
const resenders = new Map<string, (reason: string) => void>();

/**
 * The server refused a message this tab sent (an `error` frame naming its clientMsgId): sent again later when the
 * refusal is retryable and attempts remain, otherwise marked failed with the server's reason.
 */
export const refuseOutgoing = (clientMsgId: string, code: string, reason: string): void => {
  if (outbox.find(clientMsgId)?.status !== 'sending') return;
  const resend = RETRYABLE_CODES.has(code) ? resenders.get(clientMsgId) : undefined;
  if (resend) resend(reason);
  else outbox.mark(clientMsgId, 'failed', reason);
};

export const useSendMessage = (user: Pick<CurrentUser, 'id' | 'username'> | null | undefined) => {
  const qc = useQueryClient();

  const deliver = useCallback(
    (entry: OutgoingMessage, attempt = 0) => {
      const current: OutgoingMessage = { ...entry, status: 'sending', error: undefined };
      outbox.put(current);
      const id = entry.clientMsgId;
      const still = () => outbox.find(id) === current;
      // messages settled meanwhile (their echo came) need no resender any more
      for (const pending of resenders.keys()) if (!outbox.find(pending)) resenders.delete(pending);
      resenders.set(id, (reason) => {
        if (!still()) return;
        resenders.delete(id);
        if (attempt >= AUTO_RETRIES) return outbox.mark(id, 'failed', reason);
        setTimeout(() => {
          if (still()) deliver(entry, attempt + 1);
        }, retryDelay(attempt));
      });
      const overHttp = () =>
        postMessage(entry.channelId, {
          content: entry.content,
          imageUrl: entry.imageUrl,
          fileUrl: entry.file?.url ?? null,
          clientMsgId: id,
        })
          .then((message) => {
            realtime.noteSeen(message.createdAt);
            addMessageToCache(qc, message);
            resenders.delete(id);
            outbox.settle(id);
          })
          .catch((err: unknown) => {
            console.error('send failed', err);
            const status = errorStatus(err);
            const reason = errorMessage(err, 'Not sent');
            if (status === undefined || RETRYABLE_STATUSES.has(status)) resenders.get(id)?.(reason);
            else if (still()) outbox.mark(id, 'failed');
          });
      const sent = realtime.send({
        type: 'message',
        channelId: entry.channelId,
        userId: entry.userId,
        username: entry.username,
        content: entry.content,
        imageUrl: entry.imageUrl,
        fileUrl: entry.file?.url ?? null,
        clientMsgId: id,
      });
      if (!sent) {
        void overHttp();
        return;
      }
      // only this attempt, still unanswered: a refusal marks it failed or sends it again, a retry replaces it
      setTimeout(() => {
        if (still()) void overHttp();
      }, SOCKET_ACK_MS);
    },
    [qc],
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
