import { Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import { DomainError } from '@teamchat/bus';
import { ProcessEvents, WorkspaceMembership, type WorkspaceMember } from '@teamchat/service-kit';
import { ErrorCodes, WorkspaceEvents, type Actor, type Channel, type ChannelMember } from '@teamchat/contracts';
import { isUuid } from '../common/ids.js';
import { WorkspaceSetupService } from '../workspace-events/workspace-setup.service.js';
import { ChannelEntity } from './channel.entity.js';
import {
  CHANNEL_ARCHIVED,
  CHANNEL_NOT_FOUND,
  ChannelAccessService,
  isPublic,
  type ChannelRef,
} from './channel-access.service.js';
import { toChannel } from './channel.mapper.js';
import { ChannelNotices } from './channel-notices.js';

export const DM_MEMBERSHIP_REFUSED = 'Direct messages have fixed members.';
export const USER_NOT_IN_WORKSPACE = 'User not found in this workspace';
export const USER_NOT_IN_CHANNEL = 'User not found in this channel';
export const LAST_MEMBER = 'A channel needs at least one member: the last one cannot leave or be removed.';
export const REMOVE_FORBIDDEN = 'Only a channel admin (its creator or a workspace admin) can remove members.';
export const ADD_FORBIDDEN = 'Join the channel to add people to it.';

type Role = ChannelMember['role'];

/**
 * Who belongs to which channel: joining, leaving, adding and removing, and the default channels every member of a
 * workspace joins. Each change runs under the channel's row lock (concurrent changes of one channel take turns, so two
 * admins adding and removing the same person leave one consistent membership) and writes `chat.channel_member` and the
 * channel's `participant_ids` together; once committed, caches are dropped everywhere, a system message is posted and
 * members' screens are told (ChannelNotices).
 */
/** The channel's row, locked for the rest of the transaction (membership changes of one channel take turns). */
const lockChannel = (m: EntityManager, workspaceId: string, channelId: string): Promise<ChannelEntity | null> =>
  m.findOne(ChannelEntity, { where: { id: channelId, workspaceId }, lock: { mode: 'pessimistic_write' } });

@Injectable()
export class ChannelMembershipService {
  private readonly logger = new Logger(ChannelMembershipService.name);
  /** (workspace, user) pairs whose default channels were joined (or found joined) by this process. */
  private readonly setUp = new Set<string>();

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly workspace: WorkspaceMembership,
    private readonly access: ChannelAccessService,
    private readonly setup: WorkspaceSetupService,
    private readonly notices: ChannelNotices,
    events: ProcessEvents,
  ) {
    // whichever replica handles the removal, every replica sets a returning member up again
    events.on(WorkspaceEvents.memberRemoved, ({ workspaceId, userId }) =>
      this.setUp.delete(`${workspaceId}:${userId}`),
    );
    events.onReset(() => this.setUp.clear());
    setup.onMember({
      added: (workspaceId, userId) => this.ensureMember(workspaceId, userId),
      removed: (workspaceId, userId) => this.workspaceMemberRemoved(workspaceId, userId),
    });
  }

  /** Joins a public channel; a private one without an invitation is not found. */
  async join(actor: Actor, channelId: string): Promise<Channel> {
    const member = await this.workspace.member(actor);
    const found = await this.access.readable(member, channelId);
    refuseDm(found);
    const { channel, changed: added } = await this.locked(member.workspaceId, found.id, async (m, c) => {
      if (c.archivedAt) throw new DomainError(ErrorCodes.channelArchived, CHANNEL_ARCHIVED);
      return addRows(m, c, [member.userId], 'member');
    });
    const answer = toChannel(channel, member.userId);
    if (added.length > 0) {
      await this.notices.changed(answer, added, []);
      await this.notices.added(answer, added);
      await this.notices.post(answer, member.userId, 'joined');
    }
    return answer;
  }

  /** Leaves a channel (a private one then needs an invitation back); the last member stays. */
  async leave(actor: Actor, channelId: string): Promise<{ channelId: string }> {
    const member = await this.workspace.member(actor);
    const found = await this.access.readable(member, channelId);
    refuseDm(found);
    await this.removeMembers(member, found.id, [member.userId], 'left');
    return { channelId: found.id };
  }

  /** The channel's members in the order they joined (a DM's participants, as members). */
  async members(actor: Actor, channelId: string): Promise<ChannelMember[]> {
    const member = await this.workspace.member(actor);
    const channel = await this.access.readable(member, channelId);
    if (channel.type === 'direct') {
      return (channel.participantIds ?? []).map((userId) => ({
        userId,
        role: 'member',
        joinedAt: channel.createdAt.toISOString(),
      }));
    }
    const rows = (await this.db.query(
      `SELECT "user_id", "role", "joined_at" FROM "chat"."channel_member" WHERE "channel_id" = $1
       ORDER BY "joined_at", "role" = 'admin' DESC, "user_id"`,
      [channel.id],
    )) as { user_id: string; role: Role; joined_at: Date }[];
    return rows.map((r) => ({ userId: r.user_id, role: r.role, joinedAt: r.joined_at.toISOString() }));
  }

  /** A member of the channel adds members of the workspace (all of them or none); those already in are skipped. */
  async add(actor: Actor, channelId: string, userIds: string[]): Promise<Channel> {
    const member = await this.workspace.member(actor);
    const found = await this.access.readable(member, channelId);
    refuseDm(found);
    const wanted = [...new Set(userIds.map((id) => id.toLowerCase()))];
    const inWorkspace = await Promise.all(wanted.map((id) => this.workspace.isMember(member.workspaceId, id)));
    if (inWorkspace.some((ok) => !ok)) throw new DomainError(ErrorCodes.memberNotFound, USER_NOT_IN_WORKSPACE);
    const { channel, changed: added } = await this.locked(member.workspaceId, found.id, async (m, c) => {
      if (c.archivedAt) throw new DomainError(ErrorCodes.channelArchived, CHANNEL_ARCHIVED);
      if (!(c.participantIds ?? []).includes(member.userId)) throw new DomainError(ErrorCodes.forbidden, ADD_FORBIDDEN);
      return addRows(m, c, wanted, 'member');
    });
    const answer = toChannel(channel, member.userId);
    if (added.length > 0) {
      await this.notices.changed(answer, added, []);
      await this.notices.added(answer, added);
      await this.notices.post(answer, member.userId, 'added', { userIds: added });
    }
    return answer;
  }

  /**
   * Of the people `userIds` names (members of the workspace mentioned in a message), those who are not members of
   * the channel: the author is offered to add them (a private channel does not notify them).
   */
  async notMembers(channel: ChannelRef, userIds: string[]): Promise<string[]> {
    if (userIds.length === 0 || channel.type === 'direct') return [];
    const members = isPublic(channel)
      ? (
          (await this.db.query(
            `SELECT "user_id" FROM "chat"."channel_member" WHERE "channel_id" = $1 AND "user_id" = ANY($2::uuid[])`,
            [channel.id, userIds],
          )) as { user_id: string }[]
        ).map((r) => r.user_id)
      : (channel.participantIds ?? []);
    const outside = userIds.filter((id) => !members.includes(id));
    const inWorkspace = await Promise.all(
      outside.map((id) => this.workspace.isMember(channel.workspaceId, id).catch(() => false)),
    );
    return outside.filter((_, i) => inWorkspace[i]);
  }

  /** A channel admin removes a member; removing oneself is leaving. */
  async remove(actor: Actor, channelId: string, userId: string): Promise<Channel> {
    const member = await this.workspace.member(actor);
    const found = await this.access.readable(member, channelId);
    refuseDm(found);
    if (!isUuid(userId)) throw new DomainError(ErrorCodes.memberNotFound, USER_NOT_IN_CHANNEL);
    const target = userId.toLowerCase();
    const channel = await this.removeMembers(member, found.id, [target], target === member.userId ? 'left' : 'removed');
    return toChannel(channel, member.userId);
  }

  private async removeMembers(
    member: WorkspaceMember,
    channelId: string,
    userIds: string[],
    reason: 'left' | 'removed',
  ): Promise<ChannelEntity> {
    const { channel, changed: removed } = await this.locked(member.workspaceId, channelId, async (m, c) => {
      const present = userIds.filter((id) => (c.participantIds ?? []).includes(id));
      if (reason === 'removed') {
        if (c.archivedAt) throw new DomainError(ErrorCodes.channelArchived, CHANNEL_ARCHIVED);
        if (!(await this.isChannelAdmin(m, c, member))) throw new DomainError(ErrorCodes.forbidden, REMOVE_FORBIDDEN);
        if (present.length === 0) throw new DomainError(ErrorCodes.memberNotFound, USER_NOT_IN_CHANNEL);
      }
      if (present.length === 0) return { channel: c, changed: [] };
      if ((c.participantIds ?? []).length - present.length < 1)
        throw new DomainError(ErrorCodes.channelLastMember, LAST_MEMBER);
      return removeRows(m, c, present);
    });
    if (removed.length > 0) {
      const answer = toChannel(channel, member.userId);
      await this.notices.changed(answer, [], removed);
      await this.notices.removed(answer, removed, reason);
      await this.notices.post(
        answer,
        member.userId,
        reason === 'left' ? 'left' : 'removed',
        reason === 'left' ? {} : { userIds: removed },
      );
    }
    return channel;
  }

  /** Its creator, anyone it made admin, and every workspace admin. */
  private async isChannelAdmin(m: EntityManager, c: ChannelEntity, member: WorkspaceMember): Promise<boolean> {
    if (member.role === 'admin' || c.createdBy === member.userId) return true;
    const rows = (await m.query(
      `SELECT 1 FROM "chat"."channel_member" WHERE "channel_id" = $1 AND "user_id" = $2 AND "role" = 'admin'`,
      [c.id, member.userId],
    )) as unknown[];
    return rows.length > 0;
  }

  /** Whether the member may change what only channel admins may (archive, remove). */
  async requireChannelAdmin(m: EntityManager, c: ChannelEntity, member: WorkspaceMember, message: string) {
    if (!(await this.isChannelAdmin(m, c, member))) throw new DomainError(ErrorCodes.forbidden, message);
  }

  /**
   * Runs `change` in a transaction holding the channel's row lock, with the channel as it is then; answers the channel
   * after the change (its member list rewritten when it changed) and the users whose membership changed.
   */
  async locked(
    workspaceId: string,
    channelId: string,
    change: (m: EntityManager, c: ChannelEntity) => Promise<{ channel: ChannelEntity; changed: string[] }>,
  ): Promise<{ channel: ChannelEntity; changed: string[] }> {
    return this.db.transaction(async (m) => {
      const c = await lockChannel(m, workspaceId, channelId);
      if (!c) throw new DomainError(ErrorCodes.channelNotFound, CHANNEL_NOT_FOUND);
      return change(m, c);
    });
  }

  /**
   * The member's default channels, joined once per (workspace, user): the workspace's first channel and any marked
   * default, not archived. Quietly: no system message (every new member would post one in #general).
   */
  async ensureMember(workspaceId: string, userId: string): Promise<void> {
    const key = `${workspaceId}:${userId}`;
    if (this.setUp.has(key)) return;
    await this.setup.ensure(workspaceId);
    // one transaction: a second caller for the same member (the member-added event and their first channel list run
    // side by side) waits on the uncommitted member_setup row, and then finds the default channels already joined
    const joined = await this.db.transaction(async (m) => {
      const inserted = (await m.query(
        `INSERT INTO "chat"."member_setup" ("workspace_id", "user_id") VALUES ($1, $2) ON CONFLICT DO NOTHING
         RETURNING "user_id"`,
        [workspaceId, userId],
      )) as unknown[];
      if (inserted.length === 0) return [];
      const defaults = (await m.query(
        `SELECT "id" FROM "chat"."channel" WHERE "workspace_id" = $1 AND "type" = 'regular' AND "is_default"
           AND "archived_at" IS NULL ORDER BY "created_at", "id"`,
        [workspaceId],
      )) as { id: string }[];
      const changes: { channel: ChannelEntity; changed: string[] }[] = [];
      for (const { id } of defaults) {
        const c = await lockChannel(m, workspaceId, id);
        if (c) changes.push(await addRows(m, c, [userId], 'member'));
      }
      return changes;
    });
    for (const { channel, changed } of joined)
      if (changed.length > 0) await this.notices.changed(toChannel(channel, userId), changed, []);
    if (this.setUp.size > 100_000) this.setUp.clear();
    this.setUp.add(key);
  }

  /** A member left the workspace: out of its channels (their member lists and counts), and set up again if back. */
  async workspaceMemberRemoved(workspaceId: string, userId: string): Promise<void> {
    this.setUp.delete(`${workspaceId}:${userId}`);
    const channels = (await this.db.query(
      `SELECT "channel_id" FROM "chat"."channel_member" WHERE "workspace_id" = $1 AND "user_id" = $2`,
      [workspaceId, userId],
    )) as { channel_id: string }[];
    for (const { channel_id } of channels) {
      try {
        const { channel, changed } = await this.locked(workspaceId, channel_id, (m, c) => removeRows(m, c, [userId]));
        if (changed.length > 0) await this.notices.changed(toChannel(channel, userId), [], changed);
      } catch (err) {
        this.logger.warn(`could not take ${userId} out of ${channel_id}: ${String(err)}`);
      }
    }
    await this.db.query(`DELETE FROM "chat"."member_setup" WHERE "workspace_id" = $1 AND "user_id" = $2`, [
      workspaceId,
      userId,
    ]);
  }
}

