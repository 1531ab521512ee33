// The "New messages" line: where the messages unread when the channel was opened begin (the count the sidebar showed,
// others' messages only), fixed for as long as the channel stays open.
import type { Message, UnreadCount } from '@teamchat/contracts';
import { act, screen, within } from '@testing-library/react';
import { aUser, mockFetch, renderWithApp, WORKSPACE_ID } from '../../../test/render.js';
import { createQueryClient } from '../../lib/query-client.js';
import { chatKeys } from './api.js';
import { clearUnread } from './message-cache.js';
import { MessageList } from './MessageList.js';

const CHANNEL = 'c0000000-0000-4000-8000-0000000000c9';
const ME = '11111111-1111-4111-8111-111111111111';
const GRACE = '22222222-2222-4222-8222-222222222222';
const msg = (n: number, userId: string): Message =>
  ({
    id: `a0000000-0000-4000-8000-00000000000${n}`,
    channelId: CHANNEL,
    workspaceId: WORKSPACE_ID,
    userId,
    username: userId === ME ? 'ada' : 'grace',
    agentId: null,
    content: `message ${n}`,
    imageUrl: null,
    clientMsgId: null,
    createdAt: `2025-03-01T10:0${n}:00.000Z`,
  }) as Message;

/** `clearedFirst`: the list mounts after the selection cleared the count (the channel was still loading). */
const open = (unread: number, clearedFirst = true) => {
  mockFetch({
    [`GET /api/channels/${CHANNEL}/messages`]: {
      body: [msg(1, GRACE), msg(2, ME), msg(3, GRACE), msg(4, ME), msg(5, GRACE)],
    },
    'GET /api/channels': { body: [] },
  });
  const client = createQueryClient();
  client.setQueryData<UnreadCount[]>(chatKeys.unread, unread ? [{ channelId: CHANNEL, count: unread }] : []);
  // what selecting the channel does: its count is cleared, and remembered for the line
  if (clearedFirst) clearUnread(client, CHANNEL, true);
  renderWithApp(
    <MessageList
      channelId={CHANNEL}
      usersById={new Map([[ME, { ...aUser({ id: ME, username: 'ada' }), isAdmin: false }]])}
      currentUserId={ME}
      outgoing={[]}
      onRetry={() => undefined}
      onDiscard={() => undefined}
    />,
    { client },
  );
  // the shell clears the count in an effect, after the list it renders has rendered
  if (!clearedFirst) act(() => clearUnread(client, CHANNEL, true));
};

describe('the New messages line', () => {
  it('is there when the list renders in the same commit as the selection, before the count is cleared (first: nothing remembered yet)', async () => {
    open(2, false);
    const line = await screen.findByTestId('new-messages');
    const rows = screen.getAllByRole('listitem');
    expect(within(rows[rows.indexOf(line) + 1]!).getByText('message 3')).toBeInTheDocument();
  });

  it('sits before the first of the messages others wrote that were unread when the channel was opened', async () => {
    open(2);
    const line = await screen.findByTestId('new-messages');
    expect(line).toHaveTextContent('New messages');
    const rows = screen.getAllByRole('listitem');
    const at = rows.indexOf(line);
    expect(within(rows[at + 1]!).getByText('message 3')).toBeInTheDocument();
  });

  it('is absent when nothing was unread', async () => {
    open(0);
    await screen.findByText('message 5');
    expect(screen.queryByTestId('new-messages')).not.toBeInTheDocument();
  });
});
