import type { Message } from '@teamchat/contracts';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockFetch, renderWithApp, WORKSPACE_ID } from '../../../test/render.js';
import { MessageRow } from './MessageRow.js';

const message: Message = {
  id: 'a0000000-0000-4000-8000-0000000000a1',
  channelId: 'c0000000-0000-4000-8000-0000000000c1',
  workspaceId: WORKSPACE_ID,
  userId: '11111111-1111-4111-8111-111111111111',
  username: 'ada',
  agentId: 'AB12CD',
  content: 'the permalink target',
  imageUrl: null,
  clientMsgId: null,
  createdAt: '2025-03-01T10:00:00.000Z',
} as Message;

describe(MessageRow.name, () => {
  it('copies a permalink that opens the channel at this message', async () => {
    mockFetch({ 'GET /api/channels': { body: [] } });
    const user = userEvent.setup();
    renderWithApp(
      <ol>
        <MessageRow message={message} author={undefined} />
      </ol>,
    );
    await user.click(screen.getByRole('button', { name: 'Copy link' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Link copied' })).toBeInTheDocument());
    expect(await navigator.clipboard.readText()).toBe(
      `${window.location.origin}/channel/${message.channelId}?message=${message.id}`,
    );
  });

  it('offers no link for a message still being sent', () => {
    mockFetch({ 'GET /api/channels': { body: [] } });
    renderWithApp(
      <ol>
        <MessageRow message={message} author={undefined} delivery="sending" />
      </ol>,
    );
    expect(screen.queryByRole('button', { name: 'Copy link' })).not.toBeInTheDocument();
  });
});
