import { aUser } from '../../../test/render.js';
import { dmName, dmOthers, isGroupDm } from './dm-people.js';

const me = aUser({ id: '11111111-1111-4111-8111-111111111111', username: 'ada' });
const sam = aUser({ id: '22222222-2222-4222-8222-222222222222', username: 'sam', firstName: 'Sam', lastName: 'Reyes' });
const pat = aUser({
  id: '33333333-3333-4333-8333-333333333333',
  username: 'pat',
  firstName: 'Pat',
  lastName: 'Okafor',
});
const gone = '44444444-4444-4444-8444-444444444444';
const users = [me, sam, pat];

describe('dm-people', () => {
  it('names a 1:1 DM after the other person, Unknown when the user list does not have them', () => {
    expect(dmName({ participantIds: [me.id, sam.id] }, me.id, users)).toBe('Sam Reyes');
    expect(dmName({ participantIds: [me.id, sam.id] }, me.id, users, { fullNames: false })).toBe('sam');
    expect(dmName({ participantIds: [gone, me.id] }, me.id, users)).toBe('Unknown');
    expect(isGroupDm({ participantIds: [me.id, sam.id] })).toBe(false);
  });

  it('names a note-to-self DM after me', () => {
    expect(dmName({ participantIds: [me.id] }, me.id, users)).toBe('Ada Lovelace');
  });

  it('names a group DM after everyone but me, in alphabetical order, whoever reads it', () => {
    const group = { participantIds: [sam.id, me.id, pat.id] };
    expect(isGroupDm(group)).toBe(true);
    expect(dmName(group, me.id, users)).toBe('Pat Okafor, Sam Reyes');
    expect(dmName(group, sam.id, users)).toBe('Ada Lovelace, Pat Okafor');
    expect(dmName(group, me.id, users, { fullNames: false })).toBe('pat, sam');
    expect(dmOthers({ participantIds: [me.id, sam.id, gone] }, me.id, users).map((p) => p.name)).toEqual([
      'Sam Reyes',
      'Unknown',
    ]);
  });
});
