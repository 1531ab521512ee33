// Threads (issue 18): replies to a top-level message, one level deep, and the threads a user follows.
import { z } from 'zod';
import { MessageSchema } from './chat.schema.js';

/** Refused reply: the root is not a top-level, non-deleted message of the channel posted to. */
export const THREAD_ROOT_INVALID = 'Replies can only be made to a message of this channel.';

/** `GET /api/messages/{id}/thread`: the root (a tombstone when deleted) and its replies, oldest first. */
export const ThreadSchema = z.object({ root: MessageSchema, replies: z.array(MessageSchema) });
export type Thread = z.infer<typeof ThreadSchema>;

/** A thread the caller follows (they wrote in it, started it, or were mentioned in it). */
export const FollowedThreadSchema = z.object({
  root: MessageSchema,
  /** Replies from others after the caller last read the thread. */
  unreadCount: z.number().int(),
  lastReadAt: z.string().nullable(),
});
export type FollowedThread = z.infer<typeof FollowedThreadSchema>;

/** At most this many followed threads are listed, latest reply first. */
export const FOLLOWED_THREADS_MAX = 50;

export const ThreadReadStateSchema = z.object({ threadId: z.uuid(), lastReadAt: z.string() });
export type ThreadReadState = z.infer<typeof ThreadReadStateSchema>;
