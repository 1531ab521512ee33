// The status strip (spec 2 §2): what it writes to the profile, and when it writes nothing.
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { aUser, mockFetch, renderWithApp } from '../../../test/render.js';
import { StatusSelector } from './StatusSelector.js';

const patches = (calls: { method: string }[]) => calls.filter((c) => c.method === 'PATCH');

describe(StatusSelector.name, () => {
  beforeEach(() => localStorage.clear());

  it('writes nothing on a first load in a browser where no status was ever chosen', async () => {
    const me = aUser({ status: 'offline' });
    const { calls } = mockFetch({ [`PATCH /api/users/${me.id}`]: { body: { ...me, status: 'online' } } });
    renderWithApp(<StatusSelector user={me} />);
    // the default shows, and the profile (read as online once this tab is connected) is left alone
    expect(screen.getByRole('radio', { name: /^Online/ })).toHaveAttribute('aria-checked', 'true');
    fireEvent.click(screen.getByRole('radio', { name: /Coffee Break/ }));
    await waitFor(() => expect(patches(calls)).toHaveLength(1));
    expect(patches(calls)[0]).toMatchObject({ body: { status: 'coffee-break' } });
  });

  it('brings the profile in line with a status this browser chose before', async () => {
    localStorage.setItem('user-status', 'dnd');
    const me = aUser({ status: 'online' });
    const { calls } = mockFetch({ [`PATCH /api/users/${me.id}`]: { body: { ...me, status: 'dnd' } } });
    renderWithApp(<StatusSelector user={me} />);
    await waitFor(() => expect(patches(calls)).toHaveLength(1));
    expect(patches(calls)[0]).toMatchObject({ url: `/api/users/${me.id}`, body: { status: 'dnd' } });
  });

  it('writes nothing when the chosen status is already the profile’s', async () => {
    localStorage.setItem('user-status', 'dnd');
    const me = aUser({ status: 'dnd' });
    const { calls } = mockFetch({});
    renderWithApp(<StatusSelector user={me} />);
    fireEvent.click(screen.getByRole('radio', { name: /Do Not Disturb/ }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PATCH')).toBe(true));
    // the only write is the click's
    expect(patches(calls)).toHaveLength(1);
  });
});
