import type { Message, PublicUser } from '@teamchat/contracts';
import { useQuery } from '@tanstack/react-query';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { aUser, mockFetch, renderWithApp } from '../../../../test/render.js';
import { chatKeys } from '../api.js';
import { ReactionBar } from './ReactionBar.js';
import { reactionBody, withReaction } from './reactions-api.js';

const ADA = '11111111-1111-4111-8111-111111111111';
const GRACE = '33333333-3333-4333-8333-333333333333';
const LIN = '44444444-4444-4444-8444-444444444444';
const PARROT = '55555555-5555-4555-8555-555555555555';
const CHANNEL = 'c0000000-0000-4000-8000-0000000000c1';
const MESSAGE = 'a0000000-0000-4000-8000-0000000000a1';

const users = [
  { id: ADA, username: 'ada' },
  { id: GRACE, username: 'grace' },
  { id: LIN, username: 'lin' },
] as PublicUser[];

const message: Message = {
  id: MESSAGE,
  channelId: CHANNEL,
  userId: GRACE,
  username: 'grace',
  content: 'react to me',
  imageUrl: null,
  createdAt: '2025-03-01T10:00:00.000Z',
  reactions: [
    { reactionId: '👍', count: 2, userIds: [GRACE, ADA] },
    { reactionId: PARROT, count: 1, userIds: [LIN] },
  ],
};

type Pages = { pages: Message[][]; pageParams: unknown[] };

/** The bar of the message as the channel's cached pages hold it now, like the message list renders it. */
const CachedBar = () => {
  const pages = useQuery<Pages>({ queryKey: chatKeys.messagePages(CHANNEL), enabled: false }).data;
  const held = pages?.pages[0]?.[0];
  return held ? <ReactionBar message={held} /> : null;
};

const setup = (routes: Parameters<typeof mockFetch>[0] = {}) => {
  const fetches = mockFetch({
    'GET /api/auth/user': { body: aUser({ id: ADA, username: 'ada' }) },
    'GET /api/users': { body: users },
    'GET /api/custom-reactions': {
      body: [
        {
          id: PARROT,
          workspaceId: '22222222-2222-4222-8222-222222222222',
          name: 'parrot',
          imageUrl: '/objects/parrot.png',
          createdBy: LIN,
          createdAt: '2025-01-01T00:00:00.000Z',
        },
      ],
    },
    ...routes,
  });
  const rendered = renderWithApp(<CachedBar />);
  rendered.queryClient.setQueryData<Pages>(chatKeys.messagePages(CHANNEL), {
    pages: [[message]],
    pageParams: [undefined],
  });
  const reactionsNow = () =>
    rendered.queryClient.getQueryData<Pages>(chatKeys.messagePages(CHANNEL))!.pages[0]![0]!.reactions;
  return { ...fetches, ...rendered, reactionsNow };
};

const chip = (name: RegExp) => within(screen.getByRole('group', { name: 'Reactions' })).getByRole('button', { name });

