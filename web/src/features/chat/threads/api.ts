// Thread calls: a thread with its replies, the threads the user follows, posting a reply, marking a thread read.
import { Routes } from '@teamchat/contracts';
import { queryOptions } from '@tanstack/react-query';
import { callApi, type RouteResult } from '../../../lib/api-client.js';

export const threadKeys = {
  all: ['threads'] as const,
  thread: (rootId: string) => ['threads', 'thread', rootId] as const,
  followed: ['/api/threads'] as const,
};

export const threadQuery = (rootId: string) =>
  queryOptions({
    queryKey: threadKeys.thread(rootId),
    queryFn: () => callApi(Routes.getThread, { params: { messageId: rootId } }),
    enabled: rootId.length > 0,
  });

/** The threads the user follows with their unread replies (the default fetcher GETs the key). */
export const followedThreadsQuery = () =>
  queryOptions<RouteResult<typeof Routes.listThreads>>({ queryKey: threadKeys.followed });

export interface NewReply {
  content: string | null;
  imageUrl: string | null;
  fileUrl: string | null;
  clientMsgId: string;
  threadId: string;
  alsoInChannel: boolean;
}

export const postReply = (channelId: string, reply: NewReply) =>
  callApi(Routes.postMessage, { params: { channelId }, body: reply });

export const markThreadRead = (rootId: string) => callApi(Routes.markThreadRead, { params: { messageId: rootId } });
