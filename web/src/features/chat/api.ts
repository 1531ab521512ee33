// Channel-screen calls: paged messages, sends, unread state, rename, image attachments, custom reactions.
import {
  attachmentPathFromUploadUrl,
  type Channel,
  type Message,
  type UnreadCount,
  type UploadURLResponse,
} from '@teamchat/contracts';
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { channelKeys } from '../../api/channels.js';
import { apiJson, errorMessage, throwIfResNotOk } from '../../lib/request.js';

export const MESSAGE_PAGE_SIZE = 50;

export const chatKeys = {
  /** Paged view of a channel's messages; under the channel's messages key so invalidating that refreshes it. */
  messagePages: (channelId: string) => [...channelKeys.messages(channelId), 'pages'] as const,
  unread: ['/api/unread'] as const,
};

/** One page of messages older than `before` (ascending); the first page is the newest. */
export const fetchMessagePage = async (
  channelId: string,
  before?: string,
  signal?: AbortSignal,
): Promise<Message[]> => {
  const params = new URLSearchParams({ limit: String(MESSAGE_PAGE_SIZE) });
  if (before) params.set('before', before);
  const res = await fetch(`/api/channels/${channelId}/messages?${params.toString()}`, {
    credentials: 'include',
    signal,
  });
  await throwIfResNotOk(res);
  return (await res.json()) as Message[];
};

export const messagePagesQuery = (channelId: string) =>
  infiniteQueryOptions({
    queryKey: chatKeys.messagePages(channelId),
    queryFn: ({ pageParam, signal }) => fetchMessagePage(channelId, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    // A short page means the start of the channel was reached.
    getNextPageParam: (last: Message[]) => (last.length < MESSAGE_PAGE_SIZE ? undefined : last[0]?.id),
    enabled: channelId.length > 0,
  });

export const unreadQuery = () => queryOptions<UnreadCount[]>({ queryKey: chatKeys.unread });

/** keepalive: a read mark sent just before the tab navigates away or reloads still reaches the server. */
export const markChannelRead = async (channelId: string): Promise<void> => {
  const res = await fetch(`/api/channels/${channelId}/read`, {
    method: 'POST',
    credentials: 'include',
    keepalive: true,
  });
  await throwIfResNotOk(res);
};

export const postMessage = (
  channelId: string,
  body: { content?: string | null; imageUrl?: string | null; clientMsgId: string },
) => apiJson<Message>('POST', `/api/channels/${channelId}/messages`, body);

export const renameChannel = (channelId: string, name: string) =>
  apiJson<Channel>('PATCH', `/api/channels/${channelId}/name`, { name });

export class AttachmentUploadError extends Error {}

/** PUTs the bytes straight to the storage URL; cookies only go along when it is our own origin. */
export const putToUploadUrl = async (uploadUrl: string, file: File): Promise<boolean> => {
  const sameOrigin = new URL(uploadUrl, window.location.origin).origin === window.location.origin;
  const put = await fetch(uploadUrl, {
    method: 'PUT',
    body: file,
    headers: { 'Content-Type': file.type || 'application/octet-stream' },
    credentials: sameOrigin ? 'include' : 'omit',
  }).catch(() => undefined);
  return put?.ok === true;
};

/**
 * Gets a signed URL for a message image, PUTs the bytes to it, and returns the attachment address (spec 2 §7:
 * `/attachments/...`, derived from the upload URL).
 */
export const uploadMessageImage = async (file: File): Promise<string> => {
  let ticket: UploadURLResponse;
  try {
    ticket = await apiJson<UploadURLResponse>('POST', '/api/messages/upload', { filename: file.name });
  } catch (err) {
    throw new AttachmentUploadError(errorMessage(err, 'Failed to get upload URL'));
  }
  if (!(await putToUploadUrl(ticket.uploadURL, file))) throw new AttachmentUploadError('Failed to upload file');
  return attachmentPathFromUploadUrl(ticket.uploadURL) ?? ticket.objectPath;
};
