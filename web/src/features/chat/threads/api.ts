// Thread calls: a thread with its replies, the threads the user follows, posting a reply, marking a thread read.
import type { FollowedThread, Message, Thread, ThreadReadState } from '@teamchat/contracts';
import { queryOptions } from '@tanstack/react-query';
import { apiJson } from '../../../lib/request.js';

export const threadKeys = {
  all: ['threads'] as const,
  thread: (rootId: string) => ['threads', 'thread', rootId] as const,
  followed: ['/api/threads'] as const,
};

export const threadQuery = (rootId: string) =>
  queryOptions<Thread>({
    queryKey: threadKeys.thread(rootId),
    queryFn: () => apiJson<Thread>('GET', `/api/messages/${rootId}/thread`),
    enabled: rootId.length > 0,
  });

/** The threads the user follows with their unread replies (the default fetcher GETs the key). */
export const followedThreadsQuery = () => queryOptions<FollowedThread[]>({ queryKey: threadKeys.followed });

export interface NewReply {
  content: string | null;
  imageUrl: string | null;
  fileUrl: string | null;
  clientMsgId: string;
  threadId: string;
  alsoInChannel: boolean;
}

export const postReply = (channelId: string, reply: NewReply) =>
  apiJson<Message>('POST', `/api/channels/${channelId}/messages`, reply);

export const markThreadRead = (rootId: string) =>
  apiJson<ThreadReadState>('POST', `/api/messages/${rootId}/thread/read`);
