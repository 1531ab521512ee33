// The composer as a user drives it: sending, newlines, the mention picker and the attach menu.
import { jest } from '@jest/globals';
import type { PublicUser } from '@teamchat/contracts';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { aUser, mockFetch, renderWithApp } from '../../../test/render.js';
import { Composer, COMPOSER_PLACEHOLDER } from './Composer.js';
import pickerStyles from './composer/ComposerMentionPicker.module.css';

const person = (id: string, username: string, handle: string | null = null): PublicUser => {
  // named by their usernames, so the picker shows them as typed (display names: lib/display-name.spec.ts)
  const u = aUser({ id, username, firstName: username, lastName: '', handle });
  return { ...u, isAdmin: false };
};
const users = [
  person('11111111-1111-4111-8111-111111111111', 'ada'),
  person('22222222-2222-4222-8222-222222222222', 'alan.turing', 'enigma'),
  person('33333333-3333-4333-8333-333333333333', 'grace.hopper'),
];
/** The members directory as the server answers it: a prefix of username or handle, by username. */
const directory = (_body: unknown, url: string) => {
  const q = (new URL(url, 'http://localhost').searchParams.get('q') ?? '').toLowerCase();
  return {
    body: users.filter((u) => [u.username, u.handle ?? ''].some((n) => n.toLowerCase().startsWith(q))),
  };
};
const names = () => screen.getAllByRole('option').map((o) => o.querySelector(`.${pickerStyles.name}`)?.textContent);
const CHANNEL = '44444444-4444-4444-8444-444444444444';

const setup = () => {
  const onSend = jest.fn((_content: string, _imageUrl: string | null) => true);
  renderWithApp(<Composer channelId={CHANNEL} user={{ id: users[0]!.id, username: 'ada' }} onSend={onSend} />);
  const input = screen.getByPlaceholderText(COMPOSER_PLACEHOLDER);
  return { onSend, input, user: userEvent.setup() };
};

