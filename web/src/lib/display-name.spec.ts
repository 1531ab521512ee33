import { act, renderHook } from '@testing-library/react';
import { aUser } from '../../test/render.js';
import { displayName, secondaryName, setDisplayFullNames, useDisplayName, useNamePrefs } from './display-name.js';

const on = { fullNames: true };
const off = { fullNames: false };

describe('displayName', () => {
  afterEach(() => setDisplayFullNames(true));

  it('names a person by their handle when they set one, else by first and last name, else by username', () => {
    expect(displayName(aUser({ handle: 'countess' }), on)).toBe('countess');
    expect(displayName(aUser(), on)).toBe('Ada Lovelace');
    expect(displayName(aUser({ lastName: '' }), on)).toBe('Ada');
    expect(displayName(aUser({ firstName: ' ', lastName: '' }), on)).toBe('ada');
  });

  it('shows usernames only with "Display full names" off', () => {
    expect(displayName(aUser({ handle: 'countess' }), off)).toBe('ada');
    expect(displayName(aUser(), off)).toBe('ada');
  });

  it('falls back to the given name (or Unknown) for someone not in the user list', () => {
    expect(displayName(undefined, on, 'grace')).toBe('grace');
    expect(displayName(null, on)).toBe('Unknown');
  });

  it('puts the username beside a name only when it differs', () => {
    expect(secondaryName(aUser(), on)).toBe('@ada');
    expect(secondaryName(aUser(), off)).toBeNull();
    expect(secondaryName(aUser({ firstName: '', lastName: '' }), on)).toBeNull();
  });

  it('defaults to full names, and follows the setting live and across a reload', () => {
    window.localStorage.removeItem('display_full_names');
    const { result } = renderHook(() => ({ prefs: useNamePrefs(), nameOf: useDisplayName() }));
    expect(result.current.prefs.fullNames).toBe(true);
    expect(result.current.nameOf(aUser())).toBe('Ada Lovelace');
    act(() => setDisplayFullNames(false));
    expect(result.current.nameOf(aUser())).toBe('ada');
    expect(window.localStorage.getItem('display_full_names')).toBe('false');
  });
});
