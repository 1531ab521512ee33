import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { Repository } from 'typeorm';
import { DomainError } from '@teamchat/bus';
import { ProcessEvents, WorkspaceMembership, type WorkspaceMember } from '@teamchat/service-kit';
import { ChatEvents, ErrorCodes, type Actor, type ChannelAccess, type ChannelVisibility } from '@teamchat/contracts';
import { PreparedStatement, PreparedStatements } from '@teamchat/database';
import { isUuid } from '../common/ids.js';
import { ChannelEntity } from './channel.entity.js';

export const CHANNEL_NOT_FOUND = 'Channel not found';
export const CHANNEL_ARCHIVED = 'This channel is archived: it is read-only.';

/**
 * What decides who may use a channel. `participantIds`: a DM's participants or a private channel's members; left out
 * (null) for a public channel, which every member of the workspace reads.
 */
export interface ChannelRef {
  id: string;
  workspaceId: string;
  type: ChannelEntity['type'];
  visibility: ChannelVisibility;
  archived: boolean;
  participantIds: string[] | null;
}

/** Public regular channels are read by every member of the workspace; the rest by their members only. */
export const isPublic = (channel: Pick<ChannelRef, 'type' | 'visibility'>): boolean =>
  channel.type === 'regular' && channel.visibility === 'public';

/**
 * Who may read (and, unless archived, post to) a channel: every member of the workspace in a public channel, only its
 * members in a private channel or a DM. Anything else is a 404.
 */
export const canRead = (channel: ChannelRef, userId: string): boolean =>
  isPublic(channel) || (channel.participantIds ?? []).includes(userId);

/** Who hears a channel's live frames: the whole workspace for a public channel, its members otherwise. */
export const audienceOf = (channel: ChannelRef): ChannelAccess['audience'] => ({
  userIds: isPublic(channel) ? null : [...(channel.participantIds ?? [])],
});

/** Posting, reacting, pinning and editing in an archived channel are refused (409). */
export const requireWritable = (channel: Pick<ChannelRef, 'archived'>): void => {
  if (channel.archived) throw new DomainError(ErrorCodes.channelArchived, CHANNEL_ARCHIVED);
};

const MAX_REFS = 50_000;

interface RefRow {
  id: string;
  workspace_id: string;
  type: ChannelRef['type'];
  visibility: ChannelVisibility;
  archived: boolean;
  participant_ids: string[] | null;
}
const refFromRow = (row: RefRow): ChannelRef => ({
  id: row.id,
  workspaceId: row.workspace_id,
  type: row.type,
  visibility: row.type === 'direct' ? 'private' : row.visibility,
  archived: row.archived,
  participantIds: row.participant_ids,
});

// a public channel's member list is not needed to read it (and may be long): it is left out of the cached ref
const CHANNEL_REF = new PreparedStatement<RefRow>(
  'chat.channel.ref',
  `SELECT "id", "workspace_id", "type", "visibility", "archived_at" IS NOT NULL AS "archived",
          CASE WHEN "type" = 'regular' AND "visibility" = 'public' THEN NULL ELSE "participant_ids" END AS "participant_ids"
   FROM "chat"."channel" WHERE "id" = $1`,
);

/** Who reads: a member, or (on the message hot path) the ids a member check running alongside will confirm. */
type Reader = Pick<WorkspaceMember, 'userId' | 'workspaceId'>;

/**
 * The one membership check of chat: every path that takes a channel, message, thread, pin, file or reaction id asks it
 * (or filters by the same rule in SQL: `readableBy`). Channel refs are cached per process for the per-message hot
 * path and dropped on `chat.channel.membership-changed`, which every chat replica hears (ProcessEvents), and at once
 * in the process that made the change.
 */
@Injectable()
export class ChannelAccessService {
  private readonly refs = new Map<string, ChannelRef>();