const refuseDm = (c: ChannelEntity): void => {
  if (c.type === 'direct') throw new DomainError(ErrorCodes.channelIsDirect, DM_MEMBERSHIP_REFUSED);
};

/** Rewrites the channel's member list from its rows (under the channel's row lock). */
export const syncMembers = async (m: EntityManager, c: ChannelEntity): Promise<ChannelEntity> => {
  // (an UPDATE's answer through TypeORM: its rows, then how many)
  const [[row]] = (await m.query(
    `UPDATE "chat"."channel" SET "participant_ids" = (
       SELECT coalesce(array_agg("user_id" ORDER BY "joined_at", "role" = 'admin' DESC, "user_id"), '{}') FROM "chat"."channel_member"
        WHERE "channel_id" = $1)
     WHERE "id" = $1 RETURNING "participant_ids"`,
    [c.id],
  )) as [{ participant_ids: string[] }[], number];
  c.participantIds = row?.participant_ids ?? [];
  return c;
};

/** Adds rows for those not in yet (within the lock); answers the channel and who was added. */
export const addRows = async (
  m: EntityManager,
  c: ChannelEntity,
  userIds: string[],
  role: Role,
): Promise<{ channel: ChannelEntity; changed: string[] }> => {
  const fresh = userIds.filter((id) => !(c.participantIds ?? []).includes(id));
  if (fresh.length === 0) return { channel: c, changed: [] };
  const inserted = (await m.query(
    `INSERT INTO "chat"."channel_member" ("channel_id", "user_id", "workspace_id", "role")
     SELECT $1, u, $2, $3 FROM unnest($4::uuid[]) u ON CONFLICT DO NOTHING RETURNING "user_id"`,
    [c.id, c.workspaceId, role, fresh],
  )) as { user_id: string }[];
  return { channel: await syncMembers(m, c), changed: inserted.map((r) => r.user_id) };
};

/** Removes rows (within the lock); answers the channel and who was removed. */
export const removeRows = async (
  m: EntityManager,
  c: ChannelEntity,
  userIds: string[],
): Promise<{ channel: ChannelEntity; changed: string[] }> => {
  const [deleted] = (await m.query(
    `DELETE FROM "chat"."channel_member" WHERE "channel_id" = $1 AND "user_id" = ANY($2::uuid[]) RETURNING "user_id"`,
    [c.id, userIds],
  )) as [{ user_id: string }[], number];
  // where they had put it in their sidebar goes too: joining again puts it where the workspace has it
  await m.query(`DELETE FROM "chat"."sidebar_placement" WHERE "channel_id" = $1 AND "user_id" = ANY($2::uuid[])`, [
    c.id,
    userIds,
  ]);
  return { channel: await syncMembers(m, c), changed: deleted.map((r) => r.user_id) };
};
