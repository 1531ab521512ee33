// Channel-screen calls: paged messages, sends, unread state, rename, image attachments, custom reactions.
import { attachmentPathFromUploadUrl, Routes, type Message } from '@teamchat/contracts';
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { channelKeys } from '../../api/channels.js';
import { callApi, type RouteResult } from '../../lib/api-client.js';
import { errorMessage } from '../../lib/request.js';

export const MESSAGE_PAGE_SIZE = 50;

export const chatKeys = {
  /** Paged view of a channel's messages; under the channel's messages key so invalidating that refreshes it. */
  messagePages: (channelId: string) => [...channelKeys.messages(channelId), 'pages'] as const,
  /** The pages opened at one message; under the channel's messages key too, so a resync refreshes them. */
  messagesAround: (channelId: string, messageId: string) =>
    [...channelKeys.messages(channelId), 'around', messageId] as const,
  unread: ['/api/unread'] as const,
};

/** Where a page sits: before a message, after one, or around one (that message with its neighbours). */
export type MessageCursor = { before: string } | { after: string } | { around: string };

/** One page of messages (ascending): the newest, or the ones next to the cursor. */
export const fetchMessagePage = (channelId: string, cursor?: MessageCursor, signal?: AbortSignal): Promise<Message[]> =>
  callApi(Routes.listMessages, { params: { channelId }, query: { limit: MESSAGE_PAGE_SIZE, ...cursor } }, { signal });

/** The page before the oldest one: none once a short page shows the start of the channel was reached. */
const olderPageParam = (oldest: Message[]): MessageCursor | undefined =>
  oldest.length < MESSAGE_PAGE_SIZE || !oldest[0] ? undefined : { before: oldest[0].id };

/** Pages newest first (`fetchNextPage` loads older messages), each oldest first. */
export const messagePagesQuery = (channelId: string) =>
  infiniteQueryOptions({
    queryKey: chatKeys.messagePages(channelId),
    queryFn: ({ pageParam, signal }) => fetchMessagePage(channelId, pageParam, signal),
    initialPageParam: undefined as MessageCursor | undefined,
    getNextPageParam: olderPageParam,
    enabled: channelId.length > 0,
  });

/** An `around` page holds up to this many messages older than its message, and one fewer newer ones. */
const AROUND_OLDER = Math.floor(MESSAGE_PAGE_SIZE / 2);

/**
 * The pages around one message, as a search result opens it: the same shape as `messagePagesQuery` (newest page
 * first), with `fetchNextPage` loading older messages and `fetchPreviousPage` newer ones until the newest.
 */
export const messagesAroundQuery = (channelId: string, messageId: string) =>
  infiniteQueryOptions({
    queryKey: chatKeys.messagesAround(channelId, messageId),
    queryFn: ({ pageParam, signal }) => fetchMessagePage(channelId, pageParam, signal),
    initialPageParam: { around: messageId } as MessageCursor,
    getNextPageParam: (oldest: Message[], _all, param: MessageCursor): MessageCursor | undefined => {
      if (!('around' in param)) return olderPageParam(oldest);
      const older = oldest.findIndex((m) => m.id === param.around);
      return older < AROUND_OLDER || !oldest[0] ? undefined : { before: oldest[0].id };
    },
    getPreviousPageParam: (newest: Message[], _all, param: MessageCursor): MessageCursor | undefined => {
      const last = newest[newest.length - 1];
      if (!last) return undefined;
      if ('around' in param) {
        const newer = newest.length - 1 - newest.findIndex((m) => m.id === param.around);
        return newer < MESSAGE_PAGE_SIZE - AROUND_OLDER - 1 ? undefined : { after: last.id };
      }
      return newest.length < MESSAGE_PAGE_SIZE ? undefined : { after: last.id };
    },
    enabled: channelId.length > 0,
  });

export const unreadQuery = () => queryOptions<RouteResult<typeof Routes.listUnread>>({ queryKey: chatKeys.unread });

/** keepalive: a read mark sent just before the tab navigates away or reloads still reaches the server. */
export const markChannelRead = (channelId: string) =>
  callApi(Routes.markRead, { params: { channelId } }, { keepalive: true });

export const postMessage = (
  channelId: string,
  body: { content?: string | null; imageUrl?: string | null; fileUrl?: string | null; clientMsgId: string },
) => callApi(Routes.postMessage, { params: { channelId }, body });

/** The author's new content for their message; answers the message as it is now. */
export const editMessage = (messageId: string, content: string) =>
  callApi(Routes.editMessage, { params: { messageId }, body: { content } });

/** Deletes a message (its author or a workspace admin). */
export const deleteMessage = (messageId: string) => callApi(Routes.deleteMessage, { params: { messageId } });

export const renameChannel = (channelId: string, name: string) =>
  callApi(Routes.renameChannel, { params: { channelId }, body: { name } });

export class AttachmentUploadError extends Error {}

/** PUTs the bytes straight to the storage URL; cookies only go along when it is our own origin. */
export const putToUploadUrl = async (
  uploadUrl: string,
  file: File,
  onProgress?: (fraction: number) => void,
): Promise<boolean> => {
  const sameOrigin = new URL(uploadUrl, window.location.origin).origin === window.location.origin;
  const contentType = file.type || 'application/octet-stream';
  // fetch reports no upload progress: an XMLHttpRequest does, for the composer's per-file progress
  if (onProgress) {
    return new Promise<boolean>((resolve) => {
      const xhr = new XMLHttpRequest();
      xhr.open('PUT', uploadUrl);
      xhr.withCredentials = sameOrigin;
      xhr.setRequestHeader('Content-Type', contentType);
      xhr.upload.onprogress = (event) => {
        if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
      };
      xhr.onload = () => resolve(xhr.status >= 200 && xhr.status < 300);
      xhr.onerror = () => resolve(false);
      xhr.onabort = () => resolve(false);
      xhr.send(file);
    });
  }
  const put = await fetch(uploadUrl, {
    method: 'PUT',
    body: file,
    headers: { 'Content-Type': contentType },
    credentials: sameOrigin ? 'include' : 'omit',
  }).catch(() => undefined);
  return put?.ok === true;
};

/**
 * Gets a signed URL for a message image, PUTs the bytes to it, and returns the attachment address (spec 2 §7:
 * `/attachments/...`, derived from the upload URL).
 */
export const uploadMessageImage = async (file: File, onProgress?: (fraction: number) => void): Promise<string> => {
  let ticket: RouteResult<typeof Routes.createMessageUpload>;
  try {
    ticket = await callApi(Routes.createMessageUpload, { body: { filename: file.name } });
  } catch (err) {
    throw new AttachmentUploadError(errorMessage(err, 'Failed to get upload URL'));
  }
  if (!(await putToUploadUrl(ticket.uploadURL, file, onProgress)))
    throw new AttachmentUploadError('Failed to upload file');
  return attachmentPathFromUploadUrl(ticket.uploadURL) ?? ticket.objectPath;
};