  constructor(
    @InjectRepository(ChannelEntity) private readonly channels: Repository<ChannelEntity>,
    private readonly workspace: WorkspaceMembership,
    private readonly statements: PreparedStatements,
    events: ProcessEvents,
  ) {
    events.on(ChatEvents.membershipChanged, ({ channelId, added, removed }) =>
      this.forget(channelId, added.length + removed.length > 0),
    );
    events.onReset(() => this.refs.clear());
  }

  /**
   * Drops what is cached of the channel: its visibility or archived state changed, or (`membersOnly`) only who belongs
   * to it — which a public channel's ref does not hold, so it stays (people joining #general cost its readers nothing).
   */
  forget(channelId: string, membersOnly = false): void {
    const id = channelId.toLowerCase();
    const cached = this.refs.get(id);
    if (cached && membersOnly && isPublic(cached)) return;
    this.refs.delete(id);
  }

  /** The channel, if the member may read it; CHAT.CHANNEL_NOT_FOUND otherwise (other workspaces' ids included). */
  async readable(member: Reader, channelId: string): Promise<ChannelEntity> {
    if (!isUuid(channelId)) throw new DomainError(ErrorCodes.channelNotFound, CHANNEL_NOT_FOUND);
    const channel = await this.channels.findOneBy({ id: channelId.toLowerCase(), workspaceId: member.workspaceId });
    if (!channel || !canRead(refOf(channel), member.userId))
      throw new DomainError(ErrorCodes.channelNotFound, CHANNEL_NOT_FOUND);
    return channel;
  }

  /** Like `readable`, for the hot path: answers from memory once the channel has been seen. */
  async readableRef(member: Reader, channelId: string): Promise<ChannelRef> {
    const ref = await this.ref(channelId);
    if (!ref || ref.workspaceId !== member.workspaceId || !canRead(ref, member.userId)) {
      throw new DomainError(ErrorCodes.channelNotFound, CHANNEL_NOT_FOUND);
    }
    return ref;
  }

  /** As `readableRef`, and refuses an archived channel (CHAT.CHANNEL_ARCHIVED) once the reader may see it. */
  async writableRef(member: Reader, channelId: string): Promise<ChannelRef> {
    const ref = await this.readableRef(member, channelId);
    requireWritable(ref);
    return ref;
  }

  /** The cached ref of a channel of any workspace, or null; callers check the reader themselves. */
  async ref(channelId: string): Promise<ChannelRef | null> {
    const id = channelId.toLowerCase();
    const cached = this.refs.get(id);
    if (cached) return cached;
    if (!isUuid(id)) return null;
    const rows = await this.statements.rows(CHANNEL_REF, [id]);
    if (rows.length === 0) return null;
    const ref = refFromRow(rows[0]);
    if (this.refs.size >= MAX_REFS) this.refs.clear();
    this.refs.set(id, ref);
    return ref;
  }

  async describe(actor: Actor, channelId: string): Promise<ChannelAccess> {
    const member = await this.workspace.member(actor);
    const channel = await this.readableRef(member, channelId);
    return {
      channelId: channel.id,
      workspaceId: channel.workspaceId,
      type: channel.type,
      audience: audienceOf(channel),
      visibility: channel.visibility,
      archived: channel.archived,
    };
  }
}

/** The ref of a loaded channel. */
export const refOf = (c: ChannelEntity): ChannelRef => ({
  id: c.id,
  workspaceId: c.workspaceId,
  type: c.type,
  visibility: c.type === 'direct' ? 'private' : c.visibility,
  archived: c.archivedAt != null,
  participantIds: c.participantIds,
});

/**
 * The SQL rule of `canRead` for a channel aliased `c`: `user` is the reader's id as a parameter or expression.
 * Members are read from `participant_ids` (kept equal to chat.channel_member for regular channels).
 */
export const readableBy = (user: string, c = 'c'): string =>
  `((${c}."type" = 'regular' AND ${c}."visibility" = 'public') OR ${user} = ANY(${c}."participant_ids"))`;

/** The SQL rule of membership (sidebar, unread counts, @channel): the reader is one of the channel's members. */
export const memberOf = (user: string, c = 'c'): string => `${user} = ANY(${c}."participant_ids")`;
