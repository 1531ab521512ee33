import type { Channel, PublicUser } from '@teamchat/contracts';
import { sidebarOrder, stepEntry, tabTitle, type NavEntry } from './navigation.js';

const entry = (id: string, unread = 0, kind: NavEntry['kind'] = 'channel'): NavEntry => ({
  id,
  kind,
  label: id,
  unread,
});

describe('sidebar order', () => {
  it('lists direct messages, then unsectioned channels, then each section in order', () => {
    const channel = (id: string) => ({ id, name: id }) as Channel;
    const order = sidebarOrder({
      dms: [{ id: 'dm1', participantIds: ['me', 'u2'] } as Channel],
      sections: [{ id: 's1' }, { id: 's2' }] as never,
      groups: new Map([
        ['s2', [channel('c3')]],
        [null, [channel('c0')]],
        ['s1', [channel('c1'), channel('c2')]],
      ]),
      meId: 'me',
      users: [{ id: 'u2', username: 'grace.hopper' } as PublicUser],
      unread: new Map([['c2', 4]]),
    });
    expect(order.map((e) => e.id)).toEqual(['dm1', 'c0', 'c1', 'c2', 'c3']);
    expect(order[0]).toMatchObject({ kind: 'dm', label: 'grace.hopper' });
    expect(order[3]!.unread).toBe(4);
  });
});

describe('stepping through channels', () => {
  const order = [entry('a'), entry('b', 2), entry('c'), entry('d', 1)];

  it('goes to the next and previous entry, wrapping around', () => {
    expect(stepEntry(order, 'a', 1)?.id).toBe('b');
    expect(stepEntry(order, 'a', -1)?.id).toBe('d');
    expect(stepEntry(order, 'd', 1)?.id).toBe('a');
    expect(stepEntry(order, undefined, 1)?.id).toBe('a');
    expect(stepEntry(order, undefined, -1)?.id).toBe('d');
  });

  it('skips read entries when asked for the next unread one', () => {
    expect(stepEntry(order, 'b', 1, true)?.id).toBe('d');
    expect(stepEntry(order, 'd', 1, true)?.id).toBe('b');
    expect(stepEntry(order, 'c', -1, true)?.id).toBe('b');
    expect(stepEntry([entry('a'), entry('b')], 'a', 1, true)).toBeUndefined();
  });
});

describe('the tab title', () => {
  it('counts unread direct messages, shows a dot for other unread, and is bare when all is read', () => {
    expect(tabTitle([entry('dm', 3, 'dm'), entry('c', 5)])).toBe('(3) TeamChat');
    expect(tabTitle([entry('dm', 0, 'dm'), entry('c', 5)])).toBe('• TeamChat');
    expect(tabTitle([entry('dm', 0, 'dm'), entry('c', 0)])).toBe('TeamChat');
    // unread mentions count with unread direct messages
    expect(tabTitle([entry('dm', 1, 'dm'), entry('c', 5)], 'TeamChat', 2)).toBe('(3) TeamChat');
    expect(tabTitle([entry('c', 0)], 'TeamChat', 4)).toBe('(4) TeamChat');
  });
});
