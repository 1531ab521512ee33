import { ErrorCodes } from '@teamchat/contracts';
import { LAST_ADMIN_MESSAGE } from '../src/members/member.service.js';
import { startWorkspaceHarness, type InWorkspace, type WorkspaceHarness } from './workspace-test-harness.js';

/** Rounds of each race: the unguarded service lost every admin in most rounds of five. */
const ROUNDS = 10;

describe('workspace service: a workspace always keeps an admin', () => {
  let h: WorkspaceHarness;

  beforeAll(async () => {
    h = await startWorkspaceHarness();
  });

  afterAll(() => h.close());

  /** A workspace with exactly two admins, and nothing on the bus yet. */
  const twoAdmins = async () => {
    const first = await h.founder();
    const second = await h.join(first.workspaceId, undefined, 'admin');
    h.bus.clear();
    return { first, second, workspaceId: first.workspaceId };
  };

  const admins = async (workspaceId: string) =>
    (await h.members.list(workspaceId)).filter((m) => m.role === 'admin').map((m) => m.userId);

  /**
   * Both requests at once: exactly one succeeds. The other, having started while its caller was still an admin, is
   * refused with the last-admin conflict (409); should the winner have committed before it even began, its caller
   * simply is no admin (or member) any more, as for any later request. Answers the winner and the loser's error code.
   */
  const race = async (
    first: InWorkspace,
    second: InWorkspace,
    act: (actor: InWorkspace, target: InWorkspace) => Promise<unknown>,
  ) => {
    const outcomes = await Promise.allSettled([act(first, second), act(second, first)]);
    const rejected = outcomes.flatMap((o) => (o.status === 'rejected' ? [o.reason as { code: string }] : []));
    expect(rejected).toHaveLength(1);
    const [loser] = rejected;
    if (loser.code === ErrorCodes.lastAdmin) expect(loser).toMatchObject({ message: LAST_ADMIN_MESSAGE });
    else expect([ErrorCodes.notAdmin, ErrorCodes.workspaceNotFound]).toContain(loser.code);
    return { winner: outcomes[0].status === 'fulfilled' ? first : second, loser: loser.code };
  };

  it('lets only one of two admins demoting each other at once win, with a 409 for the other', async () => {
    const losers: string[] = [];
    for (let round = 0; round < ROUNDS; round += 1) {
      const { first, second, workspaceId } = await twoAdmins();
      const { winner, loser } = await race(first, second, (actor, target) =>
        h.members.setAdmin(actor, target.userId, false),
      );
      losers.push(loser);
      expect(await admins(workspaceId)).toEqual([winner.userId]);
    }
    expect(losers).toContain(ErrorCodes.lastAdmin);
  });

  it('lets only one of two admins removing each other at once win, with a 409 for the other', async () => {
    const losers: string[] = [];
    for (let round = 0; round < ROUNDS; round += 1) {
      const { first, second, workspaceId } = await twoAdmins();
      const { winner, loser } = await race(first, second, (actor, target) =>
        h.members.remove(actor, workspaceId, target.userId),
      );
      losers.push(loser);
      expect(await h.members.list(workspaceId)).toEqual([{ userId: winner.userId, role: 'admin' }]);
    }
    expect(losers).toContain(ErrorCodes.lastAdmin);
  });

  it('keeps an admin when one admin demotes the other while being removed by them', async () => {
    for (let round = 0; round < ROUNDS; round += 1) {
      const { first, second, workspaceId } = await twoAdmins();
      const outcomes = await Promise.allSettled([
        h.members.setAdmin(first, second.userId, false),
        h.members.remove(second, workspaceId, first.userId),
      ]);
      expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(1);
      expect(await admins(workspaceId)).toHaveLength(1);
    }
  });

  it('still lets a third admin act while two others demote each other', async () => {
    const { first, second, workspaceId } = await twoAdmins();
    const third = await h.join(workspaceId, undefined, 'admin');
    // with three admins both demotions may go through in turn only if the second actor is still an admin
    const outcomes = await Promise.allSettled([
      h.members.setAdmin(first, second.userId, false),
      h.members.setAdmin(second, first.userId, false),
    ]);
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(1);
    expect(outcomes.find((o) => o.status === 'rejected')).toMatchObject({ reason: { code: ErrorCodes.notAdmin } });
    expect(await admins(workspaceId)).toHaveLength(2);
    expect(await admins(workspaceId)).toContain(third.userId);
  });
});
