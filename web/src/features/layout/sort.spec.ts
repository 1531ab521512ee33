import type { Channel, Section } from '@teamchat/contracts';
import { aChannel } from '../../../test/render.js';
import { firstChannel, groupChannels, moveToSection, reorderWithin, sortSections } from './sort.js';

const ch = (id: string, sectionId: string | null, order: number, type: Channel['type'] = 'regular'): Channel =>
  aChannel({ id, workspaceId: 'w', name: id, sectionId, type, order, createdAt: '2025-01-01T00:00:00.000Z' });
const sec = (id: string, order: number, createdAt = '2025-01-01T00:00:00.000Z'): Section => ({
  id,
  workspaceId: 'w',
  name: id,
  order,
  createdAt,
  personal: false,
});

describe('sidebar ordering', () => {
  it('sorts sections by order, then age', () => {
    expect(sortSections([sec('b', 1), sec('c', 0, '2025-02-01T00:00:00.000Z'), sec('a', 0)]).map((s) => s.id)).toEqual([
      'a',
      'c',
      'b',
    ]);
  });

  it('groups regular channels by section, leaves DMs out, and puts channels of a missing section under null', () => {
    const groups = groupChannels(
      [ch('x', 's1', 1), ch('y', 's1', 0), ch('dm', null, 0, 'direct'), ch('z', 'gone', 0)],
      [sec('s1', 0)],
    );
    expect(groups.get('s1')!.map((c) => c.id)).toEqual(['y', 'x']);
    expect(groups.get(null)!.map((c) => c.id)).toEqual(['z']);
  });

  it('moves a channel to a new index and renumbers its section', () => {
    const all = [ch('a', 's', 0), ch('b', 's', 1), ch('c', 's', 2), ch('o', 't', 0)];
    const next = reorderWithin(all, all.slice(0, 3), 'c', 0);
    expect(Object.fromEntries(next.map((c) => [c.id, c.order]))).toEqual({ a: 1, b: 2, c: 0, o: 0 });
  });

  it('picks the first channel of the first section for /', () => {
    const channels = [ch('late', 's2', 0), ch('b', 's1', 1), ch('a', 's1', 0), ch('dm', null, 0, 'direct')];
    expect(firstChannel(channels, [sec('s2', 1), sec('s1', 0)])?.id).toBe('a');
    expect(firstChannel([ch('dm', null, 0, 'direct')], [])).toBeUndefined();
  });

  it('moves a channel to the end of another section, numbering that section 0..n-1', () => {
    const all = [ch('a', 's1', 0), ch('b', 's1', 1), ch('x', 's2', 3), ch('y', 's2', 7)];
    const moved = moveToSection(all, [all[2], all[3]], 'a', 's2');
    expect(moved.map((c) => [c.id, c.sectionId, c.order])).toEqual([
      ['a', 's2', 2],
      ['b', 's1', 1],
      ['x', 's2', 0],
      ['y', 's2', 1],
    ]);
  });

  it('moves a channel into another section at a given place (a dropped one takes the place of the one it landed on)', () => {
    const all = [ch('a', 's1', 0), ch('x', 's2', 0), ch('y', 's2', 1)];
    expect(moveToSection(all, [all[1], all[2]], 'a', 's2', 1).map((c) => [c.id, c.sectionId, c.order])).toEqual([
      ['a', 's2', 1],
      ['x', 's2', 0],
      ['y', 's2', 2],
    ]);
  });
});
