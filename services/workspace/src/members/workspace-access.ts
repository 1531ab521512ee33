import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { ErrorCodes, OUT_OF_SEATS_MESSAGE, type Actor, type SeatUsage } from '@teamchat/contracts';
import { DomainError } from '@teamchat/bus';
import { membershipErrors } from '@teamchat/service-kit';
import { WorkspaceEntity } from '../workspaces/workspace.entity.js';
import { InviteEntity } from '../invites/invite.entity.js';
import { MembershipEntity } from './membership.entity.js';

export const workspaceNotFound = membershipErrors.workspaceNotFound;
export const notAdmin = membershipErrors.notAdmin;
export const noSeats = () => new DomainError(ErrorCodes.noSeats, OUT_OF_SEATS_MESSAGE);

/**
 * Membership and seat checks inside transactions (row locks, read-your-writes), each taking the transaction's entity
 * manager. Checks outside a transaction use the shared, cached `WorkspaceMembership` like every other service.
 */
@Injectable()
export class WorkspaceAccess {
  currentWorkspace(actor: Actor): string {
    if (!actor.workspaceId) throw membershipErrors.noWorkspace();
    return actor.workspaceId;
  }

  membership(em: EntityManager, workspaceId: string, userId: string): Promise<MembershipEntity | null> {
    return em.findOneBy(MembershipEntity, { workspaceId, userId });
  }

  /** Non-members get WORKSPACE.NOT_FOUND: another tenant's ids are never confirmed. */
  async requireMember(em: EntityManager, workspaceId: string, userId: string): Promise<MembershipEntity> {
    const membership = await this.membership(em, workspaceId, userId);
    if (!membership) throw workspaceNotFound();
    return membership;
  }

  async requireAdmin(em: EntityManager, workspaceId: string, userId: string): Promise<MembershipEntity> {
    const membership = await this.requireMember(em, workspaceId, userId);
    if (membership.role !== 'admin') throw notAdmin();
    return membership;
  }

  /** Locks the workspace row until the transaction ends: seat checks and member inserts are serialised per workspace. */
  async lockWorkspace(em: EntityManager, workspaceId: string): Promise<WorkspaceEntity> {
    const workspace = await em.findOne(WorkspaceEntity, {
      where: { id: workspaceId },
      lock: { mode: 'pessimistic_write' },
    });
    if (!workspace) throw workspaceNotFound();
    return workspace;
  }

  async seatUsage(em: EntityManager, workspace: WorkspaceEntity): Promise<SeatUsage> {
    const members = await em.countBy(MembershipEntity, { workspaceId: workspace.id });
    const pendingInvites = await em.countBy(InviteEntity, { workspaceId: workspace.id, status: 'pending' });
    return { seats: workspace.seats, members, pendingInvites, available: workspace.seats - members - pendingInvites };
  }

  /**
   * Refuses a new member when every paid seat is taken. Call with the workspace row locked. A pending invite already
   * holds its seat, so accepting one only needs members < seats.
   */
  async requireSeatForMember(em: EntityManager, workspace: WorkspaceEntity): Promise<void> {
    const members = await em.countBy(MembershipEntity, { workspaceId: workspace.id });
    if (members >= workspace.seats) throw noSeats();
  }
}
