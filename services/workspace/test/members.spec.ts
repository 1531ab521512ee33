import { randomUUID } from 'node:crypto';
import { ErrorCodes, RealtimeEvents, WorkspaceEvents, type Actor } from '@teamchat/contracts';
import { CurrentWorkspaceEntity } from '../src/members/membership.entity.js';
import {
  MEMBER_NOT_FOUND_MESSAGE,
  OWN_ADMIN_STATUS_MESSAGE,
  REMOVE_SELF_MESSAGE,
} from '../src/members/member.service.js';
import { startWorkspaceHarness, type WorkspaceHarness } from './workspace-test-harness.js';

describe('workspace service: members', () => {
  let h: WorkspaceHarness;

  beforeAll(async () => {
    h = await startWorkspaceHarness();
  });

  afterAll(() => h.close());

  beforeEach(() => h.bus.clear());

  afterEach(() => h.bus.verify());

  /** An admin with a member, and nothing on the bus yet. */
  const team = async () => {
    const admin = await h.founder();
    const member = await h.join(admin.workspaceId);
    h.bus.clear();
    return { admin, member, workspaceId: admin.workspaceId };
  };

  describe('get and list', () => {
    it('answers a membership with its role, and a non-member with "User not found in this workspace"', async () => {
      const { admin, member, workspaceId } = await team();
      await expect(h.members.get(workspaceId, member.userId)).resolves.toEqual({ ...member, role: 'member' });
      await expect(h.members.get(workspaceId, randomUUID())).rejects.toMatchObject({
        code: ErrorCodes.memberNotFound,
        message: MEMBER_NOT_FOUND_MESSAGE,
      });
      expect(await h.members.list(workspaceId)).toEqual([
        { userId: admin.userId, role: 'admin' },
        { userId: member.userId, role: 'member' },
      ]);
      // a roster asked with a limit (the membership check's `rosterMax + 1`) stops there, first joined first
      expect(await h.members.list(workspaceId, 1)).toEqual([{ userId: admin.userId, role: 'admin' }]);
    });

    it('lists only the named users who are members, when asked about some (a presence subscription)', async () => {
      const { member, workspaceId } = await team();
      const other = await team();
      expect(await h.members.list(workspaceId, undefined, [member.userId, other.member.userId, randomUUID()])).toEqual([
        { userId: member.userId, role: 'member' },
      ]);
      expect(await h.members.list(workspaceId, undefined, [])).toEqual([]);
    });
  });

  describe('setAdmin', () => {
    it('lets an admin promote a member, announces it and tells open screens', async () => {
      const { admin, member, workspaceId } = await team();
      await expect(h.members.setAdmin(admin, member.userId, true)).resolves.toEqual({ ...member, role: 'admin' });
      await expect(h.members.get(workspaceId, member.userId)).resolves.toMatchObject({ role: 'admin' });
      expect(h.bus.events).toEqual([
        {
          subject: WorkspaceEvents.memberRoleChanged.subject,
          payload: { workspaceId, userId: member.userId, role: 'admin' },
        },
        {
          subject: RealtimeEvents.workspaceBroadcast.subject,
          payload: {
            workspaceId,
            frame: { type: 'settings', workspaceId, change: 'role', userId: member.userId, isAdmin: true },
          },
        },
      ]);
    });

    it('lets a promoted admin act as one at once, and demote the admin who promoted them', async () => {
      const { admin, member, workspaceId } = await team();
      await h.members.setAdmin(admin, member.userId, true);
      await expect(h.members.setAdmin(member, admin.userId, false)).resolves.toEqual({ ...admin, role: 'member' });
      await expect(h.workspaces.get(admin, workspaceId)).resolves.toMatchObject({ role: 'member' });
    });

    it('refuses an admin changing their own status, so a workspace always keeps an admin', async () => {
      const { admin, member } = await team();
      for (const isAdmin of [false, true]) {
        await expect(h.members.setAdmin(admin, admin.userId, isAdmin)).rejects.toMatchObject({
          code: ErrorCodes.ownAdminStatus,
          message: OWN_ADMIN_STATUS_MESSAGE,
        });
      }
      // the last admin stays one; a demoted admin cannot undo it themselves either
      await expect(h.members.get(admin.workspaceId, admin.userId)).resolves.toMatchObject({ role: 'admin' });
      await expect(h.members.setAdmin(member, member.userId, true)).rejects.toMatchObject({
        code: ErrorCodes.notAdmin,
      });
      expect(h.bus.events).toEqual([]);
    });

    it('refuses a member with "Only workspace admins can do this"', async () => {
      const { admin, member, workspaceId } = await team();
      const other = await h.join(workspaceId);
      h.bus.clear();
      for (const [target, isAdmin] of [
        [other.userId, true],
        [admin.userId, false],
      ] as const) {
        await expect(h.members.setAdmin(member, target, isAdmin)).rejects.toMatchObject({
          code: ErrorCodes.notAdmin,
          message: 'Only workspace admins can do this',
        });
      }
      await expect(h.members.get(workspaceId, other.userId)).resolves.toMatchObject({ role: 'member' });
      expect(h.bus.events).toEqual([]);
    });

    it('answers a user outside the workspace with "User not found in this workspace"', async () => {
      const { admin } = await team();
      const outsider = await h.founder();
      await expect(h.members.setAdmin(admin, outsider.userId, true)).rejects.toMatchObject({
        code: ErrorCodes.memberNotFound,
        message: MEMBER_NOT_FOUND_MESSAGE,
      });
    });

    it('refuses a caller without a current workspace with "No active workspace"', async () => {
      const { member } = await team();
      await expect(
        h.members.setAdmin({ userId: randomUUID(), workspaceId: null }, member.userId, true),
      ).rejects.toMatchObject({ code: ErrorCodes.noWorkspace, message: 'No active workspace' });
    });

    it('answers the admin of another workspace with WORKSPACE.NOT_FOUND', async () => {
      const { member, workspaceId } = await team();
      const outsider = await h.founder();
      const inTheirWorkspace: Actor = { userId: outsider.userId, workspaceId };
      await expect(h.members.setAdmin(inTheirWorkspace, member.userId, true)).rejects.toMatchObject({
        code: ErrorCodes.workspaceNotFound,
      });
    });
  });

  describe('remove', () => {
    it('ends the membership and the current-workspace choice at once, and announces it', async () => {
      const { admin, member, workspaceId } = await team();
      // checked once, so the membership is cached: the removal must drop it
      await h.workspaces.get(member, workspaceId);
      await expect(h.members.remove(admin, workspaceId, member.userId)).resolves.toEqual(member);
      await expect(h.workspaces.get(member, workspaceId)).rejects.toMatchObject({
        code: ErrorCodes.workspaceNotFound,
      });
      expect(await h.members.list(workspaceId)).toEqual([{ userId: admin.userId, role: 'admin' }]);
      expect(
        await h.dataSource.getRepository(CurrentWorkspaceEntity).findOneBy({ userId: member.userId, workspaceId }),
      ).toBeNull();
      expect(h.bus.eventsOf(WorkspaceEvents.memberRemoved)).toEqual([{ ...member, role: 'member' }]);
    });

    it('refuses removing yourself with "You cannot remove yourself from the workspace"', async () => {
      const { admin, workspaceId } = await team();
      await expect(h.members.remove(admin, workspaceId, admin.userId)).rejects.toMatchObject({
        code: ErrorCodes.removeSelf,
        message: REMOVE_SELF_MESSAGE,
      });
      expect(h.bus.events).toEqual([]);
    });

    it('refuses a member with "Only workspace admins can do this"', async () => {
      const { admin, member, workspaceId } = await team();
      await expect(h.members.remove(member, workspaceId, admin.userId)).rejects.toMatchObject({
        code: ErrorCodes.notAdmin,
      });
      expect(await h.members.list(workspaceId)).toHaveLength(2);
    });

    it("answers another workspace's ids with not-found and removes nothing", async () => {
      const { member, workspaceId } = await team();
      const outsider = await h.founder();
      // the outsider names the other workspace: not confirmed to exist
      await expect(h.members.remove(outsider, workspaceId, member.userId)).rejects.toMatchObject({
        code: ErrorCodes.workspaceNotFound,
      });
      // their own workspace with someone of the other one: no such member there
      await expect(h.members.remove(outsider, outsider.workspaceId, member.userId)).rejects.toMatchObject({
        code: ErrorCodes.memberNotFound,
        message: MEMBER_NOT_FOUND_MESSAGE,
      });
      expect(await h.members.list(workspaceId)).toHaveLength(2);
    });
  });
});
