import { CachedSearchPlanner } from './cached-search-planner.js';
import type { ReadableChannel } from './message-search-engine.js';
import { ReadableChannelsCache, SearchTextPlanCache } from './search-plan.caches.js';
import type { CheckRow, Member, PlanRow, PlanStatements } from './search-plan.statements.js';
import type { SearchTerms } from './search-query.js';

const terms = (words: string, substrings = [words]): SearchTerms => ({
  words,
  phrases: null,
  prefixQuery: `${words}:*`,
  substrings,
  excluded: null,
});

const channel = (name: string): ReadableChannel => ({ id: `id-${name}`, name, type: 'regular', participants: null });

/** The plan and check statements as Postgres would answer them for a workspace whose channels `channels` holds. */
class FakeStatements implements PlanStatements {
  channels = [channel('general')];
  clock = 0;
  readonly ran: string[] = [];

  private read(): CheckRow {
    this.clock += 1;
    return { now: new Date(this.clock), fingerprint: this.channels.map((c) => `${c.id}:${c.name}`).join() };
  }

  plan(_member: Member, words: string | null, substrings: string[]): Promise<PlanRow> {
    this.ran.push('plan');
    const stopword = words === 'the';
    return Promise.resolve({
      ...this.read(),
      word_nodes: stopword ? 0 : 1,
      substrings: stopword ? [] : substrings,
      channels: [...this.channels],
    });
  }

  check(): Promise<CheckRow> {
    this.ran.push('check');
    return Promise.resolve(this.read());
  }
}

describe(CachedSearchPlanner.name, () => {
  const bob: Member = { workspaceId: 'w1', userId: 'bob' };
  let statements: FakeStatements;
  let planner: CachedSearchPlanner;
  beforeEach(() => {
    statements = new FakeStatements();
    planner = new CachedSearchPlanner(new SearchTextPlanCache(), new ReadableChannelsCache());
  });

  it('reads the plan statement the first time and answers a text and member seen before after the check alone', async () => {
    const first = await planner.plan(statements, bob, terms('deploy'));
    const again = await planner.plan(statements, bob, terms('deploy'));
    expect(statements.ran).toEqual(['plan', 'check']);
    expect(again).toEqual({ ...first, now: new Date(2) });
    expect(again.channels).toEqual([channel('general')]);
  });

  it('keeps what a text says apart from whose channels they are', async () => {
    await planner.plan(statements, bob, terms('the'));
    // the text is kept, but not this member's channels; then both are
    await planner.plan(statements, { workspaceId: 'w1', userId: 'carol' }, terms('the'));
    await planner.plan(statements, { workspaceId: 'w2', userId: 'bob' }, terms('the'));
    // the member's channels are kept, but not this text
    await planner.plan(statements, bob, terms('deploy'));
    expect(statements.ran).toEqual(['plan', 'plan', 'plan', 'plan']);
    const stopword = await planner.plan(statements, bob, terms('the'));
    expect(statements.ran.at(-1)).toBe('check');
    expect(stopword).toMatchObject({ word_nodes: 0, substrings: [] });
  });

  it('reads the channels again when the check finds them changed (made, renamed or a DM opened anywhere)', async () => {
    await planner.plan(statements, bob, terms('deploy'));
    statements.channels = [channel('general'), channel('nebula')];
    const changed = await planner.plan(statements, bob, terms('deploy'));
    expect(statements.ran).toEqual(['plan', 'check', 'plan']);
    expect(changed.channels.map((c) => c.name)).toEqual(['general', 'nebula']);
    // kept again as read
    const kept = await planner.plan(statements, bob, terms('deploy'));
    expect(statements.ran.at(-1)).toBe('check');
    expect(kept.channels.map((c) => c.name)).toEqual(['general', 'nebula']);
  });

  it('keeps nothing from a plan statement that failed', async () => {
    const failing: PlanStatements = {
      plan: () => Promise.reject(new Error('connection lost')),
      check: () => Promise.reject(new Error('never asked')),
    };
    await expect(planner.plan(failing, bob, terms('deploy'))).rejects.toThrow('connection lost');
    await planner.plan(statements, bob, terms('deploy'));
    expect(statements.ran).toEqual(['plan']);
  });
});
