import { SharedLookups } from './shared-lookups.js';

const deferred = <T>() => {
  let resolve!: (value: T) => void;
  let reject!: (err: unknown) => void;
  const promise = new Promise<T>((res, rej) => ((resolve = res), (reject = rej)));
  return { promise, resolve, reject };
};

describe(SharedLookups.name, () => {
  it('asks once for concurrent first asks of a key and keeps the answer', async () => {
    const lookups = new SharedLookups<string>();
    const kept: string[] = [];
    let asks = 0;
    const answer = deferred<string>();
    const ask = () => (asks++, answer.promise);
    const both = Promise.all([lookups.get('k', ask, (v) => kept.push(v)), lookups.get('k', ask, (v) => kept.push(v))]);
    answer.resolve('admin');
    expect(await both).toEqual(['admin', 'admin']);
    expect([asks, kept]).toEqual([1, ['admin']]);
  });

  it('does not keep an answer that an invalidation overtook, and asks anew after it', async () => {
    const lookups = new SharedLookups<string>();
    const kept: string[] = [];
    const first = deferred<string>();
    const before = lookups.get(
      'k',
      () => first.promise,
      (v) => kept.push(v),
    );
    lookups.invalidate('k');
    const after = lookups.get(
      'k',
      () => Promise.resolve('member'),
      (v) => kept.push(v),
    );
    first.resolve('admin');
    expect([await before, await after]).toEqual(['admin', 'member']);
    expect(kept).toEqual(['member']);
  });

  it('shares no failure with later asks', async () => {
    const lookups = new SharedLookups<string>();
    await expect(
      lookups.get(
        'k',
        () => Promise.reject(new Error('down')),
        () => undefined,
      ),
    ).rejects.toThrow('down');
    await expect(
      lookups.get(
        'k',
        () => Promise.resolve('back'),
        () => undefined,
      ),
    ).resolves.toBe('back');
  });
});
