import { moveTo } from './reorder.js';

describe(moveTo.name, () => {
  const ids = ['a', 'b', 'c', 'd'];

  it('moves a channel down to the given position and shifts the others up', () => {
    expect(moveTo(ids, 'a', 2)).toEqual(['b', 'c', 'a', 'd']);
  });

  it('moves a channel up to the given position and shifts the others down', () => {
    expect(moveTo(ids, 'd', 0)).toEqual(['d', 'a', 'b', 'c']);
  });

  it('clamps a position past the end to the last place', () => {
    expect(moveTo(ids, 'b', 99)).toEqual(['a', 'c', 'd', 'b']);
  });

  it('keeps the order when a channel moves to where it already is', () => {
    expect(moveTo(ids, 'c', 2)).toEqual(ids);
  });
});
