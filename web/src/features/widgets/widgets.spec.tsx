// The side-panel widgets on a fake clock: timer, virtual pet, daily fortune, and the widget manager's ordering.
import { jest } from '@jest/globals';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { aUser, mockFetch, renderWithApp } from '../../../test/render.js';
import { FortuneWidget, FORTUNE_TEXTS } from './FortuneWidget.js';
import { FORTUNES } from './fortune.js';
import { PetWidget } from './PetWidget.js';
import { StorageKeys } from './storage-keys.js';
import { TimerWidget } from './TimerWidget.js';
import { WidgetPanel } from './WidgetPanel.js';
import { WIDGET_MANAGER_TEXT } from './WidgetManagerDialog.js';
import { setPanelSize } from './panel-size.js';
import { resetLiveState } from '../chat/live-store.js';
import { applyPresenceSnapshot, setPresence } from '../chat/presence-store.js';
import { REPORT_AFTER_MS } from '../connection/connection-view.js';
import teamStyles from './TeamStatusWidget.module.css';

const meter = (name: string) => Number(screen.getByRole('meter', { name }).getAttribute('aria-valuenow'));

describe('widgets', () => {
  beforeEach(() => {
    jest.useFakeTimers();
    localStorage.clear();
  });
  afterEach(() => {
    jest.useRealTimers();
  });

  describe(TimerWidget.name, () => {
    it('starts, pauses, keeps counting in hh:mm:ss, and resets to zero', () => {
      render(<TimerWidget />);
      const display = screen.getByRole('timer');
      expect(display).toHaveTextContent('00:00:00');
      fireEvent.click(screen.getByRole('button', { name: 'Start' }));
      act(() => jest.advanceTimersByTime(3661_000));
      expect(display).toHaveTextContent('01:01:01');
      fireEvent.click(screen.getByRole('button', { name: 'Pause' }));
      act(() => jest.advanceTimersByTime(10_000));
      expect(display).toHaveTextContent('01:01:01');
      fireEvent.click(screen.getByRole('button', { name: 'Start' }));
      act(() => jest.advanceTimersByTime(2_000));
      expect(display).toHaveTextContent('01:01:03');
      fireEvent.click(screen.getByRole('button', { name: 'Reset' }));
      expect(display).toHaveTextContent('00:00:00');
      act(() => jest.advanceTimersByTime(5_000));
      expect(display).toHaveTextContent('00:00:00');
      expect(screen.getByRole('button', { name: 'Start' })).toBeInTheDocument();
    });
  });

  describe(PetWidget.name, () => {
    const start = new Date('2025-03-01T12:00:00Z').getTime();

    it('applies the minutes elapsed while the page was closed, then decays 1 per minute', () => {
      localStorage.setItem(
        StorageKeys.petStats,
        JSON.stringify({ hunger: 90, happiness: 80, energy: 70, lastUpdate: start }),
      );
      jest.setSystemTime(start + 30 * 60_000);
      render(<PetWidget />);
      expect([meter('Hunger'), meter('Happiness'), meter('Energy')]).toEqual([60, 50, 40]);
      expect(screen.getByTestId('pet-mood')).toHaveTextContent('Okay');
      act(() => jest.advanceTimersByTime(60_000));
      expect([meter('Hunger'), meter('Happiness'), meter('Energy')]).toEqual([59, 49, 39]);
      const saved = JSON.parse(localStorage.getItem(StorageKeys.petStats)!) as Record<string, number>;
      expect(saved).toMatchObject({ hunger: 59, happiness: 49, energy: 39 });
    });

    it('feeds, plays and rests by the spec numbers, clamped to 0..100', () => {
      localStorage.setItem(
        StorageKeys.petStats,
        JSON.stringify({ hunger: 90, happiness: 80, energy: 12, lastUpdate: start }),
      );
      jest.setSystemTime(start);
      render(<PetWidget />);
      fireEvent.click(screen.getByRole('button', { name: 'Feed' }));
      expect([meter('Hunger'), meter('Happiness'), meter('Energy')]).toEqual([100, 80, 7]);
      fireEvent.click(screen.getByRole('button', { name: 'Play' }));
      expect([meter('Hunger'), meter('Happiness'), meter('Energy')]).toEqual([90, 100, 0]);
      fireEvent.click(screen.getByRole('button', { name: 'Rest' }));
      expect([meter('Hunger'), meter('Happiness'), meter('Energy')]).toEqual([90, 95, 40]);
      expect(screen.getByTestId('pet-mood')).toHaveTextContent('Happy');
    });

    it('turns Sad and then Critical as the stats run down', () => {
      localStorage.setItem(
        StorageKeys.petStats,
        JSON.stringify({ hunger: 45, happiness: 40, energy: 35, lastUpdate: start }),
      );
      jest.setSystemTime(start);
      render(<PetWidget />);
      expect(screen.getByTestId('pet-mood')).toHaveTextContent('Sad');
      act(() => jest.advanceTimersByTime(20 * 60_000));
      expect(screen.getByTestId('pet-mood')).toHaveTextContent('Critical');
    });
  });

  describe(FortuneWidget.name, () => {
    it('reveals one of the 20 messages, then reads RETURN TOMORROW with a CLAIMED badge until the next day', () => {
      jest.setSystemTime(new Date(2025, 2, 1, 23, 59, 0));
      render(<FortuneWidget />);
      expect(screen.queryByTestId('fortune-claimed')).not.toBeInTheDocument();
      fireEvent.click(screen.getByRole('button', { name: FORTUNE_TEXTS.reveal }));
      const button = screen.getByRole('button', { name: FORTUNE_TEXTS.claimedButton });
      expect(button).toBeDisabled();
      expect(screen.getByTestId('fortune-claimed')).toHaveTextContent('CLAIMED');
      const shown = screen.getByText(/“.*”/).textContent!.slice(1, -1);
      expect(FORTUNES).toContain(shown);

      act(() => jest.advanceTimersByTime(30_000));
      expect(screen.getByRole('button', { name: FORTUNE_TEXTS.claimedButton })).toBeDisabled();
      act(() => jest.advanceTimersByTime(60_000));
      expect(screen.getByRole('button', { name: FORTUNE_TEXTS.reveal })).toBeEnabled();
      expect(screen.queryByTestId('fortune-claimed')).not.toBeInTheDocument();
    });

    it('remembers a claim made earlier the same day', () => {
      jest.setSystemTime(new Date(2025, 2, 1, 8, 0, 0));
      localStorage.setItem(StorageKeys.fortuneDate, '2025-03-01');
      localStorage.setItem(StorageKeys.fortuneMessage, FORTUNES[3]);
      render(<FortuneWidget />);
      expect(screen.getByText(`“${FORTUNES[3]}”`)).toBeInTheDocument();
      expect(screen.getByRole('button', { name: FORTUNE_TEXTS.claimedButton })).toBeDisabled();
    });
  });
});

