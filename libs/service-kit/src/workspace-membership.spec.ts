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

  describe(busMembershipSource.name, () => {
    const over = (reply: () => Promise<unknown>) => busMembershipSource({ request: reply as never });

    it('answers the role, or null for WORKSPACE.MEMBER_NOT_FOUND', async () => {
      await expect(over(async () => ({ ...actor, role: 'member' })).role(workspaceId, userId)).resolves.toBe('member');
      const missing = over(() => Promise.reject(new DomainError(ErrorCodes.memberNotFound, 'User not found')));
      await expect(missing.role(workspaceId, userId)).resolves.toBeNull();
    });

    it('passes a bus failure on, and nothing is cached from it', async () => {
      let down = true;
      const membership = new WorkspaceMembership(
        over(async () => {
          if (down) throw new BusUnavailableError();
          return { ...actor, role: 'member' };
        }),
      );
      await expect(membership.member(actor)).rejects.toMatchObject({ code: ErrorCodes.busUnavailable });
      down = false;
      await expect(membership.member(actor)).resolves.toMatchObject({ role: 'member' });
    });
  });
});
