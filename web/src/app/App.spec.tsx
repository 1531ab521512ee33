// The routing rules of spec 1 §2, one situation at a time.
import { jest } from '@jest/globals';
import { screen, waitFor } from '@testing-library/react';
import { aUser, mockFetch, renderWithApp, WORKSPACE_ID } from '../../test/render.js';

// The signed-in screens are loaded on demand: each stand-in's code "arrives" when its gate opens.
const gate = () => {
  let open: () => void = () => undefined;
  const arrived = new Promise<void>((resolve) => (open = resolve));
  return { arrived, open: () => open() };
};
const channelCode = gate();
const tasksCode = gate();
jest.unstable_mockModule('../features/chat/ChannelScreen.js', async () => {
  await channelCode.arrived;
  return { ChannelScreen: () => <div data-testid="channel-screen" /> };
});
jest.unstable_mockModule('../features/tasks/TasksScreen.js', async () => {
  await tasksCode.arrived;
  return { TasksScreen: () => <div data-testid="tasks-screen" /> };
});
jest.unstable_mockModule('../features/chat/use-live-updates.js', () => ({
  useLiveUpdates: () => () => undefined,
}));

const { App, AppRoutes, LOADING_TEXTS } = await import('./App.js');

const CHANNEL_ID = '33333333-3333-4333-8333-333333333333';
const SECTION_ID = '44444444-4444-4444-8444-444444444444';
const withWorkspace = aUser({ workspaceId: WORKSPACE_ID, paymentCompleted: true, onboardingCompleted: true });

const shellData = {
  'GET /api/workspaces': { body: [{ id: WORKSPACE_ID, name: 'Acme', profileImageUrl: null, role: 'admin' }] },
  'GET /api/channels': {
    body: [
      {
        id: CHANNEL_ID,
        workspaceId: WORKSPACE_ID,
        name: 'general',
        description: null,
        sectionId: SECTION_ID,
        type: 'regular',
        participantIds: null,
        icon: 'Hash',
        order: 0,
        createdAt: '2025-01-01T00:00:00.000Z',
      },
    ],
  },
  'GET /api/channel-sections': {
    body: [
      { id: SECTION_ID, workspaceId: WORKSPACE_ID, name: 'Channels', order: 0, createdAt: '2025-01-01T00:00:00.000Z' },
    ],
  },
  'GET /api/dm': { body: [] },
  'GET /api/users': { body: [] },
  'GET /api/unread': { body: [] },
};