describe(WidgetPanel.name, () => {
  const me = aUser({ isAdmin: false, workspaceId: '22222222-2222-4222-8222-222222222222' });
  beforeEach(() => {
    localStorage.clear();
    resetLiveState();
    mockFetch({ 'GET /api/users': { body: [{ ...me }] } });
  });
  const order = () =>
    Array.from(document.querySelectorAll('[data-widget]')).map((el) => el.getAttribute('data-widget'));

  it('shows the six widgets in the default order under PANEL', () => {
    renderWithApp(<WidgetPanel user={me} onHide={() => undefined} />);
    expect(screen.getByRole('heading', { name: 'PANEL' })).toBeInTheDocument();
    expect(order()).toEqual(['team', 'clock', 'timer', 'fortune', 'notepad', 'pet']);
  });

  it('MANAGE WIDGETS moves, disables and saves the order locally', () => {
    renderWithApp(<WidgetPanel user={me} onHide={() => undefined} />);
    fireEvent.click(screen.getByRole('button', { name: 'Manage widgets' }));
    const dialog = screen.getByRole('dialog', { name: 'MANAGE WIDGETS' });
    expect(within(dialog).getByText(WIDGET_MANAGER_TEXT)).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Move Team Status up' })).toBeDisabled();
    expect(within(dialog).getByRole('button', { name: 'Move Virtual Pet down' })).toBeDisabled();
    expect(within(dialog).getByRole('button', { name: 'Move Team Status down' })).toBeEnabled();

    fireEvent.click(within(dialog).getByRole('button', { name: 'Move Virtual Pet up' }));
    fireEvent.click(within(dialog).getByRole('switch', { name: 'Disable Clock' }));
    expect(order()).toEqual(['team', 'timer', 'fortune', 'pet', 'notepad']);
    const saved = JSON.parse(localStorage.getItem(StorageKeys.widgetConfig)!) as {
      type: string;
      order: number;
      enabled: boolean;
    }[];
    expect(saved.map((w) => [w.type, w.order, w.enabled])).toEqual([
      ['team', 0, true],
      ['clock', 1, false],
      ['timer', 2, true],
      ['fortune', 3, true],
      ['pet', 4, true],
      ['notepad', 5, true],
    ]);
  });

  it('goes compact on the panelSizeChange event', () => {
    renderWithApp(<WidgetPanel user={me} onHide={() => undefined} />);
    expect(screen.getByRole('complementary', { name: 'Panel' })).toHaveAttribute('data-density', 'full');
    act(() => setPanelSize('compact'));
    expect(screen.getByRole('complementary', { name: 'Panel' })).toHaveAttribute('data-density', 'compact');
    expect(localStorage.getItem(StorageKeys.panelSize)).toBe('compact');
    expect(screen.getByRole('list', { name: 'Team members' })).toHaveStyle({ maxHeight: '200px' });
  });

  it('counts online over users plus pending invites for admins', async () => {
    const admin = aUser({ isAdmin: true });
    const other = {
      ...aUser({
        id: '66666666-6666-4666-8666-666666666666',
        username: 'grace',
        firstName: 'Grace',
        lastName: 'Hopper',
        status: 'offline',
      }),
      isAdmin: false,
    };
    mockFetch({
      'GET /api/users': { body: [{ ...admin }, other] },
      'GET /api/invites': {
        body: [
          {
            id: '77777777-7777-4777-8777-777777777777',
            token: 'abcdefghijklmnopqrstuvwxyz',
            createdAt: '2025-01-01T00:00:00Z',
          },
        ],
      },
    });
    renderWithApp(<WidgetPanel user={admin} onHide={() => undefined} />);
    expect(await screen.findByText(/1\/3 online/)).toBeInTheDocument();
    const names = Array.from(document.querySelectorAll(`.${teamStyles.name}`)).map((n) => n.textContent);
    // people by their display names (lib/display-name.ts)
    expect(names).toEqual(['Ada Lovelace', 'Grace Hopper']);
  });

  it('shows no online count from before the drop while the connection is down, and the roster faded', async () => {
    const online = Object.getOwnPropertyDescriptor(Navigator.prototype, 'onLine');
    mockFetch({ 'GET /api/users': { body: [{ ...me }] } });
    act(() => applyPresenceSnapshot([me.id]));
    renderWithApp(<WidgetPanel user={me} onHide={() => undefined} />);
    expect(await screen.findByText(/1\/1 online/)).toBeInTheDocument();
    jest.useFakeTimers();
    try {
      Object.defineProperty(Navigator.prototype, 'onLine', { configurable: true, get: () => false });
      act(() => void window.dispatchEvent(new Event('offline')));
      act(() => jest.advanceTimersByTime(REPORT_AFTER_MS));
      expect(screen.getByTestId('team-online-count')).toHaveTextContent('–/1 online');
      expect(screen.getByTestId('team-online-count')).toHaveAttribute('title', 'Unknown until the connection is back');
    } finally {
      if (online) Object.defineProperty(Navigator.prototype, 'onLine', online);
      act(() => void window.dispatchEvent(new Event('online')));
      jest.useRealTimers();
    }
    expect(screen.getByTestId('team-online-count')).toHaveTextContent('1/1 online');
  });

  it('trusts the socket’s snapshot of who is connected over stored statuses, then its presence frames', async () => {
    const member = (id: string, username: string, status: string) => ({
      ...aUser({ id, username, firstName: username, lastName: '', status }),
      isAdmin: false,
    });
    const grace = member('66666666-6666-4666-8666-666666666666', 'grace', 'online');
    const linus = member('88888888-8888-4888-8888-888888888888', 'linus', 'offline');
    const turing = member('99999999-9999-4999-8999-999999999999', 'turing', 'offline');
    mockFetch({ 'GET /api/users': { body: [{ ...me }, grace, linus, turing] } });
    renderWithApp(<WidgetPanel user={me} onHide={() => undefined} />);
    const statusOf = (name: string) =>
      screen
        .getByText(name, { selector: `.${teamStyles.name}` })
        .closest('li')!
        .getAttribute('data-status');
    // before the socket has joined, the stored statuses are all there is
    expect(await screen.findByText(/2\/4 online/)).toBeInTheDocument();
    expect([statusOf('grace'), statusOf('linus')]).toEqual(['online', 'offline']);

    act(() => applyPresenceSnapshot([me.id, linus.id, turing.id]));
    expect(screen.getByTestId('team-online-count')).toHaveTextContent('3/4 online');
    expect([statusOf('grace'), statusOf('linus'), statusOf('turing')]).toEqual(['offline', 'online', 'online']);
    const names = Array.from(document.querySelectorAll(`.${teamStyles.name}`)).map((n) => n.textContent);
    expect(names).toEqual(['Ada Lovelace', 'linus', 'turing', 'grace']);

    act(() => setPresence(linus.id, 'offline'));
    act(() => setPresence(grace.id, 'online'));
    expect(screen.getByTestId('team-online-count')).toHaveTextContent('3/4 online');
    expect([statusOf('grace'), statusOf('linus')]).toEqual(['online', 'offline']);
  });
});
