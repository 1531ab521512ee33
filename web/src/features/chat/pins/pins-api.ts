// Pinned messages: pin and unpin (the message comes back as it is now), and a channel's pin list, kept in step with
// live changes.
import { Routes, type Message, type ServerFrame } from '@teamchat/contracts';
import { queryOptions, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { callApi, type RouteResult } from '../../../lib/api-client.js';
import { replaceMessageInCache } from '../message-cache.js';

export const pinKeys = {
  /** GET /api/channels/{id}/pins (the default query function fetches the joined key). */
  channel: (channelId: string) => ['/api/channels', channelId, 'pins'] as const,
};

/** The channel's pinned messages, newest pin first. */
export const pinsQuery = (channelId: string) =>
  queryOptions<RouteResult<typeof Routes.listPins>>({
    queryKey: pinKeys.channel(channelId),
    enabled: channelId.length > 0,
  });

export const pinMessage = (messageId: string) => callApi(Routes.pinMessage, { params: { messageId } });
export const unpinMessage = (messageId: string) => callApi(Routes.unpinMessage, { params: { messageId } });

/** Pins or unpins, then shows the message as the server has it and refreshes the channel's pin list. */
export const usePinToggle = () => {
  const qc = useQueryClient();
  return async (message: Pick<Message, 'id' | 'channelId'>, pin: boolean): Promise<Message> => {
    const now = await (pin ? pinMessage : unpinMessage)(message.id);
    replaceMessageInCache(qc, now);
    await qc.invalidateQueries({ queryKey: pinKeys.channel(message.channelId) });
    return now;
  };
};

/**
 * Keeps loaded pin lists in step with live frames: a change that pins, unpins or deletes a message of a channel whose
 * list is loaded refreshes that list; a resync refreshes them all.
 */
export const applyPinsFrame = (qc: QueryClient, frame: ServerFrame): void => {
  const listed = (channelId: string, id: string) =>
    qc.getQueryData<Message[]>(pinKeys.channel(channelId))?.some((m) => m.id === id);
  const refresh = (channelId: string) => void qc.invalidateQueries({ queryKey: pinKeys.channel(channelId) });
  if (frame.type === 'message_updated') {
    const { channelId, id, pinnedAt } = frame.message;
    const shown = listed(channelId, id);
    if (shown !== undefined && Boolean(pinnedAt) !== shown) refresh(channelId);
  } else if (frame.type === 'message_deleted') {
    if (listed(frame.channelId, frame.messageId)) refresh(frame.channelId);
  } else if (frame.type === 'resync') {
    void qc.invalidateQueries({ predicate: (q) => q.queryKey[0] === '/api/channels' && q.queryKey[2] === 'pins' });
  }
};
