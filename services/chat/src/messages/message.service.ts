import { Injectable } from '@nestjs/common';
import { LRUCache } from 'lru-cache';
import { newestPageReads } from '@teamchat/observability';
import { DomainError } from '@teamchat/bus';
import { WorkspaceEntitlements, WorkspaceMembership, StoredImages } from '@teamchat/service-kit';
import {
  ErrorCodes,
  isStorableTime,
  MESSAGE_PAGE_MAX,
  REPLAY_MAX_AGE_MS,
  REPLAY_MAX_MESSAGES,
  type Actor,
  type CreatedMessage,
  type Message,
  type ReactionSummary,
  type Replay,
} from '@teamchat/contracts';
import { PreparedStatement, PreparedStatements } from '@teamchat/database';
import { chatImage } from '../common/chat-images.js';
import { UNKNOWN_AUTHOR, UserDirectory } from '../common/user-directory.service.js';
import { isUuid } from '../common/ids.js';
import { audienceOf, ChannelAccessService, type ChannelRef } from '../channels/channel-access.service.js';
import { ThreadService } from '../threads/thread.service.js';
import { MessageFiles } from './message-files.js';
import { MessageWriter } from './message-writer.js';
import { BroadcastMentions } from '../notifications/broadcast-mentions.js';
import { MESSAGE_COLUMNS, REACTIONS_OF_M, toMessage, VISIBLE_IN_CHANNEL, type MessageRow } from './message.mapper.js';

export const INVALID_CURSOR = 'Invalid before cursor';
export const INVALID_AFTER_CURSOR = 'Invalid after cursor';
export const INVALID_AROUND_MESSAGE = 'Invalid around message';

/** A page row carries its message's reactions, grouped per reaction in the order each was first applied. */
type PageRow = MessageRow & { reactions: ReactionSummary[] };

/** Messages of channel `$1` with their reactions; a page appends its cursor condition, order and limit. */
const PAGE_ROWS = `SELECT ${MESSAGE_COLUMNS}, ${REACTIONS_OF_M} AS "reactions"
     FROM "chat"."message" m
     WHERE m."channel_id" = $1 AND ${VISIBLE_IN_CHANNEL}`;
const NEWEST_FIRST = `ORDER BY m."created_at" DESC, m."id" DESC`;
const OLDEST_FIRST = `ORDER BY m."created_at", m."id"`;

/**
 * A page is `$2` messages of channel `$1` next to a message (`$3`, `$4`) or a time (`$3`) if given, with their
 * reactions: one statement, so a page costs one round trip and one transaction.
 *
 * The inner constant limit (a page's largest size) is there for the plan cache: with `LIMIT $2` alone, Postgres
 * prices its generic plan at a tenth of the channel's rows, dearer than a custom plan for 50 in any channel of more than
 * a few hundred messages, so it planned the statement again on every execution (0.15–0.2 ms, as long as running it).
 * Bounded by the constant, the generic plan is the cheaper one and is kept after the fifth execution. Rows are pulled
 * lazily, so only the `$2` rows returned are read and have their reactions gathered; the outer order costs no sort
 * (Postgres knows the inner rows come in it).
 */
const pageOf = (name: string, cursor: string, order = NEWEST_FIRST) =>
  new PreparedStatement<PageRow>(
    `chat.message.${name}`,
    `SELECT * FROM (${PAGE_ROWS} ${cursor} ${order} LIMIT ${MESSAGE_PAGE_MAX}) m ${order} LIMIT $2`,
  );
const PAGE_BEFORE_MESSAGE = pageOf('page-before-message', `AND (m."created_at", m."id") < ($3, $4)`);
const PAGE_BEFORE_TIME = pageOf('page-before-time', `AND m."created_at" < $3`);
const PAGE_AFTER_MESSAGE = pageOf('page-after-message', `AND (m."created_at", m."id") > ($3, $4)`, OLDEST_FIRST);
/** Up to `$2` messages older than message (`$3`, `$4`), and that message with up to `$5 - 1` newer ones. */
const PAGE_AROUND_MESSAGE = new PreparedStatement<PageRow>(
  'chat.message.page-around-message',
  `SELECT * FROM ((${PAGE_ROWS} AND (m."created_at", m."id") < ($3, $4) ${NEWEST_FIRST} LIMIT $2)
                  UNION ALL
                  (${PAGE_ROWS} AND (m."created_at", m."id") >= ($3, $4) ${OLDEST_FIRST} LIMIT $5)) p
   ORDER BY p."created_at", p."id"`,
);
/** Changes of a workspace looked through to tell whether a channel's kept newest page is still as it was. */
const CHANGES_CHECKED = 200;

