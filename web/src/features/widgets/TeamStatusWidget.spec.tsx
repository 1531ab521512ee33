// The team status widget at the size of a large organisation: pages of the members directory, rows only in view.
import type { PublicUser } from '@teamchat/contracts';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { aUser, mockFetch, renderWithApp, WORKSPACE_ID } from '../../../test/render.js';
import { resetLiveState } from '../chat/live-store.js';
import { TeamStatusWidget } from './TeamStatusWidget.js';

const MEMBERS = 20_000;
const member = (i: number): PublicUser => ({
  ...aUser({
    id: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
    username: `member${String(i).padStart(5, '0')}`,
    firstName: 'Member',
    lastName: String(i).padStart(5, '0'),
    status: 'offline',
  }),
  isAdmin: false,
});

describe(TeamStatusWidget.name, () => {
  const me = aUser({ isAdmin: false, workspaceId: WORKSPACE_ID });
  beforeEach(() => {
    localStorage.clear();
    resetLiveState();
  });

  it('loads the roster a page at a time as it scrolls, keeps only the rows in view, and counts every member', async () => {
    const { calls } = mockFetch({
      'GET /api/users': (_body, url) => {
        const params = new URL(url, 'http://localhost').searchParams;
        const from = Number(params.get('cursor') ?? 0);
        const limit = Number(params.get('limit'));
        return {
          body: Array.from({ length: limit }, (_, i) => member(from + i)),
          headers: { 'X-Next-Cursor': String(from + limit), 'X-Total-Count': String(MEMBERS) },
        };
      },
    });
    renderWithApp(<TeamStatusWidget user={me} density="full" />);
    expect(await screen.findByText('Member 00000')).toBeInTheDocument();
    expect(screen.getByTestId('team-online-count')).toHaveTextContent(`/${MEMBERS} online`);
    const list = screen.getByRole('list', { name: 'Team members' });
    expect(list.querySelectorAll('li').length).toBeLessThan(40);
    const pages = () => calls.filter((c) => c.url.startsWith('/api/users')).map((c) => c.url);
    expect(pages()).toEqual(['/api/users?limit=200']);

    // scrolled to the end of the first page: the next one is asked for, and the rows in the DOM are still few
    list.scrollTop = 200 * 34 - 300;
    fireEvent.scroll(list);
    await waitFor(() => expect(pages()).toEqual(['/api/users?limit=200', '/api/users?limit=200&cursor=200']));
    expect(await screen.findByText('Member 00199')).toBeInTheDocument();
    expect(list.querySelectorAll('li').length).toBeLessThan(40);
  });
});
