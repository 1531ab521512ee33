import { Injectable, Logger } from '@nestjs/common';
import { InjectDataSource, InjectRepository } from '@nestjs/typeorm';
import { IsNull, type DataSource, type EntityManager, type Repository } from 'typeorm';
import { BusClient, DomainError } from '@teamchat/bus';
import { WorkspaceMembership } from '@teamchat/service-kit';
import {
  ErrorCodes,
  normalizeIcon,
  type Actor,
  type Channel,
  type CreateChannel,
  type PrivateChannelSummary,
  type UpdateChannel,
} from '@teamchat/contracts';
import { PreparedStatement, PreparedStatements } from '@teamchat/database';
import { isUniqueViolation, isUuid } from '../common/ids.js';
import { ChannelSectionEntity } from '../sections/channel-section.entity.js';
import { SECTION_NOT_FOUND } from '../sections/section.service.js';
import { channelsInSection, place, sidebarChanged, visibleSection } from '../sections/sidebar.js';
import { DEFAULT_SECTION_NAME, WorkspaceSetupService } from '../workspace-events/workspace-setup.service.js';
import { ChannelEntity } from './channel.entity.js';
import { CHANNEL_ARCHIVED, ChannelAccessService } from './channel-access.service.js';
import { addRows, ChannelMembershipService, USER_NOT_IN_WORKSPACE } from './channel-membership.service.js';
import { ChannelNotices } from './channel-notices.js';
import { CHANNEL_COLUMNS, channelFromRow, SIDEBAR_COLUMNS, toChannel, type ChannelRow } from './channel.mapper.js';

export const CHANNEL_NAME_TAKEN = 'A channel with this name already exists.';
export const DM_RENAME_REFUSED = 'Direct messages cannot be renamed.';
export const DM_CHANGE_REFUSED = 'Direct messages have no topic, purpose or settings.';
export const DM_CONVERT_REFUSED = 'Direct messages cannot be converted.';
export const ALREADY_PRIVATE = 'This channel is private already.';
export const ALREADY_ARCHIVED = 'This channel is archived already.';
export const NOT_ARCHIVED = 'This channel is not archived.';
export const ARCHIVE_FORBIDDEN = 'Only a channel admin (its creator or a workspace admin) can archive or unarchive it.';
export const UPDATE_FORBIDDEN = 'Join the channel to change its topic or purpose.';
export const CONVERT_ADMINS_ONLY = 'Only workspace admins can make a channel private.';
export const DEFAULT_ADMINS_ONLY = 'Only workspace admins can choose default channels.';

/**
 * The sidebar: the regular channels the member belongs to, not archived, each where the member put it (their
 * placement) or else where the workspace has it: by section (sections without order last), then by order within it.
 */
const LIST_CHANNELS = new PreparedStatement<ChannelRow>(
  'chat.channel.list',
  `SELECT ${SIDEBAR_COLUMNS} FROM "chat"."channel" c
   LEFT JOIN "chat"."sidebar_placement" p ON p."channel_id" = c."id" AND p."user_id" = $2
   LEFT JOIN "chat"."channel_section" s ON s."id" = coalesce(p."section_id", c."section_id")
   WHERE c."workspace_id" = $1 AND c."type" = 'regular' AND c."participant_ids" @> ARRAY[$2::uuid]
     AND c."archived_at" IS NULL
   ORDER BY s."order" ASC NULLS LAST, s."created_at" ASC, coalesce(p."order", c."order") ASC, c."created_at" ASC`,
);

/** The channel browser: public channels and the member's private ones whose name contains $3, by name. */
const BROWSE_CHANNELS = new PreparedStatement<ChannelRow>(
  'chat.channel.browse',
  `SELECT ${CHANNEL_COLUMNS} FROM "chat"."channel" c
   WHERE c."workspace_id" = $1 AND c."type" = 'regular'
     AND (c."visibility" = 'public' OR c."participant_ids" @> ARRAY[$2::uuid])
     AND ($3 = '' OR strpos(lower(c."name"), lower($3)) > 0)
   ORDER BY lower(c."name"), c."id"
   LIMIT 1000`,
);