/**
 * The newest `$2` messages of channel `$1` of workspace `$3`, unless none of them can have changed since the workspace's
 * change clock read `$4` (the clock kept with a page read earlier; null: no page kept). One row always comes back even
 * with no page: `clock` (the workspace's clock as this statement saw it, null before its first message) and `changed`;
 * the page's columns follow, null on that row when there is no page to return. Every insert or update of a message
 * takes its `updated_at` from the clock (migration 1736000000600-change-clock), writes to it commit in clock order, and
 * a reaction moves its message's `updated_at`: so a page read in the same snapshot as clock T is still the page as
 * long as no message of the channel has an `updated_at` after T — whoever wrote it (the service, another replica, a
 * hand-made fix in SQL). The check walks the workspace's `(workspace_id, updated_at)` index from T, at most
 * CHANGES_CHECKED changes (more than that counts as changed); the page itself is only read when it changed.
 */
export const NEWEST_PAGE_UNLESS_UNCHANGED = new PreparedStatement<
  { clock: Date | null; changed: boolean } & (PageRow | { [K in keyof PageRow]: null })
>(
  'chat.message.newest-page-unless-unchanged',
  `SELECT k."clock", k."changed", p.*
   FROM (SELECT (SELECT "last_change_at" FROM "chat"."workspace_clock" WHERE "workspace_id" = $3) AS "clock",
                ($4::timestamptz IS NULL OR (
                   SELECT coalesce(bool_or(c."channel_id" = $1), false) OR count(*) >= ${CHANGES_CHECKED}
                   FROM (SELECT "channel_id" FROM "chat"."message"
                         WHERE "workspace_id" = $3 AND "updated_at" > $4
                         ORDER BY "updated_at" LIMIT ${CHANGES_CHECKED}) c)) AS "changed"
         OFFSET 0) k
   LEFT JOIN LATERAL (SELECT * FROM (${PAGE_ROWS} AND k."changed" ${NEWEST_FIRST} LIMIT ${MESSAGE_PAGE_MAX}) m
                      ${NEWEST_FIRST} LIMIT $2) p ON true
   ORDER BY p."created_at" DESC, p."id" DESC`,
);

const pagesKept = newestPageReads.labels({ result: 'kept' });
const pagesRead = newestPageReads.labels({ result: 'read' });

/** Rows of newest pages kept (about 2 KB each on the heap, so about 20 MB): a default page of 200 channels. */
const NEWEST_PAGES_KEPT_ROWS = 10_000;

/**
 * What changed in workspace `$1` after `$2` in the channels user `$3` may read, oldest change first, one row past the
 * most a replay returns. The parameters are read through sub-selects so that Postgres prices every plan the same way
 * whatever they are, and keeps its generic plan after the fifth execution: planned per call, as a custom
 * plan, it spent 0.4–0.6 ms planning a statement that then ran in 0.04–0.1 ms, and every socket that joins with
 * `since` asks for it (a reconnect storm is thousands at once). The generic plan walks the workspace's
 * `(workspace_id, updated_at)` index from the moment on and stops at the limit, for a gap of seconds or of hours.
 */
export const REPLAY = new PreparedStatement<PageRow>(
  'chat.message.replay',
  `SELECT ${MESSAGE_COLUMNS}, ${REACTIONS_OF_M} AS "reactions"
   FROM "chat"."message" m JOIN "chat"."channel" c ON c."id" = m."channel_id"
   WHERE m."workspace_id" = (SELECT $1::uuid) AND m."updated_at" > (SELECT $2::timestamptz)
     AND (c."type" = 'regular' OR (SELECT $3::uuid) = ANY(c."participant_ids"))
   ORDER BY m."updated_at", m."created_at", m."id" LIMIT ${REPLAY_MAX_MESSAGES + 1}`,
);
const CURSOR = new PreparedStatement<{ created_at: Date; id: string }>(
  'chat.message.cursor',
  `SELECT "created_at", "id" FROM "chat"."message" WHERE "id" = $1 AND "channel_id" = $2`,
);
const BY_CLIENT_MSG_ID = new PreparedStatement<MessageRow>(
  'chat.message.by-client-msg-id',
  `SELECT ${MESSAGE_COLUMNS} FROM "chat"."message" m WHERE m."user_id" = $1 AND m."client_msg_id" = $2`,
);

export interface NewMessage {
  channelId: string;
  content?: string | null;
  imageUrl?: string | null;
  /** A file attachment's /attachments/... address (see MessageFiles). */
  fileUrl?: string | null;
  clientMsgId?: string | null;
  /** A thread reply to this root message (see ThreadService.reply). */
  threadId?: string | null;
  alsoInChannel?: boolean | null;
}