const screens = {
  landing: () => screen.findByRole('heading', { name: /Talk Like It's Tomorrow\./ }),
  login: () => screen.findByRole('heading', { name: 'Welcome back' }),
  signup: () => screen.findByRole('progressbar', { name: 'Signup progress' }),
  createWorkspace: () => screen.findByRole('heading', { name: /Create (your|another) workspace/ }),
  invite: () => screen.findByRole('heading', { name: "You're invited" }),
  shell: () => screen.findByRole('navigation', { name: 'Workspaces' }),
};

const location = () => screen.getByTestId('location').textContent;

describe('routing rules', () => {
  beforeEach(() => {
    mockFetch({
      ...shellData,
      'GET /api/invites/validate/tok123': {
        body: { invite: { workspace: { name: 'Acme' }, email: null, invitedBy: 'Grace' } },
      },
      'GET /api/billing/config': { body: { stripePublishableKey: null } },
      'POST /api/create-signup-subscription': { body: { clientSecret: 'local_secret' } },
    });
  });

  it(`shows ${LOADING_TEXTS.auth} while the current user is loading`, async () => {
    globalThis.fetch = (() => new Promise(() => undefined)) as typeof fetch;
    renderWithApp(<App />);
    expect(await screen.findByText('AUTHENTICATING...')).toBeInTheDocument();
  });

  it('treats a 401 from the current-user call as signed out', async () => {
    mockFetch({ 'GET /api/auth/user': { status: 401, body: { error: 'Unauthorized' } } });
    renderWithApp(<App />, { route: '/anything' });
    expect(await screens.landing()).toBeInTheDocument();
  });

  describe('logged out', () => {
    it.each([
      ['/login', 'login'],
      ['/signup', 'signup'],
      ['/invite/tok123', 'invite'],
      ['/', 'landing'],
      ['/channel/123', 'landing'],
      ['/tasks', 'landing'],
      ['/create-workspace', 'landing'],
    ] as const)('%s shows the %s screen', async (path, name) => {
      renderWithApp(<AppRoutes user={null} inviteToken={null} />, { route: path });
      expect(await screens[name]()).toBeInTheDocument();
    });

    it('redirects any path with ?invite= to /invite/{token}', async () => {
      mockFetch({
        'GET /api/auth/user': { status: 401 },
        'GET /api/invites/validate/tok123': {
          body: { invite: { workspace: { name: 'Acme' }, email: null, invitedBy: 'Grace' } },
        },
      });
      renderWithApp(<App />, { route: '/whatever?invite=tok123' });
      expect(await screens.invite()).toBeInTheDocument();
      expect(location()).toBe('/invite/tok123');
    });
  });

  describe('logged in without a workspace', () => {
    const user = aUser({ paymentCompleted: true });

    it.each(['/', '/channel/123', '/tasks', '/login', '/create-workspace'])(
      '%s shows the create-workspace screen',
      async (path) => {
        renderWithApp(<AppRoutes user={user} inviteToken={null} />, { route: path });
        expect(await screens.createWorkspace()).toBeInTheDocument();
      },
    );

    it('still reaches /signup', async () => {
      renderWithApp(<AppRoutes user={user} inviteToken={null} />, { route: '/signup' });
      expect(await screens.signup()).toBeInTheDocument();
    });
  });

  describe('logged in with a workspace', () => {
    beforeEach(() => {
      mockFetch({ ...shellData, 'GET /api/auth/user': { body: withWorkspace } });
    });

    it(`/channel/{id} shows ${LOADING_TEXTS.channel} inside the layout until the channel screen's code has loaded`, async () => {
      renderWithApp(<App />, { route: `/channel/${CHANNEL_ID}` });
      expect(await screens.shell()).toBeInTheDocument();
      expect(await screen.findByText(LOADING_TEXTS.channel)).toBeInTheDocument();
      channelCode.open();
      expect(await screen.findByTestId('channel-screen')).toBeInTheDocument();
      expect(screen.queryByText(LOADING_TEXTS.channel)).not.toBeInTheDocument();
    });

    it(`/tasks shows ${LOADING_TEXTS.tasks} inside the layout until the tasks screen's code has loaded`, async () => {
      renderWithApp(<App />, { route: '/tasks' });
      expect(await screens.shell()).toBeInTheDocument();
      expect(await screen.findByText(LOADING_TEXTS.tasks)).toBeInTheDocument();
      tasksCode.open();
      expect(await screen.findByTestId('tasks-screen')).toBeInTheDocument();
    });

    it('/create-workspace shows the create-workspace screen for another workspace', async () => {
      renderWithApp(<App />, { route: '/create-workspace' });
      expect(await screen.findByRole('heading', { name: 'Create another workspace' })).toBeInTheDocument();
    });

    it('/signup sends a finished user to /', async () => {
      renderWithApp(<App />, { route: '/signup' });
      await waitFor(() => expect(location()).toBe(`/channel/${CHANNEL_ID}`));
    });

    it(`/ shows ${LOADING_TEXTS.channel} then goes to the first channel once the list has loaded`, async () => {
      let release: () => void = () => undefined;
      const channelsLoaded = new Promise<void>((resolve) => (release = resolve));
      mockFetch({
        ...shellData,
        'GET /api/auth/user': { body: withWorkspace },
        'GET /api/channels': async () => {
          await channelsLoaded;
          return shellData['GET /api/channels'];
        },
      });
      renderWithApp(<App />, { route: '/' });
      expect(await screen.findByText('LOADING CHANNEL...')).toBeInTheDocument();
      release();
      await waitFor(() => expect(location()).toBe(`/channel/${CHANNEL_ID}`));
      expect(await screen.findByTestId('channel-screen')).toBeInTheDocument();
    });

    it('/channel/{id} shows the channel screen inside the main layout', async () => {
      renderWithApp(<App />, { route: `/channel/${CHANNEL_ID}` });
      expect(await screens.shell()).toBeInTheDocument();
      expect(await screen.findByTestId('channel-screen')).toBeInTheDocument();
    });

    it('/tasks shows the tasks screen inside the main layout', async () => {
      renderWithApp(<App />, { route: '/tasks' });
      expect(await screens.shell()).toBeInTheDocument();
      expect(await screen.findByTestId('tasks-screen')).toBeInTheDocument();
    });

    it('any other path is the main layout', async () => {
      renderWithApp(<App />, { route: '/login' });
      expect(await screens.shell()).toBeInTheDocument();
      await waitFor(() => expect(location()).toBe(`/channel/${CHANNEL_ID}`));
    });
  });
});

describe('main layout user checks', () => {
  it(`shows ${LOADING_TEXTS.user} until the user is known, and asks for a refresh when it lacks a username`, async () => {
    mockFetch({ ...shellData, 'GET /api/auth/user': { body: { ...withWorkspace, username: '' } } });
    const { MainLayout } = await import('../features/layout/MainLayout.js');
    renderWithApp(<MainLayout />, { route: '/tasks' });
    expect(screen.getByText('LOADING USER DATA...')).toBeInTheDocument();
    expect(await screen.findByText('Unable to load your user data. Please refresh the page.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Refresh' })).toBeInTheDocument();
  });
});
