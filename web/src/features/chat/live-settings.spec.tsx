// `settings` socket frames: a role change reaches the promoted member's open screen (their isAdmin, hence their
// settings tabs), and a new workspace logo or name reaches everyone's switcher, without a reload.
import { jest } from '@jest/globals';
import type { ServerFrame } from '@teamchat/contracts';
import { useQuery } from '@tanstack/react-query';
import { act, screen, waitFor } from '@testing-library/react';
import { authUserQuery } from '../../api/auth.js';
import { workspacesQuery } from '../../api/workspaces.js';
import { emit, fakeRealtime } from '../../../test/fake-realtime.js';
import { aUser, mockFetch, renderWithApp, WORKSPACE_ID } from '../../../test/render.js';

jest.unstable_mockModule('./realtime.js', () => ({ realtime: fakeRealtime, RealtimeConnection: class {} }));
const { useLiveUpdates } = await import('./use-live-updates.js');

const push = (frame: ServerFrame) => act(async () => emit(frame));

describe('live settings frames', () => {
  it('refetch the promoted member’s own record and everyone’s workspace list, with no reload', async () => {
    let me = aUser({ workspaceId: WORKSPACE_ID, isAdmin: false });
    let name = 'Acme';
    mockFetch({
      'GET /api/auth/user': () => ({ body: me }),
      'GET /api/workspaces': () => ({
        body: [
          {
            id: WORKSPACE_ID,
            name,
            profileImageUrl: null,
            role: me.isAdmin ? 'admin' : 'member',
            readOnly: false,
            writableUntil: null,
          },
        ],
      }),
      'GET /api/users': { body: [] },
    });
    const Screen = () => {
      const user = useQuery(authUserQuery()).data;
      const workspaces = useQuery(workspacesQuery()).data;
      useLiveUpdates(me, undefined);
      return (
        <p>
          <span data-testid="role">{user ? (user.isAdmin ? 'admin' : 'member') : ''}</span>
          <span data-testid="name">{workspaces?.[0]?.name}</span>
        </p>
      );
    };
    renderWithApp(<Screen />);
    await waitFor(() => expect(screen.getByTestId('role')).toHaveTextContent('member'));
    await waitFor(() => expect(screen.getByTestId('name')).toHaveTextContent('Acme'));

    me = { ...me, isAdmin: true };
    // someone else's promotion leaves this user's record alone
    await push({
      type: 'settings',
      workspaceId: WORKSPACE_ID,
      change: 'role',
      userId: '99999999-9999-4999-8999-999999999999',
    });
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.getByTestId('role')).toHaveTextContent('member');
    await push({ type: 'settings', workspaceId: WORKSPACE_ID, change: 'role', userId: me.id });
    await waitFor(() => expect(screen.getByTestId('role')).toHaveTextContent('admin'));

    name = 'Acme Rockets';
    await push({ type: 'settings', workspaceId: WORKSPACE_ID, change: 'workspace' });
    await waitFor(() => expect(screen.getByTestId('name')).toHaveTextContent('Acme Rockets'));
  });

  it('refetch the roster when a member changes their profile, and their own record when it is theirs', async () => {
    const me = aUser({ workspaceId: WORKSPACE_ID });
    let about = 'before';
    let teammate = 'grace';
    mockFetch({
      'GET /api/auth/user': () => ({ body: { ...me, aboutMe: about } }),
      'GET /api/users': () => ({
        body: [{ ...aUser({ id: '99999999-9999-4999-8999-999999999999' }), username: teammate }],
      }),
    });
    const Screen = () => {
      const user = useQuery(authUserQuery()).data;
      const users = useQuery<{ username: string }[]>({ queryKey: ['/api/users'] }).data;
      useLiveUpdates(me, undefined);
      return (
        <p>
          <span data-testid="about">{user?.aboutMe}</span>
          <span data-testid="roster">{users?.[0]?.username}</span>
        </p>
      );
    };
    renderWithApp(<Screen />);
    await waitFor(() => expect(screen.getByTestId('roster')).toHaveTextContent('grace'));
    teammate = 'grace.hopper';
    await push({
      type: 'settings',
      workspaceId: WORKSPACE_ID,
      change: 'profile',
      userId: '99999999-9999-4999-8999-999999999999',
    });
    await waitFor(() => expect(screen.getByTestId('roster')).toHaveTextContent('grace.hopper'));
    expect(screen.getByTestId('about')).toHaveTextContent('before');
    about = 'after';
    await push({ type: 'settings', workspaceId: WORKSPACE_ID, change: 'profile', userId: me.id });
    await waitFor(() => expect(screen.getByTestId('about')).toHaveTextContent('after'));
  });
});
