// The channel header on a wide screen and on a phone (issue 70 item 7), and the user card's Message button.
import type { PublicUser } from '@teamchat/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { aChannel, aUser, mockFetch, renderWithApp, WORKSPACE_ID } from '../../../test/render.js';
import { MOBILE_QUERY } from '../../lib/use-media-query.js';
import { ChannelHeader } from './ChannelHeader.js';
import { UserHoverCard } from './UserHoverCard.js';

const me = aUser({ workspaceId: WORKSPACE_ID });
const grace = {
  ...aUser({ id: '55555555-5555-4555-8555-555555555555', username: 'grace', firstName: 'Grace', lastName: 'Hopper' }),
  isAdmin: false,
};
const linus = {
  ...aUser({ id: '66666666-6666-4666-8666-666666666666', username: 'linus', firstName: 'Linus', lastName: 'Torvalds' }),
  isAdmin: false,
};
const users: PublicUser[] = [{ ...me, isAdmin: true }, grace, linus];
const CHANNEL = 'c0000000-0000-4000-8000-0000000000c1';
const DM = 'd0000000-0000-4000-8000-0000000000d1';

/** The phone's width, as the media query sees it. */
const onPhone = (phone: boolean) => {
  window.matchMedia = (query: string) =>
    ({
      matches: phone && query === MOBILE_QUERY,
      media: query,
      onchange: null,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      addListener: () => undefined,
      removeListener: () => undefined,
      dispatchEvent: () => false,
    }) as MediaQueryList;
};

const api = () =>
  mockFetch({
    [`GET /api/channels/${CHANNEL}/pins`]: { body: [] },
    [`GET /api/channels/${DM}/pins`]: { body: [] },
    'GET /api/notification-preferences': { body: { level: 'mentions', keywords: [], sound: false, channels: [] } },
  });

const header = (channel = aChannel({ id: CHANNEL, name: 'quarterly-planning' })) =>
  renderWithApp(
    <ChannelHeader channel={channel} user={me} users={users} panelCollapsed onShowPanel={() => undefined} />,
  );

describe(ChannelHeader.name, () => {
  afterEach(() => onPhone(false));

  it('shows every action on a wide screen, one Log out among them', async () => {
    api();
    header();
    expect(await screen.findByRole('heading', { name: '#quarterly-planning' })).toBeInTheDocument();
    for (const name of ['Search messages', 'Update profile', 'Settings', 'Log out', 'Show panel'])
      expect(screen.getByRole('button', { name })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'More actions' })).not.toBeInTheDocument();
  });

  it('on a phone keeps Search and notifications, and puts the rest in a More actions menu', async () => {
    onPhone(true);
    api();
    const user = userEvent.setup();
    header();
    expect(await screen.findByRole('heading', { name: '#quarterly-planning' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Search messages' })).toBeInTheDocument();
    for (const name of ['Update profile', 'Settings', 'Log out', 'Show panel'])
      expect(screen.queryByRole('button', { name })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'More actions' }));
    const menu = await screen.findByRole('menu');
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((i) => i.textContent?.trim()),
    ).toEqual(['Update profile', 'Settings', 'Show panel', 'Log out']);
  });

  it('names a group DM by its people, in full, with the whole name as its title', async () => {
    api();
    header(aChannel({ id: DM, name: 'bob.brown', type: 'direct', participantIds: [me.id, linus.id, grace.id] }));
    const title = await screen.findByRole('heading', { name: 'Grace Hopper, Linus Torvalds' });
    expect(title).toHaveAttribute('title', 'Grace Hopper, Linus Torvalds');
  });
});

describe(UserHoverCard.name, () => {
  it('opens the DM with the person from its Message button', async () => {
    const { calls } = mockFetch({ 'POST /api/dm': { status: 201, body: aChannel({ id: DM, type: 'direct' }) } });
    const user = userEvent.setup();
    renderWithApp(
      <UserHoverCard user={grace} fallbackName="grace">
        <button type="button">Grace Hopper</button>
      </UserHoverCard>,
    );
    await user.hover(screen.getByRole('button', { name: 'Grace Hopper' }));
    const card = await screen.findByTestId('user-hover-card', {}, { timeout: 3000 });
    await user.click(within(card).getByRole('button', { name: 'Message' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(`/channel/${DM}`));
    expect(calls.find((c) => c.method === 'POST')).toMatchObject({ url: '/api/dm', body: { userId2: grace.id } });
  });
});
