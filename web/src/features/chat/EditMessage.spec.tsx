// Editing a message in place: the Edit action, the inline editor's keys and buttons, "(edited)", and ↑ in an empty
// composer.
import type { Message } from '@teamchat/contracts';
import { useInfiniteQuery, type QueryClient } from '@tanstack/react-query';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { aUser, mockFetch, renderWithApp } from '../../../test/render.js';
import { createQueryClient } from '../../lib/query-client.js';
import { authKeys } from '../../api/auth.js';
import { chatKeys, messagePagesQuery } from './api.js';
import { Composer, COMPOSER_PLACEHOLDER } from './Composer.js';
import { stopEditing } from './EditMessage.js';
import { flattenPages } from './message-cache.js';
import { MessageRow } from './MessageRow.js';

const CHANNEL = 'c0000000-0000-4000-8000-0000000000c1';
const ADA = aUser({ id: '11111111-1111-4111-8111-111111111111', username: 'ada', isAdmin: false });
const GRACE = '33333333-3333-4333-8333-333333333333';

const msg = (n: number, userId: string, content: string, extra: Partial<Message> = {}): Message => ({
  id: `a0000000-0000-4000-8000-00000000000${n}`,
  channelId: CHANNEL,
  userId,
  username: userId === ADA.id ? 'ada' : 'grace',
  content,
  imageUrl: null,
  createdAt: `2025-03-01T10:0${n}:00.000Z`,
  updatedAt: `2025-03-01T10:0${n}:00.000Z`,
  ...extra,
});

/** The channel's cached pages as rows, the way the message list shows them. */
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

const seeded = (messages: Message[]): QueryClient => {
  const qc = createQueryClient();
  qc.setQueryData(authKeys.user, ADA);
  qc.setQueryData(chatKeys.messagePages(CHANNEL), { pages: [messages], pageParams: [undefined] });
  return qc;
};
const rowOf = (id: string) => document.querySelector<HTMLElement>(`[data-message-id="${id}"]`)!;

describe('editing a message', () => {
  beforeEach(() => {
    window.localStorage.clear();
    act(() => stopEditing());
  });

  it('offers Edit on your own messages only', () => {
    mockFetch({});
    const mine = msg(1, ADA.id, 'mine');
    const theirs = msg(2, GRACE, 'theirs');
    renderWithApp(<Rows />, { client: seeded([mine, theirs]) });
    expect(within(rowOf(mine.id)).getByRole('button', { name: 'Edit' })).toBeInTheDocument();
    expect(within(rowOf(theirs.id)).queryByRole('button', { name: 'Edit' })).not.toBeInTheDocument();
  });

  it('cancels with Esc: the text is back as it was and nothing is sent', async () => {
    const { calls } = mockFetch({});
    const mine = msg(1, ADA.id, 'original words');
    renderWithApp(<Rows />, { client: seeded([mine]) });
    const user = userEvent.setup();
    await user.click(within(rowOf(mine.id)).getByRole('button', { name: 'Edit' }));
    const editor = screen.getByRole('textbox', { name: 'Edit message' });
    expect(editor).toHaveValue('original words');
    expect(editor).toHaveFocus();
    await user.type(editor, ' and more');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('textbox', { name: 'Edit message' })).not.toBeInTheDocument();
    expect(within(rowOf(mine.id)).getByText('original words')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'PATCH')).toEqual([]);
  });

  it('saves with Enter (Shift+Enter is a newline) and shows "(edited)" with the edit time as its title', async () => {
    const mine = msg(1, ADA.id, 'first take');
    const editedAt = '2025-03-01T10:05:00.000Z';
    const { calls } = mockFetch({
      [`PATCH /api/messages/${mine.id}`]: (body) => ({
        body: { ...mine, content: (body as { content: string }).content, editedAt, updatedAt: editedAt },
      }),
    });
    renderWithApp(<Rows />, { client: seeded([mine]) });
    const user = userEvent.setup();
    await user.click(within(rowOf(mine.id)).getByRole('button', { name: 'Edit' }));
    const editor = screen.getByRole('textbox', { name: 'Edit message' });
    await user.clear(editor);
    await user.type(editor, 'second{Shift>}{Enter}{/Shift}take{Enter}');
    await waitFor(() => expect(screen.queryByRole('textbox', { name: 'Edit message' })).not.toBeInTheDocument());
    expect(calls.filter((c) => c.method === 'PATCH').map((c) => c.body)).toEqual([{ content: 'second\ntake' }]);
    const mark = within(rowOf(mine.id)).getByText('(edited)');
    expect(mark).toHaveAttribute('title', `Edited ${new Date(editedAt).toLocaleString()}`);
    expect(rowOf(mine.id)).toHaveTextContent('second take');
  });

  it('saves with the Save button, and refuses to save empty text on a message without an attachment', async () => {
    const mine = msg(1, ADA.id, 'keep me');
    const { calls } = mockFetch({
      [`PATCH /api/messages/${mine.id}`]: (body) => ({
        body: { ...mine, content: (body as { content: string }).content, editedAt: '2025-03-01T10:06:00.000Z' },
      }),
    });
    renderWithApp(<Rows />, { client: seeded([mine]) });
    const user = userEvent.setup();
    await user.click(within(rowOf(mine.id)).getByRole('button', { name: 'Edit' }));
    const editor = screen.getByRole('textbox', { name: 'Edit message' });
    await user.clear(editor);
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
    await user.type(editor, '{Enter}');
    expect(calls.filter((c) => c.method === 'PATCH')).toEqual([]);
    await user.type(editor, 'kept, reworded');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(rowOf(mine.id)).toHaveTextContent('kept, reworded'));
    expect(calls.filter((c) => c.method === 'PATCH').map((c) => c.body)).toEqual([{ content: 'kept, reworded' }]);
  });

  it('edits your last message in the channel with ↑ in an empty composer, and not when there is text', async () => {
    mockFetch({});
    const older = msg(1, ADA.id, 'my older one');
    const last = msg(2, ADA.id, 'my last one');
    const theirs = msg(3, GRACE, 'a later one of grace');
    renderWithApp(
      <>
        <Rows />
        <Composer channelId={CHANNEL} user={ADA} onSend={() => true} />
      </>,
      { client: seeded([older, last, theirs]) },
    );
    const user = userEvent.setup();
    const composer = screen.getByPlaceholderText(COMPOSER_PLACEHOLDER);
    await user.click(composer);
    await user.type(composer, 'typing');
    await user.keyboard('{ArrowUp}');
    expect(screen.queryByRole('textbox', { name: 'Edit message' })).not.toBeInTheDocument();
    await user.clear(composer);
    await user.keyboard('{ArrowUp}');
    const editor = within(rowOf(last.id)).getByRole('textbox', { name: 'Edit message' });
    expect(editor).toHaveValue('my last one');
    expect(editor).toHaveFocus();
    // Cancel closes it and hands the keyboard back to the composer
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('textbox', { name: 'Edit message' })).not.toBeInTheDocument();
    await waitFor(() => expect(composer).toHaveFocus());
  });
});
