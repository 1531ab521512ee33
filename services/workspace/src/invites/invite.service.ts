import { randomBytes } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import {
  ErrorCodes,
  IdentityContracts,
  INVITE_NOT_VALID_MESSAGE,
  INVITE_USED_MESSAGE,
  isReadOnlyAt,
  WorkspaceEvents,
  type AcceptInvite,
  type Actor,
  type Invite,
  type ValidateInviteResponse,
} from '@teamchat/contracts';
import { BusClient, DomainError } from '@teamchat/bus';
import { Outbox, workspaceReadOnly } from '@teamchat/service-kit';
import { InviteEntity } from './invite.entity.js';
import { WorkspaceEntity } from '../workspaces/workspace.entity.js';
import { MembershipEntity } from '../members/membership.entity.js';
import { noSeats, WorkspaceAccess } from '../members/workspace-access.js';
import { setCurrentWorkspace } from '../workspaces/workspace.service.js';

export const ALREADY_MEMBER_MESSAGE = 'You are already a member of this workspace';
export const INVITE_EMAIL_MISMATCH_MESSAGE = 'This invitation was sent to a different email address';

/** 32 random bytes: 256 bits, far beyond guessing; base64url keeps it URL-safe (43 characters). */
export const newInviteToken = (): string => randomBytes(32).toString('base64url');

const toInvite = (i: InviteEntity): Invite => ({
  id: i.id,
  token: i.token,
  createdAt: i.createdAt.toISOString(),
  email: i.email,
});
const inviteNotFound = () => new DomainError(ErrorCodes.inviteNotFound, INVITE_NOT_VALID_MESSAGE);

@Injectable()
export class InviteService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly access: WorkspaceAccess,
    private readonly bus: BusClient,
    private readonly outbox: Outbox,
  ) {}

  /** A pending invite holds a seat, so creating one needs an available seat (seats − members − pending > 0). */
  async create(actor: Actor, email: string | null | undefined): Promise<Invite> {
    const workspaceId = this.access.currentWorkspace(actor);
    return this.dataSource.transaction(async (em) => {
      await this.access.requireAdmin(em, workspaceId, actor.userId);
      const workspace = await this.access.lockWorkspace(em, workspaceId);
      // an unpaid workspace takes no new members until it is paid (reading and settings keep working)
      if (isReadOnlyAt(workspace.writableUntil)) throw workspaceReadOnly();
      if ((await this.access.seatUsage(em, workspace)).available <= 0) throw noSeats();
      const invite = em.create(InviteEntity, {
        workspaceId,
        token: newInviteToken(),
        email: email ?? null,
        invitedBy: actor.userId,
      });
      return toInvite(await em.save(invite));
    });
  }

  async list(actor: Actor): Promise<Invite[]> {
    const workspaceId = this.access.currentWorkspace(actor);
    return this.dataSource.transaction(async (em) => {
      await this.access.requireAdmin(em, workspaceId, actor.userId);
      const invites = await em.find(InviteEntity, {
        where: { workspaceId, status: 'pending' },
        order: { createdAt: 'DESC' },
      });
      return invites.map(toInvite);
    });
  }

  /** Another workspace's invite answers 404 like an unknown one. */
  async cancel(actor: Actor, inviteId: string): Promise<{ id: string }> {
    const workspaceId = this.access.currentWorkspace(actor);
    return this.dataSource.transaction(async (em) => {
      await this.access.requireAdmin(em, workspaceId, actor.userId);
      const result = await em.update(
        InviteEntity,
        { id: inviteId, workspaceId, status: 'pending' },
        { status: 'cancelled' },
      );
      if (!result.affected) throw new DomainError(ErrorCodes.inviteNotFound, 'Invite not found');
      return { id: inviteId };
    });
  }

  async validate(token: string): Promise<ValidateInviteResponse> {
    const invite = await this.dataSource.manager.findOneBy(InviteEntity, { token, status: 'pending' });
    if (!invite) throw inviteNotFound();
    const workspace = await this.dataSource.manager.findOneBy(WorkspaceEntity, { id: invite.workspaceId });
    if (!workspace) throw inviteNotFound();
    const [inviter] = await this.bus.request(IdentityContracts.getMany, { userIds: [invite.invitedBy] });
    const invitedBy = inviter
      ? `${inviter.firstName} ${inviter.lastName}`.trim() || inviter.username
      : 'A former member';
    return { invite: { workspace: { name: workspace.name }, email: invite.email, invitedBy } };
  }

  /**
   * Accepts with a new account or an existing one. The invite row and then the workspace row stay locked until the
   * membership is written, so the same token cannot be used twice and racing accepts cannot exceed the seats.
   */
  async accept(
    input: AcceptInvite & { token: string },
  ): Promise<{ userId: string; workspaceId: string; created: boolean }> {
    const outcome = await this.dataSource.transaction(async (em) => {
      const invite = await em.findOne(InviteEntity, {
        where: { token: input.token },
        lock: { mode: 'pessimistic_write' },
      });
      if (!invite || invite.status === 'cancelled') throw inviteNotFound();
      if (invite.status === 'accepted') throw new DomainError(ErrorCodes.inviteUsed, INVITE_USED_MESSAGE);
      if (invite.email && invite.email !== input.email) {
        throw new DomainError(ErrorCodes.validation, INVITE_EMAIL_MISMATCH_MESSAGE, [
          { path: 'email', message: INVITE_EMAIL_MISMATCH_MESSAGE },
        ]);
      }
      const workspace = await this.access.lockWorkspace(em, invite.workspaceId);
      await this.access.requireSeatForMember(em, workspace);
      const { userId, created } = await this.account(input);
      if (await this.access.membership(em, workspace.id, userId)) {
        throw new DomainError(ErrorCodes.alreadyMember, ALREADY_MEMBER_MESSAGE);
      }
      await em.save(em.create(MembershipEntity, { workspaceId: workspace.id, userId, role: 'member' }));
      invite.status = 'accepted';
      invite.acceptedBy = userId;
      invite.acceptedAt = new Date();
      await em.save(invite);
      await setCurrentWorkspace(em, userId, workspace.id);
      await this.outbox.add(em, WorkspaceEvents.memberAdded, { workspaceId: workspace.id, userId, role: 'member' });
      return { userId, workspaceId: workspace.id, created };
    });
    return outcome;
  }

  /** A new account through identity, or — when the email has one — that account if the password matches. */
  private async account(input: AcceptInvite): Promise<{ userId: string; created: boolean }> {
    try {
      // companySize is asked only at signup; an invited person joins an existing company
      const user = await this.bus.request(IdentityContracts.register, { ...input, companySize: null });
      return { userId: user.id, created: true };
    } catch (err) {
      if (!(err instanceof DomainError) || err.code !== ErrorCodes.emailTaken) throw err;
    }
    const { userId } = await this.bus.request(IdentityContracts.authenticate, {
      email: input.email,
      password: input.password,
    });
    return { userId, created: false };
  }
}