describe(ReactionBar.name, () => {
  it('shows one chip per reaction with its count, the custom one as its picture, pressed where you reacted', async () => {
    setup();
    await waitFor(() => expect(chip(/^👍 2 reactions$/)).toHaveAttribute('aria-pressed', 'true'));
    const parrot = await screen.findByRole('button', { name: ':parrot: 1 reaction' });
    expect(parrot).toHaveAttribute('aria-pressed', 'false');
    expect(parrot.querySelector('img')).toHaveAttribute('src', '/objects/parrot.png');
    expect(screen.getByRole('button', { name: 'Add reaction' })).toBeInTheDocument();
  });

  it('tells who reacted on hover and on focus, naming you "You"', async () => {
    const user = userEvent.setup();
    setup();
    const thumbs = await screen.findByRole('button', { name: /^👍 2/ });
    await waitFor(() => expect(thumbs).toHaveAttribute('aria-pressed', 'true'));
    await user.hover(thumbs);
    expect(await screen.findByRole('tooltip')).toHaveTextContent('grace and You reacted with 👍');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('tooltip')).not.toBeInTheDocument());
    await user.tab();
    await user.tab();
    expect(screen.getByRole('button', { name: ':parrot: 1 reaction' })).toHaveFocus();
    await waitFor(() => expect(screen.getByRole('tooltip')).toHaveTextContent('lin reacted with :parrot:'));
  });

  it('toggles your reaction off and on again with the emoji body, showing it at once', async () => {
    const user = userEvent.setup();
    const { calls, reactionsNow } = setup({
      'DELETE /api/messages/a0000000-0000-4000-8000-0000000000a1/reactions': {
        body: {
          messageId: MESSAGE,
          reactions: [{ reactionId: '👍', count: 1, userIds: [GRACE] }, message.reactions![1]],
        },
      },
      'POST /api/messages/a0000000-0000-4000-8000-0000000000a1/reactions': {
        body: { messageId: MESSAGE, reactions: message.reactions },
      },
    });
    const thumbs = await screen.findByRole('button', { name: /^👍/ });
    await waitFor(() => expect(thumbs).toHaveAttribute('aria-pressed', 'true'));
    await user.click(thumbs);
    expect(await screen.findByRole('button', { name: '👍 1 reaction' })).toHaveAttribute('aria-pressed', 'false');
    expect(calls.filter((c) => c.url.includes('/reactions'))).toEqual([
      expect.objectContaining({ method: 'DELETE', body: { emoji: '👍' } }),
    ]);
    await waitFor(() => expect(reactionsNow()![0]).toEqual({ reactionId: '👍', count: 1, userIds: [GRACE] }));

    await user.click(screen.getByRole('button', { name: '👍 1 reaction' }));
    expect(await screen.findByRole('button', { name: '👍 2 reactions' })).toHaveAttribute('aria-pressed', 'true');
    expect(calls.filter((c) => c.url.includes('/reactions')).map((c) => [c.method, c.body])).toEqual([
      ['DELETE', { emoji: '👍' }],
      ['POST', { emoji: '👍' }],
    ]);
  });

  it('adds yours to a custom reaction with its id, and puts things back when the server refuses', async () => {
    const user = userEvent.setup();
    const { calls, reactionsNow } = setup({
      'POST /api/messages/a0000000-0000-4000-8000-0000000000a1/reactions': {
        status: 409,
        body: { error: 'A message can have at most 50 different reactions.' },
      },
    });
    const parrot = await screen.findByRole('button', { name: ':parrot: 1 reaction' });
    await user.click(parrot);
    expect(calls.filter((c) => c.url.includes('/reactions')).map((c) => c.body)).toEqual([{ reactionId: PARROT }]);
    await waitFor(() => expect(reactionsNow()).toEqual(message.reactions));
    expect(screen.getByRole('button', { name: ':parrot: 1 reaction' })).toHaveAttribute('aria-pressed', 'false');
  });
});

describe(withReaction.name, () => {
  const base = message.reactions!;
  it('adds a user to a reaction, or a new reaction at the end; removing the last user drops it', () => {
    expect(withReaction(base, PARROT, ADA, true)[1]).toEqual({ reactionId: PARROT, count: 2, userIds: [LIN, ADA] });
    expect(withReaction(base, '🎉', ADA, true)[2]).toEqual({ reactionId: '🎉', count: 1, userIds: [ADA] });
    expect(withReaction(base, PARROT, LIN, false)).toEqual([base[0]]);
    expect(withReaction(base, '👍', ADA, true)).toEqual(base);
  });

  it('names a Unicode emoji as `emoji` and anything else as `reactionId`', () => {
    expect(reactionBody('👍🏽')).toEqual({ emoji: '👍🏽' });
    expect(reactionBody(PARROT)).toEqual({ reactionId: PARROT });
    expect(reactionBody(':thumbsup:')).toEqual({ reactionId: ':thumbsup:' });
  });
});
