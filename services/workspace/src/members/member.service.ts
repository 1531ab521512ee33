import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { In, type DataSource, type EntityManager } from 'typeorm';
import { ErrorCodes, RealtimeEvents, WorkspaceEvents, type Actor, type Membership } from '@teamchat/contracts';
import { BusClient, DomainError } from '@teamchat/bus';
import { Outbox, WorkspaceMembership } from '@teamchat/service-kit';
import { CurrentWorkspaceEntity, MembershipEntity } from './membership.entity.js';
import { WorkspaceAccess } from './workspace-access.js';

export const OWN_ADMIN_STATUS_MESSAGE = 'You cannot change your own admin status';
export const REMOVE_SELF_MESSAGE = 'You cannot remove yourself from the workspace';
export const LAST_ADMIN_MESSAGE = 'A workspace must keep at least one admin';
export const MEMBER_NOT_FOUND_MESSAGE = 'User not found in this workspace';

const toMembership = (m: MembershipEntity): Membership => ({
  userId: m.userId,
  workspaceId: m.workspaceId,
  role: m.role,
});

@Injectable()
export class MemberService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly access: WorkspaceAccess,
    private readonly membership: WorkspaceMembership,
    private readonly outbox: Outbox,
    private readonly bus: BusClient,
  ) {}

  async get(workspaceId: string, userId: string): Promise<Membership> {
    const membership = await this.dataSource.manager.findOneBy(MembershipEntity, { workspaceId, userId });
    if (!membership) throw new DomainError(ErrorCodes.memberNotFound, MEMBER_NOT_FOUND_MESSAGE);
    return toMembership(membership);
  }

  async list(
    workspaceId: string,
    limit?: number,
    userIds?: string[],
  ): Promise<{ userId: string; role: Membership['role'] }[]> {
    if (userIds?.length === 0) return [];
    const members = await this.dataSource.manager.find(MembershipEntity, {
      select: { userId: true, role: true },
      where: userIds ? { workspaceId, userId: In(userIds) } : { workspaceId },
      order: { joinedAt: 'ASC' },
      take: limit,
    });
    return members.map((m) => ({ userId: m.userId, role: m.role }));
  }

  /** Admin of the current workspace promotes or demotes another member. */
  async setAdmin(actor: Actor, userId: string, isAdmin: boolean): Promise<Membership> {
    const workspaceId = this.access.currentWorkspace(actor);
    const updated = await this.dataSource.transaction(async (em) => {
      await this.access.requireAdmin(em, workspaceId, actor.userId);
      if (userId === actor.userId) throw new DomainError(ErrorCodes.ownAdminStatus, OWN_ADMIN_STATUS_MESSAGE);
      await this.access.lockWorkspace(em, workspaceId);
      const target = await this.access.membership(em, workspaceId, userId);
      if (!target) throw new DomainError(ErrorCodes.memberNotFound, MEMBER_NOT_FOUND_MESSAGE);
      target.role = isAdmin ? 'admin' : 'member';
      // in place: a member removed since the read stays removed, where a save would insert the membership again
      const { affected } = await em.update(MembershipEntity, { id: target.id }, { role: target.role });
      if (!affected) throw new DomainError(ErrorCodes.memberNotFound, MEMBER_NOT_FOUND_MESSAGE);
      await this.keepsAnAdmin(em, workspaceId, actor.userId);
      await this.outbox.add(em, WorkspaceEvents.memberRoleChanged, toMembership(target));
      return target;
    });
    // this replica forgets at once (read your writes); the event reaches every other process of every service
    this.membership.forget(workspaceId, userId);
    // open screens follow at once: the member's settings tabs, everyone's roster
    await this.bus
      .emit(RealtimeEvents.workspaceBroadcast, {
        workspaceId,
        frame: { type: 'settings', workspaceId, change: 'role', userId, isAdmin: updated.role === 'admin' },
      })
      // best effort: a lost frame only means the next refetch shows the change
      .catch(() => undefined);
    return toMembership(updated);
  }

  /** Admin removes another member; their access ends with this transaction (every check reads memberships). */
  async remove(actor: Actor, workspaceId: string, userId: string): Promise<{ workspaceId: string; userId: string }> {
    await this.dataSource.transaction(async (em) => {
      await this.access.requireAdmin(em, workspaceId, actor.userId);
      if (userId === actor.userId) throw new DomainError(ErrorCodes.removeSelf, REMOVE_SELF_MESSAGE);
      await this.access.lockWorkspace(em, workspaceId);
      const target = await this.access.membership(em, workspaceId, userId);
      if (!target) throw new DomainError(ErrorCodes.memberNotFound, MEMBER_NOT_FOUND_MESSAGE);
      await em.delete(MembershipEntity, { id: target.id });
      await this.keepsAnAdmin(em, workspaceId, actor.userId);
      await em.delete(CurrentWorkspaceEntity, { userId, workspaceId });
      await this.outbox.add(em, WorkspaceEvents.memberRemoved, toMembership(target));
    });
    this.membership.forget(workspaceId, userId);
    return { workspaceId, userId };
  }

  /**
   * After a role change or a removal, with the workspace row locked: every such change of one workspace runs one at a
   * time, so this count sees what the others committed. Two admins demoting or removing each other at once each
   * passed their own admin check before the lock; the one that waited finds no admin left (a 409, nothing changed),
   * or, where another admin remains, that it lost its own role meanwhile (the usual non-admin answer).
   */
  private async keepsAnAdmin(em: EntityManager, workspaceId: string, actorId: string): Promise<void> {
    const admins = await em.countBy(MembershipEntity, { workspaceId, role: 'admin' });
    if (admins === 0) throw new DomainError(ErrorCodes.lastAdmin, LAST_ADMIN_MESSAGE);
    await this.access.requireAdmin(em, workspaceId, actorId);
  }
}
