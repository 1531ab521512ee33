// Sending a thread reply over HTTP (the server's one create path, deduplicated by clientMsgId): shown in the panel as
// sending until stored, then in the thread (and the channel, when also sent there); a failure stays with a retry.
import type { Message, MessageFile } from '@teamchat/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { errorMessage } from '../../../lib/request.js';
import { newClientMsgId } from '../client-id.js';
import { addMessageToCache } from '../message-cache.js';
import { postReply } from './api.js';
import { addReplyToCache } from './thread-cache.js';

export interface PendingReply {
  clientMsgId: string;
  content: string | null;
  imageUrl: string | null;
  file: MessageFile | null;
  alsoInChannel: boolean;
  createdAt: string;
  status: 'sending' | 'failed';
  error?: string;
}

/** A pending reply renders like a stored one until the server's copy arrives. */
export const pendingAsMessage = (
  p: PendingReply,
  where: { channelId: string; rootId: string },
  user: { id: string; username: string },
): Message => ({
  id: `pending:${p.clientMsgId}`,
  channelId: where.channelId,
  userId: user.id,
  username: user.username,
  content: p.content,
  imageUrl: p.imageUrl,
  createdAt: p.createdAt,
  clientMsgId: p.clientMsgId,
  threadId: where.rootId,
  alsoInChannel: p.alsoInChannel,
  ...(p.file ? { file: p.file } : {}),
});

export const useSendReply = (channelId: string, rootId: string) => {
  const qc = useQueryClient();
  const [pending, setPending] = useState<PendingReply[]>([]);

  const deliver = useCallback(
    (entry: PendingReply) => {
      const attempt: PendingReply = { ...entry, status: 'sending', error: undefined };
      setPending((list) => [...list.filter((p) => p.clientMsgId !== entry.clientMsgId), attempt]);
      postReply(channelId, {
        content: entry.content,
        imageUrl: entry.imageUrl,
        fileUrl: entry.file?.url ?? null,
        clientMsgId: entry.clientMsgId,
        threadId: rootId,
        alsoInChannel: entry.alsoInChannel,
      })
        .then((reply) => {
          addReplyToCache(qc, reply);
          if (reply.alsoInChannel) addMessageToCache(qc, reply);
          setPending((list) => list.filter((p) => p.clientMsgId !== entry.clientMsgId));
        })
        .catch((err: unknown) => {
          const error = errorMessage(err, 'Could not send the reply');
          setPending((list) =>
            list.map((p) => (p.clientMsgId === entry.clientMsgId ? { ...p, status: 'failed', error } : p)),
          );
        });
    },
    [qc, channelId, rootId],
  );

  /** Needs non-blank text, an image or a file; otherwise nothing is sent. */
  const send = useCallback(
    (content: string, imageUrl: string | null, file: MessageFile | null, alsoInChannel: boolean): boolean => {
      const text = content.trim().length > 0 ? content : null;
      if (!text && !imageUrl && !file) return false;
      deliver({
        clientMsgId: newClientMsgId(),
        content: text,
        imageUrl,
        file,
        alsoInChannel,
        createdAt: new Date().toISOString(),
        status: 'sending',
      });
      return true;
    },
    [deliver],
  );

  const retry = (clientMsgId: string) => {
    const entry = pending.find((p) => p.clientMsgId === clientMsgId);
    if (entry) deliver(entry);
  };
  const discard = (clientMsgId: string) => setPending((list) => list.filter((p) => p.clientMsgId !== clientMsgId));

  return { pending, send, retry, discard };
};
