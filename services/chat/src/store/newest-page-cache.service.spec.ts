import type { RowWithReactions } from './message-sql.js';
import type { MessageStore, NewestPage } from './message.store.js';
import { NewestPageCache } from './newest-page-cache.service.js';

const row = (id: string) => ({ id, reactions: [] }) as unknown as RowWithReactions;

/** A store whose next answers are set by the test, recording the clock each read was asked with. */
class ScriptedStore {
  readonly asked: { channelId: string; limit: number; keptClock: Date | null }[] = [];
  readonly answers: NewestPage[] = [];

  newestPage(channelId: string, _workspaceId: string, limit: number, keptClock: Date | null): Promise<NewestPage> {
    this.asked.push({ channelId, limit, keptClock });
    const answer = this.answers.shift();
    if (!answer) throw new Error('no answer scripted');
    return Promise.resolve(answer);
  }
}

describe(NewestPageCache.name, () => {
  const t1 = new Date('2026-12-01T10:00:00.000Z');
  const t2 = new Date('2026-12-01T10:00:05.000Z');
  let store: ScriptedStore;
  let cache: NewestPageCache;

  beforeEach(() => {
    store = new ScriptedStore();
    cache = new NewestPageCache(store as unknown as MessageStore);
  });

  it('reads a page afresh the first time and answers the kept rows while the channel is unchanged', async () => {
    store.answers.push({ clock: t1, changed: true, rows: [row('a'), row('b')] });
    store.answers.push({ clock: t2, changed: false, rows: [] });
    expect((await cache.newestPage('c1', 'w', 50)).map((r) => r.id)).toEqual(['a', 'b']);
    expect((await cache.newestPage('c1', 'w', 50)).map((r) => r.id)).toEqual(['a', 'b']);
    expect(store.asked.map((a) => a.keptClock)).toEqual([null, t1]);
  });

  it('keeps the page read when the channel changed, with the clock that read saw', async () => {
    store.answers.push({ clock: t1, changed: true, rows: [row('a')] });
    store.answers.push({ clock: t2, changed: true, rows: [row('a'), row('b')] });
    store.answers.push({ clock: t2, changed: false, rows: [] });
    await cache.newestPage('c1', 'w', 50);
    expect((await cache.newestPage('c1', 'w', 50)).map((r) => r.id)).toEqual(['a', 'b']);
    expect((await cache.newestPage('c1', 'w', 50)).map((r) => r.id)).toEqual(['a', 'b']);
    expect(store.asked.map((a) => a.keptClock)).toEqual([null, t1, t2]);
  });

  it('keeps nothing for a workspace without a clock yet (no message ever stored)', async () => {
    store.answers.push({ clock: null, changed: true, rows: [] });
    store.answers.push({ clock: t1, changed: true, rows: [row('a')] });
    expect(await cache.newestPage('c1', 'w', 50)).toEqual([]);
    await cache.newestPage('c1', 'w', 50);
    expect(store.asked.map((a) => a.keptClock)).toEqual([null, null]);
  });

  it('keeps a page per channel and page size', async () => {
    store.answers.push({ clock: t1, changed: true, rows: [row('a')] });
    store.answers.push({ clock: t1, changed: true, rows: [row('x')] });
    store.answers.push({ clock: t1, changed: true, rows: [row('a'), row('b')] });
    await cache.newestPage('c1', 'w', 50);
    await cache.newestPage('c2', 'w', 50);
    await cache.newestPage('c1', 'w', 100);
    expect(store.asked.map((a) => a.keptClock)).toEqual([null, null, null]);
  });
});
