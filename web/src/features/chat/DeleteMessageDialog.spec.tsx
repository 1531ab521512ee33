// Deleting a message: who is offered Delete, the confirm dialog, and the tombstone a thread root leaves.
import type { CurrentUser, Message } from '@teamchat/contracts';
import { useInfiniteQuery, type QueryClient } from '@tanstack/react-query';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { aUser, mockFetch, renderWithApp } from '../../../test/render.js';
import { createQueryClient } from '../../lib/query-client.js';
import { authKeys } from '../../api/auth.js';
import { chatKeys, messagePagesQuery } from './api.js';
import { DELETED_MESSAGE_TEXT } from './DeleteMessageDialog.js';
import { flattenPages } from './message-cache.js';
import { MessageRow } from './MessageRow.js';
import messageRowStyles from './MessageRow.module.css';

const CHANNEL = 'c0000000-0000-4000-8000-0000000000c1';
const ADA = '11111111-1111-4111-8111-111111111111';
const GRACE = '33333333-3333-4333-8333-333333333333';

const msg = (n: number, userId: string, content: string, extra: Partial<Message> = {}): Message => ({
  id: `a0000000-0000-4000-8000-00000000000${n}`,
  channelId: CHANNEL,
  userId,
  username: userId === ADA ? 'ada' : 'grace',
  content,
  imageUrl: null,
  createdAt: `2025-03-01T10:0${n}:00.000Z`,
  ...extra,
});

const Rows = () => {
  const { data } = useInfiniteQuery(messagePagesQuery(CHANNEL));
  return (
    <ol>
      {flattenPages(data).map((m) => (
        <MessageRow key={m.id} message={m} author={undefined} />
      ))}
    </ol>
  );
};

const seeded = (me: CurrentUser, messages: Message[]): QueryClient => {
  const qc = createQueryClient();
  qc.setQueryData(authKeys.user, me);
  qc.setQueryData(chatKeys.messagePages(CHANNEL), { pages: [messages], pageParams: [undefined] });
  return qc;
};
const rowOf = (id: string) => document.querySelector<HTMLElement>(`[data-message-id="${id}"]`);

describe('deleting a message', () => {
  it('offers Delete on your own messages, and on everyone’s to an admin', () => {
    mockFetch({});
    const mine = msg(1, ADA, 'mine');
    const theirs = msg(2, GRACE, 'theirs');
    const member = renderWithApp(<Rows />, { client: seeded(aUser({ id: ADA, isAdmin: false }), [mine, theirs]) });
    expect(within(rowOf(mine.id)!).getByRole('button', { name: 'Delete' })).toBeInTheDocument();
    expect(within(rowOf(theirs.id)!).queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
    member.unmount();
    renderWithApp(<Rows />, { client: seeded(aUser({ id: ADA, isAdmin: true }), [mine, theirs]) });
    expect(within(rowOf(theirs.id)!).getByRole('button', { name: 'Delete' })).toBeInTheDocument();
    // an admin may delete it, but only its author may edit it
    expect(within(rowOf(theirs.id)!).queryByRole('button', { name: 'Edit' })).not.toBeInTheDocument();
  });

  it('asks first: Cancel keeps the message, Delete removes it', async () => {
    const mine = msg(1, ADA, 'regrettable');
    const { calls } = mockFetch({ [`DELETE /api/messages/${mine.id}`]: { status: 204 } });
    renderWithApp(<Rows />, { client: seeded(aUser({ id: ADA, isAdmin: false }), [mine]) });
    const user = userEvent.setup();
    await user.click(within(rowOf(mine.id)!).getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete message?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(calls.filter((c) => c.method === 'DELETE')).toEqual([]);
    expect(rowOf(mine.id)).toBeInTheDocument();

    await user.click(within(rowOf(mine.id)!).getByRole('button', { name: 'Delete' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(rowOf(mine.id)).not.toBeInTheDocument());
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.url)).toEqual([`/api/messages/${mine.id}`]);
  });

  it('leaves a thread root as "This message was deleted." in muted italics, without actions to edit or delete', async () => {
    const root = msg(1, ADA, 'a root', { thread: { replyCount: 2, lastReplyAt: null, replierIds: [GRACE] } });
    mockFetch({ [`DELETE /api/messages/${root.id}`]: { status: 204 } });
    renderWithApp(<Rows />, { client: seeded(aUser({ id: ADA, isAdmin: false }), [root]) });
    const user = userEvent.setup();
    await user.click(within(rowOf(root.id)!).getByRole('button', { name: 'Delete' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    const tombstone = await within(rowOf(root.id)!).findByText(DELETED_MESSAGE_TEXT);
    expect(tombstone).toHaveClass(messageRowStyles.deleted);
    expect(within(rowOf(root.id)!).queryByText('a root')).not.toBeInTheDocument();
    expect(within(rowOf(root.id)!).queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
    expect(within(rowOf(root.id)!).queryByRole('button', { name: 'Edit' })).not.toBeInTheDocument();
  });
});
