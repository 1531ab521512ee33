import { Injectable } from '@nestjs/common';
import { BusClient, DomainError } from '@teamchat/bus';
import { WorkspaceMembership, type WorkspaceMember } from '@teamchat/service-kit';
import {
  ErrorCodes,
  FOLLOWED_THREADS_MAX,
  IdentityContracts,
  THREAD_ROOT_INVALID,
  type Actor,
  type CreatedMessage,
  type FollowedThread,
  type MessageFile,
  type ReactionSummary,
  type Thread,
  type ThreadReadState,
} from '@teamchat/contracts';
import { PreparedStatement, PreparedStatements } from '@teamchat/database';
import { isUuid } from '../common/ids.js';
import { readMark } from '../common/read-mark.js';
import { UNKNOWN_AUTHOR, UserDirectory, type Author } from '../common/user-directory.service.js';
import { audienceOf, canRead, ChannelAccessService, type ChannelRef } from '../channels/channel-access.service.js';
import {
  MESSAGE_COLUMNS,
  MESSAGE_RETURNING,
  REACTIONS_OF_M,
  toMessage,
  type MessageRow,
} from '../messages/message.mapper.js';

export const THREAD_NOT_FOUND = 'Message not found';
/** A thread answers at most this many replies (oldest first). */
export const THREAD_REPLIES_MAX = 1000;
/** At most this many names of one reply are looked up as mentions. */
const MENTIONS_MAX = 20;

type ReplyRow = MessageRow & { kind: 'reply' | 'root' };
type ThreadRow = MessageRow & { reactions: ReactionSummary[] };

/**
 * A reply and everything it changes, in one statement (one transaction): the root must be a top-level, non-deleted
 * message of channel `$2` (locked, so concurrent replies count one after the other); the reply is stored (deduplicated
 * by clientMsgId like any message); the root's summary moves (count, last reply time, the replier first among up to
 * three repliers, updated_at for replay); the replier, the root's author and the mentioned users `$9` follow the
 * thread, the replier having read it up to their reply. Answers the reply and the root as they are now, or nothing when
 * the root does not qualify or the clientMsgId was used before.
 */
const REPLY = new PreparedStatement<ReplyRow>(
  'chat.thread.reply',
  `WITH root AS (
     SELECT "id", "user_id" FROM "chat"."message"
     WHERE "id" = $7 AND "channel_id" = $2 AND "thread_id" IS NULL AND "deleted_at" IS NULL
     FOR UPDATE
   ), reply AS (
     INSERT INTO "chat"."message"
       ("workspace_id", "channel_id", "user_id", "content", "image_url", "client_msg_id", "thread_id", "also_in_channel",
        "file_url", "file_name", "file_size", "file_type")
     SELECT $1, $2, $3, $4, $5, $6, root."id", $8, $10, $11, $12, $13 FROM root
     ON CONFLICT ("user_id", "client_msg_id") WHERE "client_msg_id" IS NOT NULL DO NOTHING
     RETURNING ${MESSAGE_RETURNING}
   ), summary AS (
     UPDATE "chat"."message" m SET
       "reply_count" = m."reply_count" + 1,
       "last_reply_at" = greatest(m."last_reply_at", reply."created_at"),
       "reply_user_ids" = (ARRAY[reply."user_id"] || array_remove(m."reply_user_ids", reply."user_id"))[1:3],
       "updated_at" = now()
     FROM reply WHERE m."id" = reply."thread_id"
     RETURNING ${MESSAGE_COLUMNS}
   ), followers AS (
     INSERT INTO "chat"."thread_follower" ("message_id", "user_id", "last_read_at")
     SELECT reply."thread_id", f."user_id", CASE WHEN f."user_id" = reply."user_id" THEN reply."created_at" END
     FROM reply, root, LATERAL (SELECT DISTINCT unnest(ARRAY[reply."user_id", root."user_id"] || $9::uuid[]) AS "user_id") f
     ON CONFLICT ("message_id", "user_id") DO UPDATE
       SET "last_read_at" = greatest("thread_follower"."last_read_at", EXCLUDED."last_read_at")
       WHERE EXCLUDED."last_read_at" IS NOT NULL
   )
   SELECT 'reply' AS "kind", r.* FROM reply r
   UNION ALL
   SELECT 'root' AS "kind", s.* FROM summary s`,
);

/** Message `$1` of workspace `$2`, or the root of its thread when it is a reply. */
const ROOT_OF = new PreparedStatement<ThreadRow>(
  'chat.thread.root-of',
  `SELECT ${MESSAGE_COLUMNS}, ${REACTIONS_OF_M} AS "reactions" FROM "chat"."message" m
   WHERE m."id" = (SELECT coalesce(x."thread_id", x."id") FROM "chat"."message" x WHERE x."id" = $1 AND x."workspace_id" = $2)`,
);

