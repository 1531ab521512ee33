/** What jest's fake timers can fake (`jest.useFakeTimers`'s `doNotFake` names). */
const FAKEABLE = [
  'Date',
  'hrtime',
  'nextTick',
  'performance',
  'queueMicrotask',
  'requestAnimationFrame',
  'cancelAnimationFrame',
  'requestIdleCallback',
  'cancelIdleCallback',
  'setImmediate',
  'clearImmediate',
  'setInterval',
  'clearInterval',
  'setTimeout',
  'clearTimeout',
  'Temporal',
] as const;
export type FakeableApi = (typeof FAKEABLE)[number];

/**
 * Options for `jest.useFakeTimers` that fake only the given APIs and leave the rest real: e.g. only `Date` for code
 * timed by the wall clock beside sockets and pools that need real timers, or only the timers with a real clock.
 */
export const fakeOnly = (...apis: FakeableApi[]): { doNotFake: FakeableApi[] } => ({
  doNotFake: FAKEABLE.filter((api) => !apis.includes(api)),
});
