import { randomUUID } from 'node:crypto';
import { ErrorCodes, type WorkspaceRole } from '@teamchat/contracts';
import { BusUnavailableError, DomainError } from '@teamchat/bus';
import {
  busMembershipSource,
  membershipErrors,
  WorkspaceMembership,
  type MembershipSource,
} from './workspace-membership.js';

/** A source whose answers the test releases by hand, to order replies and invalidations. */
class HeldSource implements MembershipSource {
  readonly roles = new Map<string, WorkspaceRole>();
  readonly waiting: (() => void)[] = [];
  asks = 0;

  role(workspaceId: string, userId: string): Promise<WorkspaceRole | null> {
    this.asks++;
    // the answer is read when it was asked, like a reply already on its way
    const answer = this.roles.get(`${workspaceId}:${userId}`) ?? null;
    return new Promise((resolve) => this.waiting.push(() => resolve(answer)));
  }

  release(): void {
    for (const go of this.waiting.splice(0)) go();
  }
}

const settle = () => new Promise((r) => setImmediate(r));

describe(WorkspaceMembership.name, () => {
  const workspaceId = randomUUID();
  const userId = randomUUID();
  const actor = { userId, workspaceId };
  let source: HeldSource;

  beforeEach(() => {
    source = new HeldSource();
    source.roles.set(`${workspaceId}:${userId}`, 'admin');
  });

  it('does not keep an answer that a removal overtook on its way', async () => {
    const membership = new WorkspaceMembership(source);
    const check = membership.member(actor);
    // removed while the check was in flight; its reply still says "admin"
    source.roles.delete(`${workspaceId}:${userId}`);
    membership.forget(workspaceId, userId);
    source.release();
    await expect(check).resolves.toMatchObject({ role: 'admin' });
    const next = membership.member(actor);
    await settle();
    source.release();
    await expect(next).rejects.toMatchObject({ code: ErrorCodes.workspaceNotFound });
    expect(source.asks).toBe(2);
  });

  it('asks again after clear, also for an answer that was on its way', async () => {
    const membership = new WorkspaceMembership(source);
    const first = membership.member(actor);
    source.release();
    await first;
    membership.clear();
    const onItsWay = membership.member(actor);
    membership.clear();
    source.release();
    await onItsWay;
    const again = membership.member(actor);
    await settle();
    source.release();
    await expect(again).resolves.toMatchObject({ role: 'admin' });
    expect(source.asks).toBe(3);
  });

  it('keeps at most `max` memberships, dropping the least recently used', async () => {
    const membership = new WorkspaceMembership(source, { cache: { max: 2 } });
    const users = [randomUUID(), randomUUID(), randomUUID()];
    for (const id of users) source.roles.set(`${workspaceId}:${id}`, 'member');
    for (const id of users) {
      const check = membership.isMember(workspaceId, id);
      source.release();
      await check;
    }
    expect(source.asks).toBe(3);
    const again = membership.isMember(workspaceId, users[0]);
    await settle();
    source.release();
    await expect(again).resolves.toBe(true);
    expect(source.asks).toBe(4);
    await expect(membership.isMember(workspaceId, users[2])).resolves.toBe(true);
    expect(source.asks).toBe(4);
  });

  it('words refusals as the service asks', async () => {
    const notAdmin = () =>
      new DomainError(ErrorCodes.notAdmin, "You don't have permission to access billing settings.");
    const membership = new WorkspaceMembership(source, {
      errors: { notMember: membershipErrors.memberNotFound, notAdmin },
    });
    source.roles.set(`${workspaceId}:${userId}`, 'member');
    const check = membership.requireAdmin(actor);
    source.release();
    await expect(check).rejects.toMatchObject({
      code: ErrorCodes.notAdmin,
      message: "You don't have permission to access billing settings.",
    });
    const stranger = membership.member({ userId: randomUUID(), workspaceId });
    await settle();
    source.release();
    await expect(stranger).rejects.toMatchObject({
      code: ErrorCodes.memberNotFound,
      message: 'User not found in this workspace',
    });
  });

  describe('rosters', () => {
    /** Answers rosters and single members from `roles`, counting the asks of each. */
    class RosterSource implements MembershipSource {
      readonly roles = new Map<string, Map<string, WorkspaceRole>>();
      rosterAsks = 0;
      roleAsks = 0;
      rosterDown = false;
      /** When set, a roster answer waits for it (read when asked, like a reply already on its way). */
      hold: Promise<void> | null = null;

      join(ws: string, user: string, role: WorkspaceRole = 'member') {
        this.roles.set(ws, (this.roles.get(ws) ?? new Map<string, WorkspaceRole>()).set(user, role));
      }

      async members(ws: string, max: number) {
        this.rosterAsks++;
        if (this.rosterDown) throw new BusUnavailableError();
        const all = [...(this.roles.get(ws) ?? [])].map(([id, role]) => ({ userId: id, role }));
        await this.hold;
        return all.length > max ? null : all;
      }

      role(ws: string, user: string) {
        this.roleAsks++;
        return Promise.resolve(this.roles.get(ws)?.get(user) ?? null);
      }
    }

    const ws = randomUUID();
    const [ann, bob, cat] = [randomUUID(), randomUUID(), randomUUID()];
    let roster: RosterSource;

    beforeEach(() => {
      roster = new RosterSource();
      roster.join(ws, ann, 'admin');
      roster.join(ws, bob);
    });

    it("loads a workspace's members with the first check, so the others' first checks ask nothing", async () => {
      const membership = new WorkspaceMembership(roster);
      const warmed: string[][] = [];
      membership.onRoster((workspaceId, userIds) => warmed.push([workspaceId, ...userIds]));
      await expect(membership.member({ userId: ann, workspaceId: ws })).resolves.toMatchObject({ role: 'admin' });
      await expect(membership.member({ userId: bob, workspaceId: ws })).resolves.toMatchObject({ role: 'member' });
      expect([roster.rosterAsks, roster.roleAsks]).toEqual([1, 0]);
      expect(warmed).toEqual([[ws, ann, bob]]);
    });

    it('asks on their own for someone not on the roster: a member added since is accepted, a stranger refused', async () => {
      const membership = new WorkspaceMembership(roster);
      await membership.member({ userId: ann, workspaceId: ws });
      roster.join(ws, cat);
      await expect(membership.isMember(ws, cat)).resolves.toBe(true);
      await expect(membership.isMember(ws, randomUUID())).resolves.toBe(false);
      expect([roster.rosterAsks, roster.roleAsks]).toEqual([1, 2]);
    });

    it('does not keep a roster that a removal overtook on its way', async () => {
      const membership = new WorkspaceMembership(roster);
      let release!: () => void;
      roster.hold = new Promise((r) => (release = r));
      const check = membership.member({ userId: ann, workspaceId: ws });
      await settle();
      // bob removed while the roster listing him was on its way
      roster.roles.get(ws)!.delete(bob);
      membership.forget(ws, bob);
      release();
      await expect(check).resolves.toMatchObject({ role: 'admin' });
      roster.hold = null;
      await expect(membership.isMember(ws, bob)).resolves.toBe(false);
    });

    it('asks one member at a time in a workspace larger than rosterMax, and when the roster fails', async () => {
      const big = new WorkspaceMembership(roster, { cache: { rosterMax: 1 } });
      await expect(big.isMember(ws, ann)).resolves.toBe(true);
      await expect(big.isMember(ws, bob)).resolves.toBe(true);
      expect([roster.rosterAsks, roster.roleAsks]).toEqual([1, 2]);

      roster.rosterDown = true;
      const failing = new WorkspaceMembership(roster);
      await expect(failing.isMember(ws, ann)).resolves.toBe(true);
      expect([roster.rosterAsks, roster.roleAsks]).toEqual([2, 3]);
      // a failed roster is not asked again at every miss: the next members are asked alone for a while
      await expect(failing.isMember(ws, bob)).resolves.toBe(true);
      expect([roster.rosterAsks, roster.roleAsks]).toEqual([2, 4]);
    });

    it('tries a failed roster again after a pause (10 s, or the cache lifetime when shorter)', async () => {
      roster.rosterDown = true;
      const membership = new WorkspaceMembership(roster, { cache: { ttlMs: 40 } });
      await expect(membership.isMember(ws, ann)).resolves.toBe(true);
      roster.rosterDown = false;
      await new Promise((r) => setTimeout(r, 60));
      await expect(membership.isMember(ws, bob)).resolves.toBe(true);
      expect([roster.rosterAsks, roster.roleAsks]).toEqual([2, 1]);
    });

    it('loads the roster again at the next unknown member once someone joined', async () => {
      const membership = new WorkspaceMembership(roster);
      await membership.isMember(ws, ann);
      roster.join(ws, cat);
      membership.joined(ws);
      await expect(membership.isMember(ws, cat)).resolves.toBe(true);
      await expect(membership.isMember(ws, bob)).resolves.toBe(true);
      expect([roster.rosterAsks, roster.roleAsks]).toEqual([2, 0]);
    });

    it('loads the roster again after clear', async () => {
      const membership = new WorkspaceMembership(roster);
      await membership.isMember(ws, ann);
      membership.clear();
      await membership.isMember(ws, bob);
      expect([roster.rosterAsks, roster.roleAsks]).toEqual([2, 0]);
    });
  });

  describe(busMembershipSource.name, () => {
    const over = (reply: () => Promise<unknown>) => busMembershipSource({ request: reply as never });

    it('answers the role, or null for WORKSPACE.MEMBER_NOT_FOUND', async () => {
      await expect(over(async () => ({ ...actor, role: 'member' })).role(workspaceId, userId)).resolves.toBe('member');
      const missing = over(() => Promise.reject(new DomainError(ErrorCodes.memberNotFound, 'User not found')));
      await expect(missing.role(workspaceId, userId)).resolves.toBeNull();
    });

    it('asks for one more member than the roster may hold, and answers null when the workspace has them', async () => {
      const asked: unknown[] = [];
      const source = busMembershipSource({
        request: ((_contract: unknown, body: unknown) => {
          asked.push(body);
          return Promise.resolve([
            { userId, role: 'admin' },
            { userId: randomUUID(), role: 'member' },
          ]);
        }) as never,
      });
      await expect(source.members!(workspaceId, 2)).resolves.toHaveLength(2);
      await expect(source.members!(workspaceId, 1)).resolves.toBeNull();
      expect(asked).toEqual([
        { workspaceId, limit: 3 },
        { workspaceId, limit: 2 },
      ]);
    });

    it('passes a bus failure on, and nothing is cached from it', async () => {
      let down = true;
      const membership = new WorkspaceMembership(
        over(async () => {
          if (down) throw new BusUnavailableError();
          return { ...actor, role: 'member' };
        }),
        { cache: { rosterMax: 0 } },
      );
      await expect(membership.member(actor)).rejects.toMatchObject({ code: ErrorCodes.busUnavailable });
      down = false;
      await expect(membership.member(actor)).resolves.toMatchObject({ role: 'member' });
    });
  });
});