/** Governance: every private channel of the workspace, by name; names and counts only. */
const PRIVATE_CHANNELS = new PreparedStatement<{
  id: string;
  name: string;
  member_count: number;
  archived: boolean;
  created_by: string | null;
  created_at: Date;
}>(
  'chat.channel.private-list',
  `SELECT c."id", c."name", coalesce(cardinality(c."participant_ids"), 0) AS member_count,
          c."archived_at" IS NOT NULL AS archived, c."created_by", c."created_at"
   FROM "chat"."channel" c
   WHERE c."workspace_id" = $1 AND c."type" = 'regular' AND c."visibility" = 'private'
   ORDER BY lower(c."name"), c."id"`,
);

@Injectable()
export class ChannelService {
  private readonly logger = new Logger(ChannelService.name);

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    @InjectRepository(ChannelEntity) private readonly channels: Repository<ChannelEntity>,
    private readonly workspace: WorkspaceMembership,
    private readonly access: ChannelAccessService,
    private readonly setup: WorkspaceSetupService,
    private readonly statements: PreparedStatements,
    private readonly membership: ChannelMembershipService,
    private readonly notices: ChannelNotices,
    private readonly bus: BusClient,
  ) {}

  /** The member's regular channels, not archived, in sidebar order: by section, then by order within it. */
  async list(actor: Actor): Promise<Channel[]> {
    const { workspaceId, userId } = await this.workspace.member(actor);
    await this.membership.ensureMember(workspaceId, userId);
    const rows = await this.statements.rows(LIST_CHANNELS, [workspaceId, userId]);
    return rows.map((r) => channelFromRow(r, userId));
  }

  /** The channel browser: public channels and the member's private ones, by name, filtered by `q`. */
  async browse(actor: Actor, q: string): Promise<Channel[]> {
    const { workspaceId, userId } = await this.workspace.member(actor);
    await this.membership.ensureMember(workspaceId, userId);
    const rows = await this.statements.rows(BROWSE_CHANNELS, [workspaceId, userId, q.trim()]);
    return rows.map((r) => channelFromRow(r, userId));
  }

  /** One channel the member may read (a public channel's preview before joining). */
  async get(actor: Actor, channelId: string): Promise<Channel> {
    const member = await this.workspace.member(actor);
    return toChannel(await this.access.readable(member, channelId), member.userId);
  }

  /** Workspace admins: the private channels' names and member counts. */
  async listPrivate(actor: Actor): Promise<PrivateChannelSummary[]> {
    const { workspaceId } = await this.workspace.requireAdmin(actor);
    const rows = await this.statements.rows(PRIVATE_CHANNELS, [workspaceId]);
    return rows.map((r) => ({
      id: r.id,
      name: r.name,
      memberCount: r.member_count,
      archived: r.archived,
      createdBy: r.created_by,
      createdAt: r.created_at.toISOString(),
    }));
  }

  /**
   * Appended at the end of its section (the first one unless named); the name is unique in the workspace. The creator
   * joins it as its channel admin, with `participantIds` (members of the workspace, 404 for anyone else) besides.
   * Named one of the creator's own sections, it goes in the workspace's first section for everyone else, and at the
   * end of that section of theirs for the creator.
   */
  async create(actor: Actor, input: CreateChannel): Promise<Channel> {
    const { workspaceId, userId } = await this.workspace.member(actor);
    await this.setup.ensure(workspaceId);
    const others = [...new Set((input.participantIds ?? []).map((id) => id.toLowerCase()))].filter(
      (id) => id !== userId,
    );
    const inWorkspace = await Promise.all(others.map((id) => this.workspace.isMember(workspaceId, id)));
    if (inWorkspace.some((ok) => !ok)) throw new DomainError(ErrorCodes.memberNotFound, USER_NOT_IN_WORKSPACE);
    try {
      const { saved, placed } = await this.db.transaction(async (m) => {
        const named = input.sectionId ? await visibleSection(m, workspaceId, userId, input.sectionId, true) : null;
        const own = named?.ownerId ? named : null;
        const section = await this.lockSection(m, workspaceId, own ? null : (input.sectionId ?? null));
        const [{ next }] = (await m.query(
          `SELECT coalesce(max("order") + 1, 0)::int AS next FROM "chat"."channel" WHERE "section_id" = $1`,
          [section.id],
        )) as { next: number }[];
        const created = await m.save(
          m.create(ChannelEntity, {
            workspaceId,
            name: input.name,
            description: input.description?.trim() || null,
            sectionId: section.id,
            type: 'regular',
            participantIds: null,
            dmKey: null,
            icon: normalizeIcon(input.icon),
            order: next,
            visibility: input.visibility ?? 'public',
            topic: null,
            archivedAt: null,
            isDefault: false,
            createdBy: userId,
          }),
        );
        await addRows(m, created, [userId], 'admin');
        let placed: { sectionId: string; order: number } | null = null;
        if (own) {
          const there = [...(await channelsInSection(m, workspaceId, userId, own.id)), created.id];
          await place(m, workspaceId, userId, own.id, there);
          placed = { sectionId: own.id, order: there.length - 1 };
        }
        return { saved: (await addRows(m, created, others, 'member')).channel, placed };
      });
      const channel = toChannel(saved, userId);
      await this.notices.changed(channel, saved.participantIds ?? [], []);
      if (others.length > 0) await this.notices.added(channel, others);
      if (!placed) return channel;
      await sidebarChanged(this.bus, this.logger, workspaceId, userId);
      return { ...channel, ...placed };
    } catch (err) {
      if (isUniqueViolation(err, 'UQ_CHANNEL_WORKSPACE_NAME'))
        throw new DomainError(ErrorCodes.channelNameTaken, CHANNEL_NAME_TAKEN);
      throw err;
    }
  }

  async rename(actor: Actor, channelId: string, name: string): Promise<Channel> {
    const member = await this.workspace.member(actor);
    const found = await this.access.readable(member, channelId);
    if (found.type === 'direct') throw new DomainError(ErrorCodes.channelIsDirect, DM_RENAME_REFUSED);
    const before = found.name;
    let saved: ChannelEntity;
    try {
      saved = (
        await this.membership.locked(member.workspaceId, found.id, async (m, c) => {
          if (c.archivedAt) throw new DomainError(ErrorCodes.channelArchived, CHANNEL_ARCHIVED);
          c.name = name;
          return { channel: await m.save(c), changed: [] };
        })
      ).channel;
    } catch (err) {
      if (isUniqueViolation(err, 'UQ_CHANNEL_WORKSPACE_NAME'))
        throw new DomainError(ErrorCodes.channelNameTaken, CHANNEL_NAME_TAKEN);
      throw err;
    }
    const channel = toChannel(saved, member.userId);
    if (saved.name !== before) {
      await this.notices.updated(channel);
      await this.notices.post(channel, member.userId, 'renamed', { text: saved.name });
    }
    return channel;
  }

  /** Topic and purpose (members of the channel), and whether it is a default channel (workspace admins). */
  async update(actor: Actor, channelId: string, input: UpdateChannel): Promise<Channel> {
    const member = await this.workspace.member(actor);
    const found = await this.access.readable(member, channelId);
    if (found.type === 'direct') throw new DomainError(ErrorCodes.channelIsDirect, DM_CHANGE_REFUSED);
    if (input.isDefault !== undefined && member.role !== 'admin')
      throw new DomainError(ErrorCodes.notAdmin, DEFAULT_ADMINS_ONLY);
    const text = (v: string | null | undefined) => (v === undefined ? undefined : v?.trim() || null);
    const topic = text(input.topic);
    const description = text(input.description);
    const events: { event: 'topic' | 'purpose'; text: string | null }[] = [];
    const { channel: saved } = await this.membership.locked(member.workspaceId, found.id, async (m, c) => {
      if (c.archivedAt) throw new DomainError(ErrorCodes.channelArchived, CHANNEL_ARCHIVED);
      if ((topic !== undefined || description !== undefined) && !(c.participantIds ?? []).includes(member.userId))
        throw new DomainError(ErrorCodes.forbidden, UPDATE_FORBIDDEN);
      if (topic !== undefined && topic !== c.topic) events.push({ event: 'topic', text: (c.topic = topic) });
      if (description !== undefined && description !== c.description)
        events.push({ event: 'purpose', text: (c.description = description) });
      if (input.isDefault !== undefined) c.isDefault = input.isDefault;
      return { channel: await m.save(c), changed: [] };
    });
    const channel = toChannel(saved, member.userId);
    await this.notices.updated(channel);
    for (const e of events) await this.notices.post(channel, member.userId, e.event, { text: e.text });
    return channel;
  }

  /** Public → private (workspace admins; never back): members and history stay, others lose it at once. */
  async convert(actor: Actor, channelId: string): Promise<Channel> {
    const member = await this.workspace.member(actor);
    const found = await this.access.readable(member, channelId);
    if (found.type === 'direct') throw new DomainError(ErrorCodes.channelIsDirect, DM_CONVERT_REFUSED);
    if (member.role !== 'admin') throw new DomainError(ErrorCodes.notAdmin, CONVERT_ADMINS_ONLY);
    const { channel: saved } = await this.membership.locked(member.workspaceId, found.id, async (m, c) => {
      if (c.visibility === 'private') throw new DomainError(ErrorCodes.channelAlreadyPrivate, ALREADY_PRIVATE);
      c.visibility = 'private';
      return { channel: await m.save(c), changed: [] };
    });
    const channel = toChannel(saved, member.userId);
    await this.notices.changed(channel, [], []);
    await this.notices.updated(channel);
    await this.notices.post(channel, member.userId, 'converted');
    return channel;
  }

  /** Archived: read-only, out of the sidebar, still readable; a channel admin archives and unarchives. */
  async archive(actor: Actor, channelId: string, archived: boolean): Promise<Channel> {
    const member = await this.workspace.member(actor);
    const found = await this.access.readable(member, channelId);
    if (found.type === 'direct') throw new DomainError(ErrorCodes.channelIsDirect, DM_CHANGE_REFUSED);
    const { channel: saved } = await this.membership.locked(member.workspaceId, found.id, async (m, c) => {
      await this.membership.requireChannelAdmin(m, c, member, ARCHIVE_FORBIDDEN);
      if (archived && c.archivedAt) throw new DomainError(ErrorCodes.channelArchived, ALREADY_ARCHIVED);
      if (!archived && !c.archivedAt) throw new DomainError(ErrorCodes.channelNotArchived, NOT_ARCHIVED);
      c.archivedAt = archived ? new Date() : null;
      return { channel: await m.save(c), changed: [] };
    });
    const channel = toChannel(saved, member.userId);
    await this.notices.changed(channel, [], []);
    await this.notices.updated(channel);
    // posted while writable: after unarchiving, before archiving took effect for readers (stored either way)
    await this.notices.post(channel, member.userId, archived ? 'archived' : 'unarchived');
    return channel;
  }

  /**
   * Locks the workspace section a channel goes into (its first one when none is named; a default one if the workspace
   * has none left), so concurrent creates in one section take turns and orders stay unique. Members' own sections
   * are nobody's default.
   */
  private async lockSection(
    m: EntityManager,
    workspaceId: string,
    sectionId: string | null,
  ): Promise<ChannelSectionEntity> {
    if (sectionId !== null) {
      const found = isUuid(sectionId)
        ? await m.findOne(ChannelSectionEntity, {
            where: { id: sectionId, workspaceId, ownerId: IsNull() },
            lock: { mode: 'pessimistic_write' },
          })
        : null;
      if (!found) throw new DomainError(ErrorCodes.sectionNotFound, SECTION_NOT_FOUND);
      return found;
    }
    const first = await m.findOne(ChannelSectionEntity, {
      where: { workspaceId, ownerId: IsNull() },
      order: { order: 'ASC', createdAt: 'ASC', id: 'ASC' },
      lock: { mode: 'pessimistic_write' },
    });
    return first ?? m.save(m.create(ChannelSectionEntity, { workspaceId, name: DEFAULT_SECTION_NAME, order: 0 }));
  }
}
