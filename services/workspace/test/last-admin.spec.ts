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

  /** Both requests at once; exactly one succeeds, the other is refused with the last-admin conflict. */
  const race = async (
    first: InWorkspace,
    second: InWorkspace,
    act: (actor: InWorkspace, target: InWorkspace) => Promise<unknown>,
  ) => {
    const outcomes = await Promise.allSettled([act(first, second), act(second, first)]);
    const fulfilled = outcomes.filter((o) => o.status === 'fulfilled');
    const rejected = outcomes.flatMap((o) => (o.status === 'rejected' ? [o.reason as unknown] : []));
    expect(fulfilled).toHaveLength(1);
    expect(rejected).toEqual([expect.objectContaining({ code: ErrorCodes.lastAdmin, message: LAST_ADMIN_MESSAGE })]);
    return outcomes[0].status === 'fulfilled' ? first : second;
  };

  it('lets only one of two admins demoting each other at once win, with a 409 for the other', async () => {
    for (let round = 0; round < ROUNDS; round += 1) {
      const { first, second, workspaceId } = await twoAdmins();
      const winner = await race(first, second, (actor, target) => h.members.setAdmin(actor, target.userId, false));
      expect(await admins(workspaceId)).toEqual([winner.userId]);
    }
  });

  it('lets only one of two admins removing each other at once win, with a 409 for the other', async () => {
    for (let round = 0; round < ROUNDS; round += 1) {
      const { first, second, workspaceId } = await twoAdmins();
      const winner = await race(first, second, (actor, target) => h.members.remove(actor, workspaceId, target.userId));
      expect(await h.members.list(workspaceId)).toEqual([{ userId: winner.userId, role: 'admin' }]);
    }
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
