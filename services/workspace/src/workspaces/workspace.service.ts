import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import {
  ImageOwners,
  isReadOnlyAt,
  RealtimeEvents,
  TRIAL_DAYS,
  WorkspaceEvents,
  BillingEvents,
  type EventPayloadOf,
  type Actor,
  type CreateWorkspace,
  type ResolvedActor,
  type SeatUsage,
  type Workspace,
  type WorkspaceListItem,
  type WorkspaceRole,
} from '@teamchat/contracts';
import { BusClient, type EventMeta } from '@teamchat/bus';
import { Inbox, Outbox, WorkspaceMembership, StoredImages } from '@teamchat/service-kit';
import { WorkspaceEntity } from './workspace.entity.js';
import { CurrentWorkspaceEntity, MembershipEntity } from '../members/membership.entity.js';
import { WorkspaceAccess, workspaceNotFound } from '../members/workspace-access.js';

export const toWorkspace = (w: WorkspaceEntity, role: WorkspaceRole): Workspace => ({
  id: w.id,
  name: w.name,
  profileImageUrl: w.profileImageUrl,
  createdBy: w.createdBy,
  createdAt: w.createdAt.toISOString(),
  stripeCustomerId: w.stripeCustomerId,
  stripeSubscriptionId: w.stripeSubscriptionId,
  role,
  ...accessOf(w.writableUntil),
});

/** Whether members may write now, with the deadline the SPA counts down to. */
export const accessOf = (writableUntil: Date | null) => ({
  readOnly: isReadOnlyAt(writableUntil),
  writableUntil: writableUntil?.toISOString() ?? null,
});

const DAY_MS = 24 * 60 * 60 * 1000;

/** A call that does not come from a durable event (tests, direct calls): applied without inbox or ordering check. */
const NO_EVENT: EventMeta = { id: null, occurredAt: null };

/** Makes `workspaceId` the user's current workspace. */
export const setCurrentWorkspace = (em: EntityManager, userId: string, workspaceId: string) =>
  em.upsert(CurrentWorkspaceEntity, { userId, workspaceId }, ['userId']);

