// Search states of spec 2 §2/§4: empty, searching (debounced 300 ms), no hits, results, and failure; filter chips,
// suggestions for from:/in:, pages of results, and a result opening its channel at the message.
import { jest } from '@jest/globals';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { aChannel, aUser, mockFetch, renderWithApp } from '../../../test/render.js';
import { SEARCH_DEBOUNCE_MS, SEARCH_TEXTS, SearchDialog } from './SearchDialog.js';
import styles from './SearchDialog.module.css';

const CHANNEL = '44444444-4444-4444-8444-444444444444';
const hit = {
  id: '33333333-3333-4333-8333-333333333333',
  channelId: CHANNEL,
  channelName: 'deployments',
  username: 'grace.hopper',
  content: 'Deploy PLT-3699 is out',
  createdAt: '2025-03-01T10:00:00.000Z',
};

const Harness = () => {
  const [open, setOpen] = useState(true);
  return (
    <>
      <span data-testid="open">{String(open)}</span>
      <SearchDialog open={open} onOpenChange={setOpen} />
    </>
  );
};

const field = () => screen.getByRole<HTMLInputElement>('combobox', { name: 'Search messages' });
const type = (value: string) => fireEvent.change(field(), { target: { value } });
const settle = () => act(async () => jest.advanceTimersByTime(SEARCH_DEBOUNCE_MS));
const searched = (calls: { url: string }[]) =>
  calls
    .filter((c) => c.url.startsWith('/api/messages/search'))
    .map((c) => Object.fromEntries(new URL(c.url, 'http://x').searchParams));
const TZ = Intl.DateTimeFormat().resolvedOptions().timeZone;
const hits = (from: number, count: number) =>
  Array.from({ length: count }, (_, i) => ({
    ...hit,
    id: `33333333-3333-4333-8333-${String(from + i).padStart(12, '0')}`,
    content: `deploy number ${from + i}`,
  }));

