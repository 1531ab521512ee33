import { describe, expect, it } from '@jest/globals';
import { rosterStatus, sortRoster } from './status.js';

describe(rosterStatus.name, () => {
  it('puts a closed connection offline whatever was chosen', () => {
    expect(rosterStatus('deep-focus', 'offline')).toBe('offline');
  });
  it('groups the picker statuses: a break is away; focus, do-not-disturb and meetings are busy', () => {
    expect(rosterStatus('coffee-break', 'online')).toBe('away');
    expect(rosterStatus('deep-focus', undefined)).toBe('busy');
    expect(rosterStatus('dnd', 'online')).toBe('busy');
    expect(rosterStatus('in-meeting', 'online')).toBe('busy');
    expect(rosterStatus('online', undefined)).toBe('online');
  });
  it('trusts the connection over a profile that never chose (stored offline)', () => {
    expect(rosterStatus('offline', 'online')).toBe('online');
    expect(rosterStatus('offline', undefined)).toBe('offline');
    expect(rosterStatus(null, undefined)).toBe('offline');
  });
});

describe(sortRoster.name, () => {
  it('sorts online, away, busy, offline, then by name', () => {
    const sorted = sortRoster([
      { name: 'zed', status: 'offline' as const },
      { name: 'bob', status: 'busy' as const },
      { name: 'amy', status: 'away' as const },
      { name: 'cat', status: 'online' as const },
      { name: 'ann', status: 'online' as const },
    ]);
    expect(sorted.map((e) => e.name)).toEqual(['ann', 'cat', 'amy', 'bob', 'zed']);
  });
});
