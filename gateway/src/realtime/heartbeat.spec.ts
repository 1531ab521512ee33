import { Heartbeat } from './heartbeat.js';

describe(Heartbeat.name, () => {
  const ticks = <T>(beat: Heartbeat<T>, n: number) => {
    for (let i = 0; i < n; i++) beat.tick();
  };

  it('visits every item once per interval, a slice of them at each one-second tick', () => {
    const visits: number[][] = [];
    let current: number[] = [];
    const beat = new Heartbeat<number>(30_000, (item) => current.push(item));
    expect(beat.tickMs).toBe(1000);
    for (let i = 0; i < 1000; i++) beat.add(i);
    for (let t = 0; t < 30; t++) {
      current = [];
      beat.tick();
      visits.push(current);
    }
    // no tick pings more than its share (1,000 sockets over 30 slots: 33 or 34)
    expect(Math.max(...visits.map((v) => v.length))).toBe(34);
    expect(Math.min(...visits.map((v) => v.length))).toBe(33);
    const all = visits.flat().sort((a, b) => a - b);
    expect(all).toEqual([...Array(1000).keys()]);
    // the next round visits them again in the same slices
    current = [];
    beat.tick();
    expect(current).toEqual(visits[0]);
  });

  it('no longer visits a deleted item, also when it deletes itself during its visit', () => {
    const seen: string[] = [];
    const beat = new Heartbeat<string>(3000, (item) => {
      seen.push(item);
      if (item.startsWith('gone')) beat.delete(item);
    });
    ['a', 'b', 'c', 'gone-1', 'gone-2', 'd'].forEach((i) => beat.add(i));
    beat.delete('b');
    ticks(beat, 3);
    expect(seen.sort()).toEqual(['a', 'c', 'd', 'gone-1', 'gone-2']);
    seen.length = 0;
    ticks(beat, 3);
    expect(seen.sort()).toEqual(['a', 'c', 'd']);
    expect(beat.size).toBe(3);
  });

  it('adds an item once however often it is added', () => {
    const seen: string[] = [];
    const beat = new Heartbeat<string>(2000, (item) => seen.push(item));
    beat.add('a');
    beat.add('a');
    ticks(beat, 2);
    expect(seen).toEqual(['a']);
  });

  it('skips a tick while inactive: that slice is visited a full interval later', () => {
    const seen: number[] = [];
    let active = true;
    const beat = new Heartbeat<number>(
      2000,
      (item) => seen.push(item),
      () => active,
    );
    [1, 2].forEach((i) => beat.add(i));
    active = false;
    beat.tick(); // slot of 1 skipped
    active = true;
    beat.tick();
    expect(seen).toEqual([2]);
    beat.tick();
    expect(seen).toEqual([2, 1]);
  });

  it('ticks only while it holds an item', async () => {
    let ticked = 0;
    const beat = new Heartbeat<string>(
      10,
      () => undefined,
      () => ++ticked > 0,
    );
    const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));
    beat.start();
    await wait(60);
    expect(ticked).toBe(0);
    beat.add('a');
    const deadline = Date.now() + 5000;
    while (ticked < 3 && Date.now() < deadline) await wait(5);
    expect(ticked).toBeGreaterThanOrEqual(3);
    beat.delete('a');
    const after = ticked;
    await wait(60);
    expect(ticked).toBe(after);
    // back with the next item, and not after stop
    beat.add('b');
    while (ticked === after && Date.now() < deadline) await wait(5);
    expect(ticked).toBeGreaterThan(after);
    beat.stop();
    const stopped = ticked;
    await wait(60);
    expect(ticked).toBe(stopped);
  });

  it('runs on its own timer, with one slot when the interval is shorter than a second', async () => {
    const seen: string[] = [];
    const beat = new Heartbeat<string>(20, (item) => seen.push(item));
    expect(beat.tickMs).toBe(20);
    beat.add('a');
    beat.add('b');
    beat.start();
    beat.start(); // a second start keeps one timer
    const deadline = Date.now() + 5000;
    while (seen.length < 4 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 5));
    beat.stop();
    const visited = seen.length;
    // every tick visits both (one slot)
    expect(visited % 2).toBe(0);
    expect(visited).toBeGreaterThanOrEqual(4);
    await new Promise((r) => setTimeout(r, 60));
    expect(seen.length).toBe(visited);
  });
});
