// Search states of spec 2 §2/§4: empty, searching (debounced 300 ms), no hits, results, and failure.
import { jest } from '@jest/globals';
import { act, fireEvent, screen } from '@testing-library/react';
import { useState } from 'react';
import { mockFetch, renderWithApp } from '../../../test/render.js';
import { SEARCH_DEBOUNCE_MS, SEARCH_TEXTS, SearchDialog } from './SearchDialog.js';

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

const type = (value: string) =>
  fireEvent.change(screen.getByPlaceholderText(SEARCH_TEXTS.placeholder), { target: { value } });

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
    expect(calls.map((c) => c.url)).toEqual(['/api/messages/search?q=deploy']);
    expect(calls[0]!.credentials).toBe('include');
    expect(await screen.findByText('#deployments')).toBeInTheDocument();
    expect(screen.getByText('grace.hopper')).toBeInTheDocument();
    expect(screen.getByText('Deploy PLT-3699 is out')).toHaveClass('tc-search__content');
    expect(
      screen.getByText(
        new Date(hit.createdAt).toLocaleDateString(undefined, { year: 'numeric', month: 'short', day: 'numeric' }),
      ),
    ).toBeInTheDocument();
  });

  it("navigates to the result's channel and closes", async () => {
    mockFetch({ 'GET /api/messages/search': { body: [hit] } });
    renderWithApp(<Harness />, { route: '/channel/other' });
    type('deploy');
    await act(async () => jest.advanceTimersByTime(SEARCH_DEBOUNCE_MS));
    fireEvent.click(await screen.findByRole('button', { name: /deployments/ }));
    expect(screen.getByTestId('location')).toHaveTextContent(`/channel/${CHANNEL}`);
    expect(screen.getByTestId('open')).toHaveTextContent('false');
  });

  it('says NO RESULTS FOUND when nothing matches', async () => {
    mockFetch({ 'GET /api/messages/search': { body: [] } });
    renderWithApp(<Harness />);
    type('zebra');
    await act(async () => jest.advanceTimersByTime(SEARCH_DEBOUNCE_MS));
    expect(await screen.findByText(SEARCH_TEXTS.none)).toBeInTheDocument();
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
});