@Injectable()
export class WorkspaceService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly access: WorkspaceAccess,
    private readonly bus: BusClient,
    private readonly images: StoredImages,
    private readonly membership: WorkspaceMembership,
    private readonly outbox: Outbox,
    private readonly inbox: Inbox,
  ) {}

  async create(actor: Actor, input: CreateWorkspace): Promise<Workspace> {
    if (input.profileImageUrl) {
      // the workspace does not exist yet, so its logo was uploaded under its creator (the signup workspace step)
      await this.images.requireUploaded({ userId: actor.userId, workspaceId: null }, input.profileImageUrl, {
        kind: 'logo',
        owners: [ImageOwners.user(actor.userId)],
        field: 'profileImageUrl',
      });
    }
    const workspace = await this.dataSource.transaction(async (em) => {
      const created = await em.save(
        em.create(WorkspaceEntity, {
          name: input.name,
          profileImageUrl: input.profileImageUrl || null,
          createdBy: actor.userId,
          // the 3-day trial every workspace starts with, paid or not; billing's events take over from here
          writableUntil: new Date(Date.now() + TRIAL_DAYS * DAY_MS),
        }),
      );
      await em.save(em.create(MembershipEntity, { workspaceId: created.id, userId: actor.userId, role: 'admin' }));
      await setCurrentWorkspace(em, actor.userId, created.id);
      // billing (trial) and chat (default channel) act on these: recorded with the workspace, published once committed
      await this.outbox.add(em, WorkspaceEvents.workspaceCreated, {
        workspaceId: created.id,
        name: created.name,
        createdBy: actor.userId,
      });
      await this.outbox.add(em, WorkspaceEvents.memberAdded, {
        workspaceId: created.id,
        userId: actor.userId,
        role: 'admin',
      });
      return created;
    });
    return toWorkspace(workspace, 'admin');
  }

  async get(actor: Actor, workspaceId: string): Promise<Workspace> {
    const { role } = await this.membership.member({ userId: actor.userId, workspaceId });
    const workspace = await this.dataSource.manager.findOneBy(WorkspaceEntity, { id: workspaceId });
    if (!workspace) throw workspaceNotFound();
    return toWorkspace(workspace, role);
  }

  async list(actor: Actor): Promise<WorkspaceListItem[]> {
    const rows = await this.dataSource
      .createQueryBuilder(MembershipEntity, 'm')
      .innerJoin(WorkspaceEntity, 'w', 'w.id = m.workspaceId')
      .select([
        'w.id AS id',
        'w.name AS name',
        'w.profile_image_url AS "profileImageUrl"',
        'm.role AS role',
        'w.writable_until AS "writableUntil"',
      ])
      .where('m.userId = :userId', { userId: actor.userId })
      .orderBy('m.joinedAt', 'ASC')
      .getRawMany<Omit<WorkspaceListItem, 'readOnly' | 'writableUntil'> & { writableUntil: Date | null }>();
    return rows.map((r) => ({
      id: r.id,
      name: r.name,
      profileImageUrl: r.profileImageUrl,
      role: r.role,
      ...accessOf(r.writableUntil),
    }));
  }

  async updateImage(actor: Actor, workspaceId: string, profileImageUrl: string): Promise<Workspace> {
    if (profileImageUrl !== '') {
      // who may change the logo is answered before whether the image is acceptable, and media is asked outside the lock
      await this.membership.requireAdmin({ userId: actor.userId, workspaceId });
      const current = await this.dataSource.manager.findOneBy(WorkspaceEntity, { id: workspaceId });
      if (current?.profileImageUrl !== profileImageUrl) {
        await this.images.requireUploaded({ userId: actor.userId, workspaceId }, profileImageUrl, {
          kind: 'logo',
          owners: [ImageOwners.workspace(workspaceId), ImageOwners.user(actor.userId)],
          field: 'profileImageUrl',
        });
      }
    }
    const updated = await this.dataSource.transaction(async (em) => {
      const membership = await this.access.requireAdmin(em, workspaceId, actor.userId);
      const workspace = await this.access.lockWorkspace(em, workspaceId);
      workspace.profileImageUrl = profileImageUrl === '' ? null : profileImageUrl;
      return toWorkspace(await em.save(workspace), membership.role);
    });
    // every member's switcher shows the new logo without a reload
    await this.bus
      .emit(RealtimeEvents.workspaceBroadcast, {
        workspaceId,
        frame: { type: 'settings', workspaceId, change: 'workspace' },
      })
      // best effort: a lost frame only means the next refetch shows the change
      .catch(() => undefined);
    return updated;
  }

  async switch(actor: Actor, workspaceId: string): Promise<ResolvedActor> {
    return this.dataSource.transaction(async (em) => {
      const membership = await this.access.requireMember(em, workspaceId, actor.userId);
      await setCurrentWorkspace(em, actor.userId, workspaceId);
      return { workspaceId, role: membership.role };
    });
  }

  /** The chosen workspace while still a member of it, else the earliest joined one, else none. */
  async resolveActor(userId: string): Promise<ResolvedActor> {
    const row = await this.dataSource
      .createQueryBuilder(MembershipEntity, 'm')
      .leftJoin(CurrentWorkspaceEntity, 'c', 'c.userId = m.userId AND c.workspaceId = m.workspaceId')
      .select(['m.workspace_id AS "workspaceId"', 'm.role AS role'])
      .where('m.userId = :userId', { userId })
      .orderBy('c.user_id IS NULL', 'ASC')
      .addOrderBy('m.joinedAt', 'ASC')
      .limit(1)
      .getRawOne<{ workspaceId: string; role: WorkspaceRole }>();
    return row ? { workspaceId: row.workspaceId, role: row.role } : { workspaceId: null, role: null };
  }

  async seats(actor: Actor, workspaceId: string): Promise<SeatUsage> {
    return this.dataSource.transaction(async (em) => {
      await this.access.requireMember(em, workspaceId, actor.userId);
      const workspace = await em.findOneByOrFail(WorkspaceEntity, { id: workspaceId });
      return this.access.seatUsage(em, workspace);
    });
  }

  /** The subscription paying for the workspace: its provider ids and seat count (once per event, see setSeats). */
  async attachSubscription(
    input: { workspaceId: string; customerId: string; subscriptionId: string; seats: number },
    event: EventMeta = NO_EVENT,
  ): Promise<void> {
    await this.dataSource.transaction(async (em) => {
      if (!(await this.inbox.claim(em, event, BillingEvents.subscriptionAttached.subject))) return;
      await em.update(
        WorkspaceEntity,
        { id: input.workspaceId },
        {
          stripeCustomerId: input.customerId,
          stripeSubscriptionId: input.subscriptionId,
        },
      );
      await this.applySeats(em, input.workspaceId, input.seats, event);
    });
  }

  /** Until when the workspace may be written to (the shared cached write check asks this). */
  async entitlement(workspaceId: string): Promise<{ workspaceId: string; writableUntil: string | null }> {
    const workspace = await this.dataSource.manager.findOne(WorkspaceEntity, {
      select: { id: true, writableUntil: true },
      where: { id: workspaceId },
    });
    if (!workspace) throw workspaceNotFound();
    return { workspaceId, writableUntil: workspace.writableUntil?.toISOString() ?? null };
  }

  /**
   * Billing's decision on whether the workspace may be written to; a late event older than the one applied is
   * ignored. Open sockets of the workspace hear of it, so the SPA's banner and composer change without a reload.
   */
  async applyEntitlement(
    event: EventPayloadOf<typeof BillingEvents.entitlementChanged>,
    meta: EventMeta = NO_EVENT,
  ): Promise<void> {
    const changedAt = new Date(event.changedAt);
    const writableUntil = event.writableUntil ? new Date(event.writableUntil) : null;
    const applied = await this.dataSource.transaction(async (em) => {
      if (!(await this.inbox.claim(em, meta, BillingEvents.entitlementChanged.subject))) return false;
      const result = await em
        .createQueryBuilder()
        .update(WorkspaceEntity)
        .set({ writableUntil, billingStatus: event.status, entitlementChangedAt: changedAt })
        .where('id = :id', { id: event.workspaceId })
        .andWhere('(entitlement_changed_at IS NULL OR entitlement_changed_at <= :changedAt)', { changedAt })
        .execute();
      return !!result.affected;
    });
    if (!applied) return;
    await this.bus.emit(RealtimeEvents.workspaceBroadcast, {
      workspaceId: event.workspaceId,
      frame: { type: 'workspace', workspaceId: event.workspaceId, ...accessOf(writableUntil) },
    });
  }

  /**
   * Billing's seat count; never below zero. Events for unknown workspaces are ignored. Applied once per event id (the
   * inbox), and never over the count of a newer event (a failed delivery retried after a later one succeeded).
   */
  async setSeats(workspaceId: string, seats: number, event: EventMeta = NO_EVENT): Promise<void> {
    const applied = await this.dataSource.transaction(async (em) => {
      if (!(await this.inbox.claim(em, event, BillingEvents.seatsChanged.subject))) return false;
      await this.applySeats(em, workspaceId, seats, event);
      return true;
    });
    // the Billing tab and the team roster (online/total counts seats' invites) of open screens refetch
    if (applied)
      await this.bus
        .emit(RealtimeEvents.workspaceBroadcast, {
          workspaceId,
          frame: { type: 'settings', workspaceId, change: 'seats' },
        })
        // best effort: a lost frame only means the next refetch shows the change
        .catch(() => undefined);
  }

  private async applySeats(em: EntityManager, workspaceId: string, seats: number, event: EventMeta): Promise<void> {
    const at = event.occurredAt;
    const update = em
      .createQueryBuilder()
      .update(WorkspaceEntity)
      .set(at ? { seats: Math.max(0, seats), seatsChangedAt: at } : { seats: Math.max(0, seats) })
      .where('id = :id', { id: workspaceId });
    if (at) update.andWhere('(seats_changed_at IS NULL OR seats_changed_at <= :at)', { at });
    await update.execute();
  }
}