describe(SearchDialog.name, () => {
  beforeEach(() => {
    jest.useFakeTimers();
  });
  afterEach(() => {
    jest.useRealTimers();
  });

  it('is titled SEARCH MESSAGES and asks for a query when empty', () => {
    const { calls } = mockFetch({});
    renderWithApp(<Harness />);
    expect(screen.getByRole('dialog', { name: SEARCH_TEXTS.title })).toBeInTheDocument();
    expect(screen.getByText(SEARCH_TEXTS.empty)).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it('shows SEARCHING... while typing and asks the server once, 300 ms after the last keystroke', async () => {
    const { calls } = mockFetch({ 'GET /api/messages/search': { body: [hit] } });
    renderWithApp(<Harness />);
    type('dep');
    expect(screen.getByText(SEARCH_TEXTS.loading)).toBeInTheDocument();
    act(() => jest.advanceTimersByTime(200));
    type('deploy');
    act(() => jest.advanceTimersByTime(SEARCH_DEBOUNCE_MS - 1));
    expect(calls).toHaveLength(0);
    await act(async () => jest.advanceTimersByTime(1));
    expect(searched(calls)).toEqual([{ q: 'deploy', tz: TZ }]);
    expect(calls[0]!.credentials).toBe('include');
    expect(await screen.findByText('#deployments')).toBeInTheDocument();
    expect(screen.getByText('grace.hopper')).toBeInTheDocument();
    const content = screen.getByTestId('search-result-content');
    expect(content).toHaveTextContent('Deploy PLT-3699 is out');
    expect(screen.getByText('1 result')).toBeInTheDocument();
    expect(
      screen.getByText(
        new Date(hit.createdAt).toLocaleDateString(undefined, { year: 'numeric', month: 'short', day: 'numeric' }),
      ),
    ).toBeInTheDocument();
  });

  it("navigates to the result's channel, at that message, and closes", async () => {
    mockFetch({ 'GET /api/messages/search': { body: [hit] } });
    renderWithApp(<Harness />, { route: '/channel/other' });
    type('deploy');
    await settle();
    fireEvent.click(await screen.findByRole('button', { name: /deployments/ }));
    expect(screen.getByTestId('location').textContent).toBe(`/channel/${CHANNEL}?message=${hit.id}`);
    expect(screen.getByTestId('open')).toHaveTextContent('false');
  });

  it('labels a DM’s result by its people, never its stored name, and each author by display name', async () => {
    const me = aUser();
    const grace = aUser({
      id: '55555555-5555-4555-8555-555555555555',
      username: 'grace.hopper',
      firstName: 'Grace',
      lastName: 'Hopper',
    });
    const bob = aUser({
      id: '66666666-6666-4666-8666-666666666666',
      username: 'bob.brown',
      firstName: 'Bob',
      lastName: 'Brown',
    });
    const DM = '77777777-7777-4777-8777-777777777777';
    mockFetch({
      'GET /api/messages/search': {
        body: [
          hit,
          {
            ...hit,
            id: '33333333-3333-4333-8333-000000000009',
            channelId: DM,
            channelName: 'bob.brown',
            username: 'bob.brown',
          },
        ],
      },
    });
    const { queryClient } = renderWithApp(<Harness />);
    queryClient.setQueryData(['/api/auth/user'], me);
    queryClient.setQueryData(['/api/users'], [me, grace, bob]);
    queryClient.setQueryData(
      ['/api/dm'],
      [aChannel({ id: DM, name: 'bob.brown', type: 'direct', participantIds: [me.id, bob.id] })],
    );
    type('deploy');
    await settle();
    const places = await screen.findAllByTestId('search-result-place');
    expect(places.map((p) => p.textContent)).toEqual(['#deployments', '@Bob Brown']);
    expect(places[1]).toHaveAccessibleName('DM: Bob Brown');
    expect(screen.getAllByRole('listitem').map((li) => li.querySelector(`.${styles.user}`)?.textContent)).toEqual([
      'Grace Hopper',
      'Bob Brown',
    ]);
  });

  it('marks the words searched for in each result, as text', async () => {
    const sneaky = { ...hit, content: '<img src=x onerror=alert(1)> Deploying PLT-3699, the deploy' };
    mockFetch({ 'GET /api/messages/search': { body: [sneaky] } });
    renderWithApp(<Harness />);
    type('deploy plt-36 from:@grace');
    await settle();
    const content = await screen.findByTestId('search-result-content');
    expect(content).toHaveTextContent(sneaky.content);
    expect(content.querySelector('img')).toBeNull();
    expect([...content.querySelectorAll('mark')].map((m) => m.textContent)).toEqual([
      'Deploying',
      'PLT-3699',
      'deploy',
    ]);
  });

  it('says NO RESULTS FOUND when nothing matches', async () => {
    mockFetch({ 'GET /api/messages/search': { body: [] } });
    renderWithApp(<Harness />);
    type('zebra');
    await act(async () => jest.advanceTimersByTime(SEARCH_DEBOUNCE_MS));
    expect(await screen.findByText(SEARCH_TEXTS.none)).toBeInTheDocument();
  });

  it('says "Search failed" with the server’s reason when it refuses the query', async () => {
    const reason = 'Filter before: needs a date written as YYYY-MM-DD';
    mockFetch({ 'GET /api/messages/search': { status: 400, body: { error: reason, code: 'VALIDATION.FAILED' } } });
    renderWithApp(<Harness />);
    type('deploy before:2026-13-45');
    await settle();
    expect(await screen.findByText('Search failed')).toBeInTheDocument();
    expect(screen.getByText(reason)).toBeInTheDocument();
  });

  it('says "Search failed" when the answer is not ok', async () => {
    mockFetch({ 'GET /api/messages/search': { status: 500, body: { error: 'boom' } } });
    renderWithApp(<Harness />);
    type('zebra');
    await act(async () => jest.advanceTimersByTime(SEARCH_DEBOUNCE_MS));
    expect(await screen.findByText('Search failed')).toBeInTheDocument();
  });

  it('goes back to ENTER A SEARCH QUERY when the input is cleared', async () => {
    mockFetch({ 'GET /api/messages/search': { body: [hit] } });
    renderWithApp(<Harness />);
    type('deploy');
    await act(async () => jest.advanceTimersByTime(SEARCH_DEBOUNCE_MS));
    type('');
    expect(screen.getByText(SEARCH_TEXTS.empty)).toBeInTheDocument();
  });

  describe('filters', () => {
    const chipLabels = () =>
      within(screen.getByRole('list', { name: 'Filters' }))
        .getAllByRole('listitem')
        .map((li) => li.textContent);

    it('shows one chip per filter, phrase and exclusion; words and unknown filters stay text', () => {
      mockFetch({ 'GET /api/messages/search': { body: [] } });
      renderWithApp(<Harness />);
      type('deploy from:@alice in:#general before:2026-11-01 has:image "exact phrase" -excluded foo:bar has:video');
      expect(chipLabels()).toEqual([
        'from: @alice',
        'in: #general',
        'before: 2026-11-01',
        'has: image',
        '"exact phrase"',
        '-excluded',
      ]);
    });

    it('removes a filter from the text with its chip’s button', async () => {
      const { calls } = mockFetch({ 'GET /api/messages/search': { body: [] } });
      renderWithApp(<Harness />);
      type('deploy from:@alice -staging');
      fireEvent.click(screen.getByRole('button', { name: 'Remove filter from:@alice' }));
      expect(field().value).toBe('deploy -staging');
      expect(field()).toHaveFocus();
      fireEvent.click(screen.getByRole('button', { name: 'Remove filter -staging' }));
      expect(field().value).toBe('deploy');
      expect(screen.queryByRole('list', { name: 'Filters' })).not.toBeInTheDocument();
      await settle();
      expect(searched(calls)).toEqual([{ q: 'deploy', tz: TZ }]);
    });

    it('does not send a filter that has no value yet, and searches nothing for a lone one', async () => {
      const { calls } = mockFetch({ 'GET /api/messages/search': { body: [hit] } });
      renderWithApp(<Harness />);
      type('from:');
      expect(screen.getByText(SEARCH_TEXTS.empty)).toBeInTheDocument();
      await settle();
      expect(searched(calls)).toEqual([]);
      type('deploy in:#');
      await settle();
      expect(searched(calls)).toEqual([{ q: 'deploy', tz: TZ }]);
      expect(screen.queryByRole('list', { name: 'Filters' })).not.toBeInTheDocument();
    });
  });

  describe('suggestions', () => {
    const grace = aUser({
      id: '55555555-5555-4555-8555-555555555555',
      username: 'grace',
      handle: 'amazing_grace',
      firstName: 'Grace',
      lastName: 'Hopper',
    });
    const gregor = aUser({
      id: '66666666-6666-4666-8666-666666666666',
      username: 'gregor',
      firstName: 'Gregor',
      lastName: 'Mendel',
    });
    const ada = aUser();
    const channel = (id: string, name: string) => ({
      id,
      workspaceId: '22222222-2222-4222-8222-222222222222',
      name,
      description: null,
      sectionId: null,
      type: 'regular',
      participantIds: null,
      icon: 'Hash',
      order: 0,
      createdAt: hit.createdAt,
    });
    const api = () =>
      mockFetch({
        'GET /api/messages/search': { body: [] },
        'GET /api/users': { body: [ada, grace, gregor] },
        'GET /api/channels': {
          body: [
            channel(CHANNEL, 'general'),
            channel('77777777-7777-4777-8777-777777777777', 'green-team'),
            channel('88888888-8888-4888-8888-888888888888', 'random'),
          ],
        },
      });
    const options = () =>
      screen.getAllByRole('option').map((o) => o.querySelector(`.${styles.suggestionLabel}`)!.textContent);

    it('suggests people for from: by the typed prefix and completes with the keyboard', async () => {
      api();
      renderWithApp(<Harness />);
      type('deploy from:gr');
      const listbox = await screen.findByRole('listbox');
      expect(field()).toHaveAttribute('aria-expanded', 'true');
      expect(field()).toHaveAttribute('aria-controls', listbox.id);
      expect(options()).toEqual(['@grace', '@gregor']);
      const [first, second] = screen.getAllByRole('option');
      expect(field()).toHaveAttribute('aria-activedescendant', first!.id);
      expect(first).toHaveAttribute('aria-selected', 'true');
      fireEvent.keyDown(field(), { key: 'ArrowDown' });
      expect(field()).toHaveAttribute('aria-activedescendant', second!.id);
      fireEvent.keyDown(field(), { key: 'ArrowDown' });
      expect(field()).toHaveAttribute('aria-activedescendant', first!.id);
      fireEvent.keyDown(field(), { key: 'ArrowUp' });
      fireEvent.keyDown(field(), { key: 'Enter' });
      expect(field().value).toBe('deploy from:@gregor ');
      expect(field().selectionStart).toBe('deploy from:@gregor '.length);
      expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
      expect(field()).toHaveAttribute('aria-expanded', 'false');
    });

    it('matches a person by handle too', async () => {
      api();
      renderWithApp(<Harness />);
      type('from:@amaz');
      await screen.findByRole('listbox');
      expect(options()).toEqual(['@grace']);
    });

    it('suggests channels and people for in:, only channels after #, and completes on click', async () => {
      api();
      renderWithApp(<Harness />);
      type('in:g');
      await screen.findByRole('listbox');
      expect(options()).toEqual(['#general', '#green-team', '@grace', '@gregor']);
      type('in:@g');
      expect(options()).toEqual(['@grace', '@gregor']);
      type('in:#g');
      expect(options()).toEqual(['#general', '#green-team']);
      fireEvent.click(screen.getByRole('option', { name: /#green-team/ }));
      expect(field().value).toBe('in:#green-team ');
      type('in:@gr deploy');
      // the caret is after "deploy", not in the filter
      expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
      field().setSelectionRange(5, 5);
      fireEvent.select(field());
      fireEvent.click(screen.getByRole('option', { name: /@grace/ }));
      expect(field().value).toBe('in:@grace deploy');
    });
  });

  describe('pages of results', () => {
    it('says "50+ results" while there are more, and Load more appends the next page without duplicates', async () => {
      const first = hits(1, 50);
      const { calls } = mockFetch({
        'GET /api/messages/search': (_body, url) =>
          new URL(url, 'http://x').searchParams.get('cursor') === 'page-2'
            ? { body: [...hits(50, 3)] }
            : { body: first, headers: { 'X-Next-Cursor': 'page-2' } },
      });
      renderWithApp(<Harness />);
      type('deploy');
      await settle();
      expect(await screen.findByText('50+ results')).toBeInTheDocument();
      expect(within(screen.getByRole('list', { name: 'Search results' })).getAllByRole('listitem')).toHaveLength(50);
      fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
      expect(await screen.findByText('52 results')).toBeInTheDocument();
      const items = within(screen.getByRole('list', { name: 'Search results' })).getAllByRole('listitem');
      expect(items).toHaveLength(52);
      expect(items[51]).toHaveTextContent('deploy number 52');
      expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
      expect(searched(calls)).toEqual([
        { q: 'deploy', tz: TZ },
        { q: 'deploy', tz: TZ, cursor: 'page-2' },
      ]);
    });
  });
});