describe(Composer.name, () => {
  beforeEach(() => {
    mockFetch({ 'GET /api/users': directory });
    // drafts persist per channel: each test starts with an empty composer
    window.localStorage.clear();
  });

  it('has the placeholder "Type your message..." and send is disabled without text', async () => {
    const { input, user } = setup();
    expect(input).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Send' })).toBeDisabled();
    await user.type(input, '   ');
    expect(screen.getByRole('button', { name: 'Send' })).toBeDisabled();
  });

  it('sends on Enter and clears the input', async () => {
    const { input, onSend, user } = setup();
    await user.type(input, 'hello team{Enter}');
    expect(onSend).toHaveBeenCalledWith('hello team', null);
    expect(input).toHaveValue('');
  });

  it('adds a newline on Shift+Enter instead of sending', async () => {
    const { input, onSend, user } = setup();
    await user.type(input, 'line one{Shift>}{Enter}{/Shift}line two');
    expect(onSend).not.toHaveBeenCalled();
    expect(input).toHaveValue('line one\nline two');
  });

  describe('drafts and formatting', () => {
    it('keeps an unsent draft per channel across a channel switch and a remount', async () => {
      const onSend = jest.fn(() => true);
      const me = { id: users[0]!.id, username: 'ada' };
      const OTHER = '55555555-5555-4555-8555-555555555555';
      const view = renderWithApp(<Composer channelId={CHANNEL} user={me} onSend={onSend} />);
      const input = () => screen.getByPlaceholderText(COMPOSER_PLACEHOLDER);
      await userEvent.type(input(), 'half a thought');
      view.rerender(<Composer channelId={OTHER} user={me} onSend={onSend} />);
      await waitFor(() => expect(input()).toHaveValue(''));
      await userEvent.type(input(), 'elsewhere');
      view.rerender(<Composer channelId={CHANNEL} user={me} onSend={onSend} />);
      await waitFor(() => expect(input()).toHaveValue('half a thought'));
      view.unmount();
      renderWithApp(<Composer channelId={OTHER} user={me} onSend={onSend} />);
      expect(input()).toHaveValue('elsewhere');
      await userEvent.type(input(), '{Enter}');
      expect(onSend).toHaveBeenCalledWith('elsewhere', null);
      expect(window.localStorage.getItem(`draft:${me.id}:${OTHER}`)).toBeNull();
    });

    it('wraps the selection with Ctrl-B and the toolbar', async () => {
      const { input, user } = setup();
      await user.type(input, 'make it bold');
      (input as HTMLTextAreaElement).setSelectionRange(8, 12);
      await user.keyboard('{Control>}b{/Control}');
      expect(input).toHaveValue('make it **bold**');
      (input as HTMLTextAreaElement).setSelectionRange(0, 4);
      fireEvent.click(screen.getByRole('button', { name: /^Strikethrough/ }));
      expect(input).toHaveValue('~~make~~ it **bold**');
    });
  });

  describe('mention picker', () => {
    it('opens on @ at the start, lists users, and Enter inserts the username plus a space', async () => {
      const { input, onSend, user } = setup();
      await user.type(input, '@');
      const options = await screen.findAllByRole('option');
      // by display name (Alan by his handle), each with the @username the pick inserts
      expect(names()).toEqual(['ada', 'enigma', 'grace.hopper']);
      expect(options[0]).toHaveAttribute('aria-selected', 'true');
      await user.keyboard('{ArrowDown}');
      expect(screen.getAllByRole('option')[1]).toHaveAttribute('aria-selected', 'true');
      await user.keyboard('{Enter}');
      expect(input).toHaveValue('@alan.turing ');
      expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
      expect(onSend).not.toHaveBeenCalled();
    });

    it('filters by what follows the @ after a space, wraps with the arrows, and closes on Escape', async () => {
      const { input, user } = setup();
      await user.type(input, 'hi @gr');
      await waitFor(() => expect(names()).toEqual(['grace.hopper']));
      await user.keyboard('{ArrowUp}');
      expect(screen.getAllByRole('option')[0]).toHaveAttribute('aria-selected', 'true');
      await user.keyboard('{Escape}');
      expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
      expect(input).toHaveValue('hi @gr');
    });

    it('opens after a newline but not inside a word, and hides after a space', async () => {
      const { input, user } = setup();
      await user.type(input, 'mail ada@');
      expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
      await user.clear(input);
      await user.type(input, 'x{Shift>}{Enter}{/Shift}@a');
      expect(await screen.findByRole('listbox')).toBeInTheDocument();
      await user.type(input, ' ');
      expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    });

    it("asks the members directory for the prefix typed, this channel's members first, eight at most", async () => {
      const { calls } = mockFetch({ 'GET /api/users': directory });
      const { input, user } = setup();
      await user.type(input, 'hi @gr');
      await waitFor(() => expect(names()).toEqual(['grace.hopper']));
      const asked = calls.map((c) => new URL(c.url, 'http://localhost')).filter((u) => u.pathname === '/api/users');
      expect(asked.at(-1)?.searchParams.get('q')).toBe('gr');
      expect(asked.at(-1)?.searchParams.get('channelId')).toBe(CHANNEL);
      expect(asked.at(-1)?.searchParams.get('limit')).toBe('8');
      // the whole roster is never asked for
      expect(asked.every((u) => u.searchParams.has('limit'))).toBe(true);
    });

    it('picks with the mouse', async () => {
      const { input, user } = setup();
      await user.type(input, 'ping @');
      await user.click(await screen.findByRole('option', { name: /grace\.hopper/ }));
      expect(input).toHaveValue('ping @grace.hopper ');
    });
  });

  describe('attach menu', () => {
    it('says "Coming soon" for video', async () => {
      const { user } = setup();
      await user.click(screen.getByRole('button', { name: 'Attach' }));
      await user.click(await screen.findByRole('menuitem', { name: /Attach Video/ }));
      expect(await screen.findByText('Coming soon')).toBeInTheDocument();
    });

    it('refuses an image over 10MB before uploading anything', async () => {
      const { calls } = mockFetch({});
      setup();
      const big = new File(['x'], 'huge.png', { type: 'image/png' });
      Object.defineProperty(big, 'size', { value: 10_485_761 });
      fireEvent.change(screen.getByTestId('image-input'), { target: { files: [big] } });
      expect(await screen.findByText('Please upload an image smaller than 10MB.')).toBeInTheDocument();
      expect(calls).toHaveLength(0);
      expect(screen.queryByTestId('pending-attachment')).not.toBeInTheDocument();
    });

    it('uploads an image, shows a removable preview, and sends it without text', async () => {
      const { calls } = mockFetch({
        'POST /api/messages/upload': {
          body: {
            uploadURL:
              'http://localhost/objects/w/22222222-2222-4222-8222-222222222222/55555555-5555-4555-8555-555555555555.png?sig=abc',
            objectPath: '/attachments/w/22222222-2222-4222-8222-222222222222/55555555-5555-4555-8555-555555555555.png',
          },
        },
        'PUT http://localhost/objects/w/22222222-2222-4222-8222-222222222222/55555555-5555-4555-8555-555555555555.png':
          {},
      });
      URL.createObjectURL = () => 'blob:preview';
      URL.revokeObjectURL = () => undefined;
      const { onSend, user } = setup();
      const file = new File(['png'], 'cat.png', { type: 'image/png' });
      fireEvent.change(screen.getByTestId('image-input'), { target: { files: [file] } });
      expect(await screen.findByText('Image uploaded')).toBeInTheDocument();
      expect(calls[0]).toMatchObject({ method: 'POST', url: '/api/messages/upload', body: { filename: 'cat.png' } });
      expect(calls[1]?.method).toBe('PUT');
      await waitFor(() => expect(screen.getByRole('button', { name: 'Send' })).toBeEnabled());
      await user.click(screen.getByRole('button', { name: 'Send' }));
      expect(onSend).toHaveBeenCalledWith(
        '',
        '/attachments/w/22222222-2222-4222-8222-222222222222/55555555-5555-4555-8555-555555555555.png',
      );
      expect(screen.queryByTestId('pending-attachment')).not.toBeInTheDocument();
    });

    it('lets a pending image be removed before sending', async () => {
      mockFetch({
        'POST /api/messages/upload': {
          body: {
            uploadURL:
              '/objects/w/22222222-2222-4222-8222-222222222222/55555555-5555-4555-8555-555555555555.png?sig=abc',
            objectPath: '/attachments/w/22222222-2222-4222-8222-222222222222/55555555-5555-4555-8555-555555555555.png',
          },
        },
        'PUT /objects/w/22222222-2222-4222-8222-222222222222/55555555-5555-4555-8555-555555555555.png': {},
      });
      URL.createObjectURL = () => 'blob:preview';
      URL.revokeObjectURL = () => undefined;
      const { user } = setup();
      fireEvent.change(screen.getByTestId('image-input'), {
        target: { files: [new File(['png'], 'cat.png', { type: 'image/png' })] },
      });
      await waitFor(() => expect(screen.getByRole('button', { name: 'Send' })).toBeEnabled());
      await user.click(screen.getByRole('button', { name: 'Remove attachment' }));
      expect(screen.queryByTestId('pending-attachment')).not.toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Send' })).toBeDisabled();
    });
  });
});
