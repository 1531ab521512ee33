import { randomUUID } from 'node:crypto';
import {
  ErrorCodes,
  IdentityContracts,
  INVITE_NOT_VALID_MESSAGE,
  INVITE_USED_MESSAGE,
  OUT_OF_SEATS_MESSAGE,
  WORKSPACE_READ_ONLY_MESSAGE,
  WorkspaceEvents,
} from '@teamchat/contracts';
import { InviteEntity } from '../src/invites/invite.entity.js';
import { ALREADY_MEMBER_MESSAGE, INVITE_EMAIL_MISMATCH_MESSAGE } from '../src/invites/invite.service.js';
import { PASSWORD, startWorkspaceHarness, type InWorkspace, type WorkspaceHarness } from './workspace-test-harness.js';

describe('workspace service: invites', () => {
  let h: WorkspaceHarness;

  beforeAll(async () => {
    h = await startWorkspaceHarness();
  });

  afterAll(() => h.close());

  beforeEach(() => h.bus.clear());

  afterEach(() => h.bus.verify());

  const status = async (id: string) => (await h.dataSource.getRepository(InviteEntity).findOneByOrFail({ id })).status;
  const email = () => `${randomUUID().slice(0, 8)}@example.com`;
  const newcomer = (address = email()) => ({
    email: address,
    firstName: 'Grace',
    lastName: 'Hopper',
    password: PASSWORD,
  });

  /** An admin whose workspace has `seats` seats (billing's count). */
  const founder = async (seats = 5): Promise<InWorkspace> => {
    const admin = await h.founder('Acme');
    await h.workspaces.setSeats(admin.workspaceId, seats);
    h.bus.clear();
    return admin;
  };

  describe('create', () => {
    it('gives an admin an unguessable URL-safe token, with the email it was meant for if any', async () => {
      const admin = await founder();
      const open = await h.invites.create(admin, null);
      const addressed = await h.invites.create(admin, 'grace@example.com');
      expect(open).toEqual({
        id: expect.any(String),
        token: expect.any(String),
        createdAt: expect.any(String),
        email: null,
      });
      expect(open.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(addressed).toMatchObject({ email: 'grace@example.com' });
      expect(addressed.token).not.toBe(open.token);
    });

    it('holds a seat per pending invite and refuses the next with BILLING.NO_SEATS', async () => {
      const admin = await founder(3);
      await h.join(admin.workspaceId);
      await h.invites.create(admin, null);
      await expect(h.invites.create(admin, null)).rejects.toMatchObject({
        code: ErrorCodes.noSeats,
        message: OUT_OF_SEATS_MESSAGE,
      });
      expect(await h.workspaces.seats(admin, admin.workspaceId)).toMatchObject({ pendingInvites: 1, available: 0 });
    });

    it('frees the seat of a cancelled invite', async () => {
      const admin = await founder(2);
      const invite = await h.invites.create(admin, null);
      await h.invites.cancel(admin, invite.id);
      await expect(h.invites.create(admin, null)).resolves.toMatchObject({ email: null });
    });

    it('refuses a read-only workspace with "This workspace is read-only until its subscription is paid."', async () => {
      const admin = await founder();
      await h.workspaces.applyEntitlement({
        workspaceId: admin.workspaceId,
        status: 'canceled',
        writableUntil: new Date(Date.now() - 1000).toISOString(),
        changedAt: new Date().toISOString(),
      });
      await expect(h.invites.create(admin, null)).rejects.toMatchObject({
        code: ErrorCodes.workspaceReadOnly,
        message: WORKSPACE_READ_ONLY_MESSAGE,
      });
    });

    it('refuses a member with "Only workspace admins can do this", and a caller without a workspace', async () => {
      const admin = await founder();
      const member = await h.join(admin.workspaceId);
      await expect(h.invites.create(member, null)).rejects.toMatchObject({
        code: ErrorCodes.notAdmin,
        message: 'Only workspace admins can do this',
      });
      await expect(h.invites.create({ userId: admin.userId, workspaceId: null }, null)).rejects.toMatchObject({
        code: ErrorCodes.noWorkspace,
      });
    });
  });

  describe('list and cancel', () => {
    it('lists the pending invites of the current workspace, newest first, to its admins only', async () => {
      const admin = await founder();
      const first = await h.invites.create(admin, null);
      const cancelled = await h.invites.create(admin, null);
      const last = await h.invites.create(admin, 'grace@example.com');
      await h.invites.cancel(admin, cancelled.id);
      const other = await founder();
      await h.invites.create(other, null);
      expect((await h.invites.list(admin)).map((i) => i.id)).toEqual([last.id, first.id]);
      const member = await h.join(admin.workspaceId);
      await expect(h.invites.list(member)).rejects.toMatchObject({ code: ErrorCodes.notAdmin });
    });

    it('answers another workspace\'s invite, and one cancelled already, with "Invite not found"', async () => {
      const admin = await founder();
      const outsider = await founder();
      const invite = await h.invites.create(admin, null);
      const notFound = { code: ErrorCodes.inviteNotFound, message: 'Invite not found' };
      await expect(h.invites.cancel(outsider, invite.id)).rejects.toMatchObject(notFound);
      expect(await status(invite.id)).toBe('pending');
      await expect(h.invites.cancel(admin, invite.id)).resolves.toEqual({ id: invite.id });
      await expect(h.invites.cancel(admin, invite.id)).rejects.toMatchObject(notFound);
      await expect(h.invites.cancel(admin, randomUUID())).rejects.toMatchObject(notFound);
    });
  });

  describe('validate', () => {
    it('tells what a pending invite is for and who sent it', async () => {
      const admin = await h.founder('Acme', h.peers.account(email()));
      h.bus.clear();
      const invite = await h.invites.create(admin, 'grace@example.com');
      await expect(h.invites.validate(invite.token)).resolves.toEqual({
        invite: { workspace: { name: 'Acme' }, email: 'grace@example.com', invitedBy: 'Ada Lovelace' },
      });
      expect(h.bus.requestsTo(IdentityContracts.getMany)).toEqual([{ userIds: [admin.userId] }]);
    });

    it('names an inviter identity no longer knows "A former member"', async () => {
      const admin = await founder();
      const invite = await h.invites.create(admin, null);
      await expect(h.invites.validate(invite.token)).resolves.toMatchObject({
        invite: { invitedBy: 'A former member' },
      });
    });

    it('answers a cancelled, a used and an unknown token with "This invitation link is not valid"', async () => {
      const admin = await founder();
      const cancelled = await h.invites.create(admin, null);
      await h.invites.cancel(admin, cancelled.id);
      const used = await h.invites.create(admin, null);
      await h.invites.accept({ token: used.token, ...newcomer() });
      for (const token of [cancelled.token, used.token, 'no-such-token']) {
        await expect(h.invites.validate(token)).rejects.toMatchObject({
          code: ErrorCodes.inviteNotFound,
          message: INVITE_NOT_VALID_MESSAGE,
        });
      }
    });
  });

  describe('accept', () => {
    it('creates the account through identity, adds it as a member, switches it there and announces it', async () => {
      const admin = await founder();
      const invite = await h.invites.create(admin, null);
      const input = newcomer();
      const joined = await h.invites.accept({ token: invite.token, ...input });
      expect(joined).toEqual({ userId: expect.any(String), workspaceId: admin.workspaceId, created: true });
      expect(h.bus.requestsTo(IdentityContracts.register)).toEqual([{ ...input, companySize: null }]);
      await expect(h.members.get(admin.workspaceId, joined.userId)).resolves.toMatchObject({ role: 'member' });
      expect(await h.workspaces.resolveActor(joined.userId)).toEqual({
        workspaceId: admin.workspaceId,
        role: 'member',
      });
      expect(await status(invite.id)).toBe('accepted');
      expect(h.bus.eventsOf(WorkspaceEvents.memberAdded)).toEqual([
        { workspaceId: admin.workspaceId, userId: joined.userId, role: 'member' },
      ]);
      // the invite's seat became the member's
      expect(await h.workspaces.seats(admin, admin.workspaceId)).toMatchObject({ members: 2, pendingInvites: 0 });
    });

    it('lets someone with an account join with their password', async () => {
      const admin = await founder();
      const address = email();
      const userId = h.peers.account(address);
      const invite = await h.invites.create(admin, address);
      await expect(h.invites.accept({ token: invite.token, ...newcomer(address) })).resolves.toEqual({
        userId,
        workspaceId: admin.workspaceId,
        created: false,
      });
    });

    it("passes identity's refusal of a wrong password through and leaves the invite pending", async () => {
      const admin = await founder();
      const address = email();
      h.peers.account(address);
      const invite = await h.invites.create(admin, null);
      await expect(
        h.invites.accept({ token: invite.token, ...newcomer(address), password: 'not the password' }),
      ).rejects.toMatchObject({ code: ErrorCodes.invalidCredentials });
      expect(await status(invite.id)).toBe('pending');
    });

    it('refuses a used invite with "This invitation has already been used"', async () => {
      const admin = await founder();
      const invite = await h.invites.create(admin, null);
      await h.invites.accept({ token: invite.token, ...newcomer() });
      await expect(h.invites.accept({ token: invite.token, ...newcomer() })).rejects.toMatchObject({
        code: ErrorCodes.inviteUsed,
        message: INVITE_USED_MESSAGE,
      });
    });

    it('refuses a cancelled or unknown invite with "This invitation link is not valid"', async () => {
      const admin = await founder();
      const invite = await h.invites.create(admin, null);
      await h.invites.cancel(admin, invite.id);
      for (const token of [invite.token, 'no-such-token']) {
        await expect(h.invites.accept({ token, ...newcomer() })).rejects.toMatchObject({
          code: ErrorCodes.inviteNotFound,
          message: INVITE_NOT_VALID_MESSAGE,
        });
      }
      expect(h.bus.requestsTo(IdentityContracts.register)).toEqual([]);
    });

    it('refuses an email other than the one invited, on the email field', async () => {
      const admin = await founder();
      const invite = await h.invites.create(admin, 'grace@example.com');
      await expect(h.invites.accept({ token: invite.token, ...newcomer('ada@example.com') })).rejects.toMatchObject({
        code: ErrorCodes.validation,
        message: INVITE_EMAIL_MISMATCH_MESSAGE,
        issues: [{ path: 'email', message: INVITE_EMAIL_MISMATCH_MESSAGE }],
      });
      expect(await status(invite.id)).toBe('pending');
    });

    it('refuses a new member once billing took the seats away, with BILLING.NO_SEATS', async () => {
      const admin = await founder(2);
      const invite = await h.invites.create(admin, null);
      await h.workspaces.setSeats(admin.workspaceId, 1);
      await expect(h.invites.accept({ token: invite.token, ...newcomer() })).rejects.toMatchObject({
        code: ErrorCodes.noSeats,
        message: OUT_OF_SEATS_MESSAGE,
      });
      expect(await status(invite.id)).toBe('pending');
      expect(await h.members.list(admin.workspaceId)).toHaveLength(1);
    });

    it('lets only one of two racing accepts of the same invite in', async () => {
      const admin = await founder();
      const invite = await h.invites.create(admin, null);
      const outcomes = await Promise.allSettled([
        h.invites.accept({ token: invite.token, ...newcomer() }),
        h.invites.accept({ token: invite.token, ...newcomer() }),
      ]);
      expect(outcomes.map((o) => o.status).sort()).toEqual(['fulfilled', 'rejected']);
      expect(outcomes.find((o) => o.status === 'rejected')).toMatchObject({ reason: { code: ErrorCodes.inviteUsed } });
      expect(await h.members.list(admin.workspaceId)).toHaveLength(2);
    });

    it('refuses someone already in the workspace with "You are already a member of this workspace"', async () => {
      const admin = await founder();
      const address = email();
      const userId = h.peers.account(address);
      await h.join(admin.workspaceId, userId);
      const invite = await h.invites.create(admin, null);
      await expect(h.invites.accept({ token: invite.token, ...newcomer(address) })).rejects.toMatchObject({
        code: ErrorCodes.alreadyMember,
        message: ALREADY_MEMBER_MESSAGE,
      });
      expect(await status(invite.id)).toBe('pending');
    });
  });
});
