// The channel header's pinned messages: the count, the list newest pin first, opening one at its message, unpinning,
// and the list following live pins.
import { jest } from '@jest/globals';
import type { Message, PublicUser, ServerFrame } from '@teamchat/contracts';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { emit, fakeRealtime, listeners } from '../../../../test/fake-realtime.js';
import { mockFetch, renderWithApp } from '../../../../test/render.js';

jest.unstable_mockModule('../realtime.js', () => ({ realtime: fakeRealtime, RealtimeConnection: class {} }));
const { PinnedMessages, pinExcerpt } = await import('./PinnedMessages.js');
const { useLiveUpdates } = await import('../use-live-updates.js');

/** The pin list inside a shell whose socket applies live frames, as the app mounts it. */
const LivePins = () => {
  useLiveUpdates({ id: GRACE, username: 'grace', workspaceId: null }, CHANNEL);
  return <PinnedMessages channelId={CHANNEL} users={users} />;
};

const CHANNEL = 'c0000000-0000-4000-8000-0000000000c1';
const ADA = '11111111-1111-4111-8111-111111111111';
const GRACE = '33333333-3333-4333-8333-333333333333';
const users = [
  { id: ADA, username: 'ada' },
  { id: GRACE, username: 'grace' },
] as PublicUser[];

const pinned = (n: number, userId: string, content: string | null, extra: Partial<Message> = {}): Message => ({
  id: `a0000000-0000-4000-8000-00000000000${n}`,
  channelId: CHANNEL,
  userId,
  username: userId === ADA ? 'ada' : 'grace',
  content,
  imageUrl: null,
  createdAt: `2025-03-0${n}T10:00:00.000Z`,
  pinnedAt: `2025-04-0${n}T10:00:00.000Z`,
  pinnedBy: ADA,
  ...extra,
});

describe('PinnedMessages', () => {
  afterEach(() => listeners.clear());

  it('shows how many messages are pinned and lists them newest pin first; one clicked opens the channel at it', async () => {
    const user = userEvent.setup();
    const list = [pinned(2, GRACE, 'the **release** plan'), pinned(1, ADA, null, { imageUrl: '/attachments/x.png' })];
    mockFetch({ [`GET /api/channels/${CHANNEL}/pins`]: { body: list } });
    renderWithApp(<PinnedMessages channelId={CHANNEL} users={users} />, { route: `/channel/${CHANNEL}` });
    const button = await screen.findByRole('button', { name: '2 pinned messages' });
    await user.click(button);
    const dialog = await screen.findByRole('dialog', { name: 'Pinned messages' });
    const items = within(dialog).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    // the pin's text is Markdown, rendered as in the channel
    expect(items[0]).toHaveTextContent(/^grace.*the release plan$/);
    expect(within(items[0]!).getByText('release').tagName).toBe('STRONG');
    expect(items[1]).toHaveTextContent(/^ada.*Image$/);
    await user.click(within(items[0]!).getByRole('button', { name: /the release plan/ }));
    expect(screen.getByTestId('location')).toHaveTextContent(`/channel/${CHANNEL}?message=${list[0]!.id}`);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('says so when nothing is pinned', async () => {
    const user = userEvent.setup();
    mockFetch({ [`GET /api/channels/${CHANNEL}/pins`]: { body: [] } });
    renderWithApp(<PinnedMessages channelId={CHANNEL} users={users} />);
    await user.click(await screen.findByRole('button', { name: '0 pinned messages' }));
    expect(await screen.findByText(/No pinned messages yet/)).toBeInTheDocument();
  });

  it('unpins from the list, and follows pins made elsewhere live', async () => {
    const user = userEvent.setup();
    let list = [pinned(2, GRACE, 'keep me'), pinned(1, ADA, 'unpin me')];
    const { calls } = mockFetch({
      [`GET /api/channels/${CHANNEL}/pins`]: () => ({ body: list }),
      [`DELETE /api/messages/${list[1]!.id}/pin`]: () => {
        const gone = list[1]!;
        list = [list[0]!];
        return { body: { ...gone, pinnedAt: undefined, pinnedBy: undefined } };
      },
    });
    renderWithApp(<LivePins />);
    await user.click(await screen.findByRole('button', { name: '2 pinned messages' }));
    await user.click(await screen.findByRole('button', { name: 'Unpin message from ada' }));
    expect(await screen.findByRole('button', { name: '1 pinned message' })).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'DELETE')).toHaveLength(1);

    // someone else pins a message: the live change refreshes the list
    const fresh = pinned(3, ADA, 'pinned elsewhere');
    list = [fresh, ...list];
    await act(async () => emit({ type: 'message_updated', message: fresh } as ServerFrame));
    expect(await screen.findByRole('button', { name: '2 pinned messages' })).toBeInTheDocument();
    // a change that does not touch the pins asks for nothing
    const before = calls.length;
    await act(async () => emit({ type: 'message_updated', message: { ...fresh, content: 'edited' } } as ServerFrame));
    expect(calls.length).toBe(before);
  });

  it('makes a line of plain text of a pinned message', () => {
    expect(pinExcerpt(pinned(1, ADA, '  two\n\nlines  '))).toBe('two lines');
    expect(pinExcerpt(pinned(1, ADA, 'x'.repeat(200))).length).toBe(160);
    expect(
      pinExcerpt(pinned(1, ADA, null, { file: { url: '/f', name: 'spec.pdf', size: 1, type: 'application/pdf' } })),
    ).toBe('spec.pdf');
  });
});