/** The replies of thread `$1` still there, oldest first, with their reactions. */
const REPLIES = new PreparedStatement<ThreadRow>(
  'chat.thread.replies',
  `SELECT ${MESSAGE_COLUMNS}, ${REACTIONS_OF_M} AS "reactions" FROM "chat"."message" m
   WHERE m."thread_id" = $1 AND m."deleted_at" IS NULL
   ORDER BY m."created_at", m."id" LIMIT ${THREAD_REPLIES_MAX}`,
);

/** Root `$1` as it is now (a repeated reply hands it back too). */
const ROOT = new PreparedStatement<MessageRow>(
  'chat.thread.root',
  `SELECT ${MESSAGE_COLUMNS} FROM "chat"."message" m WHERE m."id" = $1`,
);

const BY_CLIENT_MSG_ID = new PreparedStatement<MessageRow>(
  'chat.thread.by-client-msg-id',
  `SELECT ${MESSAGE_COLUMNS} FROM "chat"."message" m WHERE m."user_id" = $1 AND m."client_msg_id" = $2`,
);

/**
 * The threads user `$2` follows in workspace `$1` in channels they may read, latest reply first, each with the replies
 * of others after their last read.
 */
const FOLLOWED = new PreparedStatement<MessageRow & { follower_last_read_at: Date | null; unread_count: number }>(
  'chat.thread.followed',
  `SELECT ${MESSAGE_COLUMNS}, f."last_read_at" AS "follower_last_read_at",
          (SELECT count(*)::int FROM "chat"."message" r
           WHERE r."thread_id" = m."id" AND r."user_id" <> $2 AND r."deleted_at" IS NULL
             AND r."created_at" > coalesce(f."last_read_at", '-infinity'::timestamptz)) AS "unread_count"
   FROM "chat"."thread_follower" f
   JOIN "chat"."message" m ON m."id" = f."message_id"
   JOIN "chat"."channel" c ON c."id" = m."channel_id"
   WHERE f."user_id" = $2 AND m."workspace_id" = $1 AND (c."type" = 'regular' OR $2 = ANY(c."participant_ids"))
     AND (m."deleted_at" IS NULL OR m."reply_count" > 0)
   ORDER BY m."last_reply_at" DESC NULLS LAST, m."id"
   LIMIT ${FOLLOWED_THREADS_MAX}`,
);

/**
 * Never moves the mark backwards; covers every reply stored so far and none stored later (`$3` the workspace). A mark
 * no reply has passed is left as it is and answered, as a channel's is (see UnreadService): the update then matches
 * no row, and writes nothing and waits for no flush when a follower opens a quiet thread again.
 */
const MARK_READ = new PreparedStatement<{ last_read_at: Date | null }>(
  'chat.thread.mark-read',
  `WITH "current" AS (
     SELECT f."last_read_at" FROM "chat"."thread_follower" f WHERE f."message_id" = $1 AND f."user_id" = $2),
   "moved" AS (
     UPDATE "chat"."thread_follower" f SET "last_read_at" = greatest(f."last_read_at", ${readMark('$3::uuid')})
     WHERE f."message_id" = $1 AND f."user_id" = $2
       AND (f."last_read_at" IS NULL OR EXISTS (
         SELECT 1 FROM "chat"."message" m WHERE m."thread_id" = $1 AND m."created_at" > f."last_read_at"))
     RETURNING f."last_read_at")
   SELECT "last_read_at" FROM "moved"
   UNION ALL
   SELECT "last_read_at" FROM "current" WHERE NOT EXISTS (SELECT 1 FROM "moved")`,
);

/** `@name` in a reply (as the web highlights it): usernames may hold dots, a trailing full stop ends the sentence. */
const MENTION = /(^|[^\w@])@([\w-]+(?:\.[\w-]+)*)/g;

/** The names a text mentions, lower case, at most MENTIONS_MAX. */
export const mentionedNames = (content: string | null | undefined): string[] => {
  const names = new Set<string>();
  for (const match of (content ?? '').matchAll(MENTION)) {
    const name = match[2]!.toLowerCase();
    if (name.length <= 64) names.add(name);
    if (names.size >= MENTIONS_MAX) break;
  }
  return [...names];
};

export interface NewReply {
  member: WorkspaceMember;
  author: Author;
  channel: ChannelRef;
  content: string | null;
  imageUrl: string | null;
  clientMsgId: string | null;
  threadId: string;
  alsoInChannel: boolean;
  /** A file attachment MessageService checked. */
  file?: MessageFile | null;
}

/**
 * Threads (one level deep, as in Slack): replies to a top-level message, the root's summary, who follows a thread and
 * what they have not read in it.
 */
@Injectable()
export class ThreadService {
  constructor(
    private readonly bus: BusClient,
    private readonly workspace: WorkspaceMembership,
    private readonly access: ChannelAccessService,
    private readonly directory: UserDirectory,
    private readonly statements: PreparedStatements,
  ) {}