/** Messages: one create path for socket and HTTP, pages of history, and the replay a reconnecting socket asks for. */
@Injectable()
export class MessageService {
  /**
   * Each channel's newest page as last read, oldest message first, with the workspace clock it was read at (see
   * NEWEST_PAGE_UNLESS_UNCHANGED), by channel and page size. Rows, not messages: authors are named when answering.
   */
  private readonly newestPages = new LRUCache<string, { clock: Date; rows: PageRow[] }>({
    maxSize: NEWEST_PAGES_KEPT_ROWS,
    sizeCalculation: (page) => Math.max(1, page.rows.length),
  });

  constructor(
    private readonly workspace: WorkspaceMembership,
    private readonly entitlements: WorkspaceEntitlements,
    private readonly access: ChannelAccessService,
    private readonly directory: UserDirectory,
    private readonly images: StoredImages,
    private readonly statements: PreparedStatements,
    private readonly files: MessageFiles,
    private readonly threads: ThreadService,
    private readonly broadcastMentions: BroadcastMentions,
    private readonly writer: MessageWriter,
  ) {}

  /** The newest `limit` messages, before a message or a time if given, oldest first. */
  list(actor: Actor, channelId: string, before: string | undefined, limit: number): Promise<Message[]> {
    return this.page(actor, channelId, async ({ id, workspaceId }) => {
      if (!before) return this.newestPage(id, workspaceId, limit);
      if (isUuid(before)) {
        const ref = await this.cursorOf(id, before, INVALID_CURSOR);
        return (await this.statements.rows(PAGE_BEFORE_MESSAGE, [id, limit, ref.created_at, ref.id])).reverse();
      }
      const at = new Date(before);
      if (!isStorableTime(at)) throw new DomainError(ErrorCodes.validation, INVALID_CURSOR);
      return (await this.statements.rows(PAGE_BEFORE_TIME, [id, limit, at])).reverse();
    });
  }

  /** The oldest `limit` messages newer than a message, oldest first: scrolling down from where a search opened. */
  listAfter(actor: Actor, channelId: string, messageId: string, limit: number): Promise<Message[]> {
    return this.page(actor, channelId, async ({ id }) => {
      const ref = await this.cursorOf(id, messageId, INVALID_AFTER_CURSOR);
      return this.statements.rows(PAGE_AFTER_MESSAGE, [id, limit, ref.created_at, ref.id]);
    });
  }

  /** A message with up to `limit / 2` older ones and the rest of `limit` newer, oldest first: a search result opened. */
  listAround(actor: Actor, channelId: string, messageId: string, limit: number): Promise<Message[]> {
    return this.page(actor, channelId, async ({ id }) => {
      const ref = await this.cursorOf(id, messageId, INVALID_AROUND_MESSAGE);
      const older = Math.floor(limit / 2);
      return this.statements.rows(PAGE_AROUND_MESSAGE, [id, older, ref.created_at, ref.id, limit - older]);
    });
  }

  /**
   * The rows `read` picks from a channel the actor may read, as new messages (the rows themselves are only read: a
   * kept page's rows are handed over as they are); a cursor is looked up in that channel only.
   */
  private async page(
    actor: Actor,
    channelId: string,
    read: (channel: ChannelRef) => Promise<PageRow[]>,
  ): Promise<Message[]> {
    const member = await this.workspace.member(actor);
    const channel = await this.access.readableRef(member, channelId);
    const rows = await read(channel);
    const authors = await this.directory.authors(rows.map((r) => r.user_id));
    return rows.map((r) => toMessage(r, authors.get(r.user_id) ?? UNKNOWN_AUTHOR, r.reactions));
  }

  /**
   * The newest `limit` rows of the channel, oldest first: the page kept from the last read when no message of the
   * channel changed since (one statement either way, which reads the page only when it changed). Most reads of a
   * channel find it as it was — people switch between channels far more often than they post — and a kept page
   * spares Postgres the page and its reactions, and this service the parsing of them.
   */
  private async newestPage(channelId: string, workspaceId: string, limit: number): Promise<PageRow[]> {
    const key = `${channelId}:${limit}`;
    const kept = this.newestPages.get(key);
    const rows = await this.statements.rows(NEWEST_PAGE_UNLESS_UNCHANGED, [
      channelId,
      limit,
      workspaceId,
      kept?.clock ?? null,
    ]);
    const [{ clock, changed }] = rows;
    if (kept && !changed) {
      pagesKept.inc();
      return kept.rows;
    }
    pagesRead.inc();
    const page = rows.filter((r): r is (typeof rows)[number] & PageRow => r.id !== null).reverse();
    if (clock) this.newestPages.set(key, { clock, rows: page });
    else this.newestPages.delete(key);
    return page;
  }

