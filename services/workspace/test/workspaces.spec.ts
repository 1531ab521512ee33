import { randomUUID } from 'node:crypto';
import {
  ErrorCodes,
  IMAGE_NOT_UPLOADED_MESSAGE,
  ImageOwners,
  MediaContracts,
  RealtimeEvents,
  TRIAL_DAYS,
  WorkspaceContracts,
  WorkspaceEvents,
  type Actor,
} from '@teamchat/contracts';
import { WorkspaceEntity } from '../src/workspaces/workspace.entity.js';
import { startWorkspaceHarness, type WorkspaceHarness } from './workspace-test-harness.js';

const DAY_MS = 24 * 60 * 60 * 1000;

describe('workspace service: workspaces', () => {
  let h: WorkspaceHarness;

  beforeAll(async () => {
    h = await startWorkspaceHarness();
  });

  afterAll(() => h.close());

  beforeEach(() => h.bus.clear());

  afterEach(() => h.bus.verify());

  const row = (id: string) => h.dataSource.getRepository(WorkspaceEntity).findOneByOrFail({ id });
  const stranger = (): Actor => ({ userId: randomUUID(), workspaceId: null });

  describe('create', () => {
    it('makes the creator its admin, switches them to it and starts the 3-day trial with 5 seats', async () => {
      const creator = stranger();
      const before = Date.now();
      const workspace = await h.workspaces.create(creator, { name: 'Acme' });
      expect(WorkspaceContracts.create.response.parse(workspace)).toEqual(workspace);
      expect(workspace).toMatchObject({
        name: 'Acme',
        profileImageUrl: null,
        createdBy: creator.userId,
        role: 'admin',
        readOnly: false,
        stripeCustomerId: null,
        stripeSubscriptionId: null,
      });
      const trialEnd = new Date(workspace.writableUntil!).getTime();
      expect(trialEnd).toBeGreaterThanOrEqual(before + TRIAL_DAYS * DAY_MS);
      expect(trialEnd).toBeLessThanOrEqual(Date.now() + TRIAL_DAYS * DAY_MS);
      expect(await h.workspaces.resolveActor(creator.userId)).toEqual({ workspaceId: workspace.id, role: 'admin' });
      expect(await h.workspaces.seats({ ...creator, workspaceId: workspace.id }, workspace.id)).toEqual({
        seats: 5,
        members: 1,
        pendingInvites: 0,
        available: 4,
      });
    });

    it('announces the workspace and its first member once committed', async () => {
      const creator = stranger();
      const workspace = await h.workspaces.create(creator, { name: 'Acme' });
      expect(h.bus.events).toEqual([
        {
          subject: WorkspaceEvents.workspaceCreated.subject,
          payload: { workspaceId: workspace.id, name: 'Acme', createdBy: creator.userId },
        },
        {
          subject: WorkspaceEvents.memberAdded.subject,
          payload: { workspaceId: workspace.id, userId: creator.userId, role: 'admin' },
        },
      ]);
    });

    it('keeps a logo its creator uploaded before the workspace existed', async () => {
      const creator = stranger();
      const logo = h.peers.upload(ImageOwners.user(creator.userId));
      const workspace = await h.workspaces.create(creator, { name: 'Acme', profileImageUrl: logo });
      expect(workspace.profileImageUrl).toBe(logo);
      expect(h.bus.requestsTo(MediaContracts.verifyUpload)).toEqual([{ actor: creator, url: logo }]);
    });

    it('refuses a logo that is not an upload of the creator with "Image not found. Please upload it again."', async () => {
      const creator = stranger();
      const someoneElses = h.peers.upload(ImageOwners.user(randomUUID()));
      const refusal = {
        code: ErrorCodes.validation,
        message: IMAGE_NOT_UPLOADED_MESSAGE,
        issues: [{ path: 'profileImageUrl', message: IMAGE_NOT_UPLOADED_MESSAGE }],
      };
      await expect(h.workspaces.create(creator, { name: 'Acme', profileImageUrl: someoneElses })).rejects.toMatchObject(
        refusal,
      );
      const neverStored = `/objects/u/${creator.userId}/${randomUUID()}.png`;
      await expect(h.workspaces.create(creator, { name: 'Acme', profileImageUrl: neverStored })).rejects.toMatchObject(
        refusal,
      );
      expect(await h.workspaces.list(creator)).toEqual([]);
      expect(h.bus.events).toEqual([]);
    });
  });

  describe('get and list', () => {
    it('answers a member with their role there', async () => {
      const admin = await h.founder('Acme');
      const member = await h.join(admin.workspaceId);
      await expect(h.workspaces.get(member, admin.workspaceId)).resolves.toMatchObject({
        id: admin.workspaceId,
        name: 'Acme',
        role: 'member',
      });
    });

    it("answers another workspace's id and an unknown one alike: WORKSPACE.NOT_FOUND", async () => {
      const admin = await h.founder();
      const outsider = await h.founder('Other');
      for (const workspaceId of [admin.workspaceId, randomUUID()]) {
        await expect(h.workspaces.get(outsider, workspaceId)).rejects.toMatchObject({
          code: ErrorCodes.workspaceNotFound,
          message: 'Workspace not found',
        });
      }
    });

    it("lists the user's workspaces in the order they joined, with their role in each", async () => {
      const ada = await h.founder('First');
      const other = await h.founder('Second');
      await h.join(other.workspaceId, ada.userId);
      expect(await h.workspaces.list(ada)).toEqual([
        expect.objectContaining({ id: ada.workspaceId, name: 'First', role: 'admin', readOnly: false }),
        expect.objectContaining({ id: other.workspaceId, name: 'Second', role: 'member', readOnly: false }),
      ]);
    });
  });

  describe('switch and resolveActor', () => {
    it('makes a workspace of the user their current one', async () => {
      const ada = await h.founder('First');
      const other = await h.founder('Second');
      await h.join(other.workspaceId, ada.userId);
      await expect(h.workspaces.switch(ada, other.workspaceId)).resolves.toEqual({
        workspaceId: other.workspaceId,
        role: 'member',
      });
      expect(await h.workspaces.resolveActor(ada.userId)).toEqual({ workspaceId: other.workspaceId, role: 'member' });
    });

    it('refuses a workspace the user is not in with WORKSPACE.NOT_FOUND and keeps the current one', async () => {
      const ada = await h.founder();
      const other = await h.founder();
      await expect(h.workspaces.switch(ada, other.workspaceId)).rejects.toMatchObject({
        code: ErrorCodes.workspaceNotFound,
      });
      expect(await h.workspaces.resolveActor(ada.userId)).toEqual({ workspaceId: ada.workspaceId, role: 'admin' });
    });

    it('falls back to the earliest joined workspace when the chosen one is left, and to none', async () => {
      const ada = await h.founder('First');
      const other = await h.founder('Second');
      const adaThere = await h.join(other.workspaceId, ada.userId);
      await h.workspaces.switch(ada, other.workspaceId);
      await h.members.remove(other, other.workspaceId, adaThere.userId);
      expect(await h.workspaces.resolveActor(ada.userId)).toEqual({ workspaceId: ada.workspaceId, role: 'admin' });
      expect(await h.workspaces.resolveActor(randomUUID())).toEqual({ workspaceId: null, role: null });
    });
  });

  describe('updateImage', () => {
    it('lets an admin set and remove the logo, and tells open screens', async () => {
      const admin = await h.founder();
      const workspaceId = admin.workspaceId;
      const logo = h.peers.upload(ImageOwners.workspace(workspaceId));
      await expect(h.workspaces.updateImage(admin, workspaceId, logo)).resolves.toMatchObject({
        profileImageUrl: logo,
      });
      await expect(h.workspaces.updateImage(admin, workspaceId, '')).resolves.toMatchObject({ profileImageUrl: null });
      expect((await row(workspaceId)).profileImageUrl).toBeNull();
      const frame = { type: 'settings', workspaceId, change: 'workspace' };
      expect(h.bus.eventsOf(RealtimeEvents.workspaceBroadcast)).toEqual([
        { workspaceId, frame },
        { workspaceId, frame },
      ]);
    });

    it('refuses a member with "Only workspace admins can do this" before looking at the image', async () => {
      const admin = await h.founder();
      const member = await h.join(admin.workspaceId);
      const logo = h.peers.upload(ImageOwners.workspace(admin.workspaceId));
      h.bus.clear();
      for (const address of [logo, '']) {
        await expect(h.workspaces.updateImage(member, admin.workspaceId, address)).rejects.toMatchObject({
          code: ErrorCodes.notAdmin,
          message: 'Only workspace admins can do this',
        });
      }
      expect(h.bus.requests).toEqual([]);
      expect(h.bus.events).toEqual([]);
    });

    it('refuses an admin of another workspace with WORKSPACE.NOT_FOUND', async () => {
      const admin = await h.founder();
      const outsider = await h.founder();
      await expect(h.workspaces.updateImage(outsider, admin.workspaceId, '')).rejects.toMatchObject({
        code: ErrorCodes.workspaceNotFound,
      });
    });
  });

  describe('seats', () => {
    it('counts members and pending invites against the seats', async () => {
      const admin = await h.founder();
      await h.join(admin.workspaceId);
      await h.invites.create(admin, null);
      expect(await h.workspaces.seats(admin, admin.workspaceId)).toEqual({
        seats: 5,
        members: 2,
        pendingInvites: 1,
        available: 2,
      });
    });

    it("answers another workspace's seats with WORKSPACE.NOT_FOUND", async () => {
      const admin = await h.founder();
      const outsider = await h.founder();
      await expect(h.workspaces.seats(outsider, admin.workspaceId)).rejects.toMatchObject({
        code: ErrorCodes.workspaceNotFound,
      });
    });
  });

  describe("billing's events", () => {
    const event = (occurredAt: Date) => ({ id: randomUUID(), occurredAt });

    it('takes the seat count, never below zero, and tells open screens', async () => {
      const admin = await h.founder();
      const workspaceId = admin.workspaceId;
      await h.workspaces.setSeats(workspaceId, 12);
      expect((await row(workspaceId)).seats).toBe(12);
      await h.workspaces.setSeats(workspaceId, -3);
      expect((await row(workspaceId)).seats).toBe(0);
      expect(h.bus.eventsOf(RealtimeEvents.workspaceBroadcast)).toEqual([
        { workspaceId, frame: { type: 'settings', workspaceId, change: 'seats' } },
        { workspaceId, frame: { type: 'settings', workspaceId, change: 'seats' } },
      ]);
    });

    it('applies a seats event once, and never over the count of a newer one', async () => {
      const admin = await h.founder();
      const workspaceId = admin.workspaceId;
      const newer = event(new Date());
      await h.workspaces.setSeats(workspaceId, 8, newer);
      await h.workspaces.setSeats(workspaceId, 9, newer);
      expect((await row(workspaceId)).seats).toBe(8);
      await h.workspaces.setSeats(workspaceId, 3, event(new Date(Date.now() - 60_000)));
      expect((await row(workspaceId)).seats).toBe(8);
    });

    it('makes the workspace read-only when billing says so, ignoring an older decision', async () => {
      const admin = await h.founder();
      const workspaceId = admin.workspaceId;
      const lapsed = new Date(Date.now() - 1000).toISOString();
      await h.workspaces.applyEntitlement({
        workspaceId,
        status: 'past_due',
        writableUntil: lapsed,
        changedAt: new Date().toISOString(),
      });
      await h.workspaces.applyEntitlement({
        workspaceId,
        status: 'active',
        writableUntil: null,
        changedAt: new Date(Date.now() - 60_000).toISOString(),
      });
      expect(await h.workspaces.entitlement(workspaceId)).toEqual({ workspaceId, writableUntil: lapsed });
      await expect(h.workspaces.get(admin, workspaceId)).resolves.toMatchObject({ readOnly: true });
      expect(h.bus.eventsOf(RealtimeEvents.workspaceBroadcast)).toEqual([
        { workspaceId, frame: { type: 'workspace', workspaceId, readOnly: true, writableUntil: lapsed } },
      ]);
    });

    it('records the subscription paying for the workspace', async () => {
      const admin = await h.founder();
      const workspaceId = admin.workspaceId;
      await h.workspaces.attachSubscription({ workspaceId, customerId: 'cus_1', subscriptionId: 'sub_1', seats: 7 });
      expect(await row(workspaceId)).toMatchObject({
        stripeCustomerId: 'cus_1',
        stripeSubscriptionId: 'sub_1',
        seats: 7,
      });
    });

    it('answers the entitlement of an unknown workspace with WORKSPACE.NOT_FOUND', async () => {
      await expect(h.workspaces.entitlement(randomUUID())).rejects.toMatchObject({
        code: ErrorCodes.workspaceNotFound,
      });
    });
  });
});