  /**
   * Stores a reply (MessageService.create checked the member, the channel, the workspace and any image). A root that
   * is not a top-level, non-deleted message of this channel is refused with THREAD_ROOT_INVALID.
   */
  async reply(input: NewReply): Promise<CreatedMessage> {
    const { member, author, channel } = input;
    if (!isUuid(input.threadId)) throw new DomainError(ErrorCodes.validation, THREAD_ROOT_INVALID);
    const mentioned = await this.mentionedReaders(member, channel, input.content);
    const rows = await this.statements.rows(REPLY, [
      member.workspaceId,
      channel.id,
      member.userId,
      input.content,
      input.imageUrl,
      input.clientMsgId,
      input.threadId.toLowerCase(),
      input.alsoInChannel,
      mentioned,
      input.file?.url ?? null,
      input.file?.name ?? null,
      input.file?.size ?? null,
      input.file?.type ?? null,
    ]);
    const reply = rows.find((r) => r.kind === 'reply');
    const root = rows.find((r) => r.kind === 'root');
    const base = { workspaceId: member.workspaceId, audience: audienceOf(channel) };
    if (reply && root) {
      return { ...base, message: toMessage(reply, author), created: true, root: await this.present(root) };
    }
    // nothing stored: a clientMsgId used before (the stored message is answered), or a root that does not qualify
    const [stored] = input.clientMsgId
      ? await this.statements.rows(BY_CLIENT_MSG_ID, [member.userId, input.clientMsgId])
      : [];
    if (!stored) throw new DomainError(ErrorCodes.validation, THREAD_ROOT_INVALID);
    const storedChannel =
      stored.channel_id === channel.id ? channel : await this.access.readableRef(member, stored.channel_id);
    const [storedRoot] = stored.thread_id ? await this.statements.rows(ROOT, [stored.thread_id]) : [];
    return {
      workspaceId: member.workspaceId,
      audience: audienceOf(storedChannel),
      message: toMessage(stored, author),
      created: false,
      ...(storedRoot ? { root: await this.present(storedRoot) } : {}),
    };
  }

  /** The thread of a message the actor may read (a reply's id answers its root's thread); 404 otherwise. */
  async get(actor: Actor, messageId: string): Promise<Thread> {
    const member = await this.workspace.member(actor);
    const root = await this.readableRoot(member, messageId);
    const replies = await this.statements.rows(REPLIES, [root.id]);
    const authors = await this.directory.authors([root.user_id, ...replies.map((r) => r.user_id)]);
    const as = (r: ThreadRow) => toMessage(r, authors.get(r.user_id) ?? UNKNOWN_AUTHOR, r.reactions);
    return { root: as(root), replies: replies.map(as) };
  }

  /** The threads the actor follows, latest reply first, with their unread replies. */
  async followed(actor: Actor): Promise<FollowedThread[]> {
    const member = await this.workspace.member(actor);
    const rows = await this.statements.rows(FOLLOWED, [member.workspaceId, member.userId]);
    const authors = await this.directory.authors(rows.map((r) => r.user_id));
    return rows.map((r) => ({
      root: toMessage(r, authors.get(r.user_id) ?? UNKNOWN_AUTHOR),
      unreadCount: r.unread_count,
      lastReadAt: r.follower_last_read_at?.toISOString() ?? null,
    }));
  }

  /** Marks the thread read up to now for a follower; one who does not follow it has nothing to mark. */
  async markRead(actor: Actor, messageId: string): Promise<ThreadReadState> {
    const member = await this.workspace.member(actor);
    const root = await this.readableRoot(member, messageId);
    const [row] = await this.statements.rows(MARK_READ, [root.id, member.userId, member.workspaceId]);
    return { threadId: root.id, lastReadAt: (row?.last_read_at ?? new Date()).toISOString() };
  }

  /** The root of the thread `messageId` is in, when the member may read its channel and it is still shown. */
  private async readableRoot(member: WorkspaceMember, messageId: string): Promise<ThreadRow> {
    const [root] = isUuid(messageId) ? await this.statements.rows(ROOT_OF, [messageId, member.workspaceId]) : [];
    // a deleted message stays only as the tombstone of a thread
    if (!root || (root.deleted_at && root.reply_count === 0)) throw this.notFound();
    const channel = await this.access.readableRef(member, root.channel_id).catch(() => null);
    if (!channel || !canRead(channel, member.userId)) throw this.notFound();
    return root;
  }

  private notFound(): DomainError {
    return new DomainError(ErrorCodes.messageNotFound, THREAD_NOT_FOUND);
  }

  private async present(row: MessageRow) {
    return toMessage(row, await this.directory.author(row.user_id));
  }

  /** The users a reply mentions by username or handle who may read the channel: they follow the thread. */
  private async mentionedReaders(member: WorkspaceMember, channel: ChannelRef, content: string | null) {
    const names = mentionedNames(content);
    if (names.length === 0) return [];
    const found = await this.bus.request(IdentityContracts.findByNames, { names });
    const ids = [...new Set(found.map((u) => u.id))].filter((id) => id !== member.userId);
    const readers = await Promise.all(
      ids.map(async (id) =>
        channel.type === 'direct'
          ? canRead(channel, id)
          : await this.workspace.isMember(member.workspaceId, id).catch(() => false),
      ),
    );
    return ids.filter((_, i) => readers[i]);
  }
}