  /** Where a message of this channel sits; any other id is refused with `message`. */
  private async cursorOf(channelId: string, messageId: string, message: string) {
    const [ref] = isUuid(messageId) ? await this.statements.rows(CURSOR, [messageId, channelId]) : [];
    if (!ref) throw new DomainError(ErrorCodes.validation, message);
    return ref;
  }

  /**
   * Stores a message from a member allowed in the channel, while the workspace is not read-only (BILLING.WORKSPACE_READ_ONLY
   * once its trial ended unpaid or its subscription lapsed); an image must be a message-image upload of the workspace
   * that media stored and checked. A `clientMsgId` the user already used returns the stored
   * message (`created: false`) instead of a second copy, so a client may safely resend after a lost reply.
   */
  async create(actor: Actor, input: NewMessage): Promise<CreatedMessage> {
    if (!actor.workspaceId) await this.workspace.member(actor);
    // the membership check, the channel lookup and the author's name do not depend on each other; the channel is
    // only used once the membership is confirmed
    const claimed = { userId: actor.userId, workspaceId: actor.workspaceId! };
    const [member, author, channel] = await Promise.all([
      this.workspace.member(actor),
      this.directory.author(actor.userId),
      this.access.readableRef(claimed, input.channelId),
    ]);
    // after the membership answer (a stranger hears "not found"); cached per workspace, so no extra round trip
    await this.entitlements.requireWritable(member.workspaceId);
    const content = input.content?.trim() ? input.content : null;
    await this.broadcastMentions.requireAllowed(member, channel, content);
    const imageUrl = input.imageUrl?.trim() || null;
    // after the membership and channel answers, so a stranger hears about those and not about the image
    if (imageUrl)
      await this.images.requireUploaded(member, imageUrl, {
        ...chatImage('message', member.workspaceId),
        channelId: channel.id,
      });
    const file = input.fileUrl?.trim() ? await this.files.require(member, input.fileUrl.trim(), channel.id) : null;
    const clientMsgId = input.clientMsgId || null;
    if (input.threadId) {
      const alsoInChannel = input.alsoInChannel === true;
      return this.threads.reply({
        member,
        author,
        channel,
        content,
        imageUrl,
        clientMsgId,
        threadId: input.threadId,
        alsoInChannel,
        file,
      });
    }
    const inserted = await this.writer.insert({
      workspaceId: member.workspaceId,
      channelId: channel.id,
      userId: member.userId,
      content,
      imageUrl,
      clientMsgId,
      fileUrl: file?.url ?? null,
      fileName: file?.name ?? null,
      fileSize: file?.size ?? null,
      fileType: file?.type ?? null,
    });
    if (inserted) {
      return {
        message: toMessage(inserted, author),
        created: true,
        workspaceId: member.workspaceId,
        audience: audienceOf(channel),
      };
    }
    const [stored] = await this.statements.rows(BY_CLIENT_MSG_ID, [member.userId, clientMsgId]);
    const storedChannel =
      stored.channel_id === channel.id ? channel : await this.access.readableRef(member, stored.channel_id);
    return {
      message: toMessage(stored, author),
      created: false,
      workspaceId: member.workspaceId,
      audience: audienceOf(storedChannel),
    };
  }

  /**
   * What changed after `since` in every channel the actor may read in their workspace, oldest change first: new
   * messages and thread replies, and messages edited, deleted, pinned, reacted to or replied to since (`updatedAt`),
   * each as it is now. `resync` when the gap is older than a day or longer than 500 changes (the client then
   * refetches instead).
   */
  async replay(actor: Actor, since: string | number): Promise<Replay> {
    const member = await this.workspace.member(actor);
    const after = new Date(since);
    if (Number.isNaN(after.getTime()) || Date.now() - after.getTime() > REPLAY_MAX_AGE_MS) {
      return { status: 'resync', reason: 'since-too-old' };
    }
    const rows = await this.statements.rows(REPLAY, [member.workspaceId, after, member.userId]);
    if (rows.length > REPLAY_MAX_MESSAGES) return { status: 'resync', reason: 'gap-too-large' };
    const authors = await this.directory.authors(rows.map((r) => r.user_id));
    return {
      status: 'ok',
      messages: rows.map((r) => toMessage(r, authors.get(r.user_id) ?? UNKNOWN_AUTHOR, r.reactions)),
    };
  }
}
