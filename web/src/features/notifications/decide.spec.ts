import type { Message, NotificationPrefs } from '@teamchat/contracts';
import { notifyReason, type NotifyContext } from './decide.js';

const me = { id: '00000000-0000-4000-8000-00000000000a', username: 'grace.hopper', handle: 'grace' };
const general = '00000000-0000-4000-8000-0000000000c1';
const random = '00000000-0000-4000-8000-0000000000c2';
const prefs = (over: Partial<NotificationPrefs> = {}): NotificationPrefs => ({
  level: 'mentions',
  keywords: [],
  sound: false,
  channels: [],
  ...over,
});
const message = (content: string, over: Partial<Message> = {}): Message => ({
  id: '00000000-0000-4000-8000-0000000000m1'.replace('m', '0'),
  channelId: general,
  userId: '00000000-0000-4000-8000-00000000000b',
  username: 'ada.lovelace',
  content,
  imageUrl: null,
  createdAt: '2026-11-24T10:00:00.000Z',
  ...over,
});
const ctx = (content: string, over: Partial<NotifyContext> = {}): NotifyContext => ({
  message: message(content),
  me,
  prefs: prefs(),
  status: 'online',
  direct: false,
  openChannelId: random,
  visible: true,
  ...over,
});

describe('notifyReason', () => {
  it('notifies a mention by username or handle, as a whole word only', () => {
    expect(notifyReason(ctx('hey @grace.hopper, look'))).toBe('mention');
    expect(notifyReason(ctx('@Grace can you review?'))).toBe('mention');
    expect(notifyReason(ctx('mail grace@example.com'))).toBeNull();
    expect(notifyReason(ctx('@gracefully done'))).toBeNull();
  });

  it('notifies DMs, @here/@channel/@everyone and keywords at the mentions level, not other messages', () => {
    expect(notifyReason(ctx('hi', { direct: true }))).toBe('dm');
    expect(notifyReason(ctx('@here standup', { now: Date.parse('2026-11-24T10:00:05.000Z') }))).toBe('broadcast');
    // someone coming back online an hour later catches up on it without a notification
    expect(notifyReason(ctx('@here standup', { now: Date.parse('2026-11-24T11:00:00.000Z') }))).toBeNull();
    expect(notifyReason(ctx('@everyone standup', { now: Date.parse('2026-11-24T11:00:00.000Z') }))).toBe('broadcast');
    expect(notifyReason(ctx('ping @channel'))).toBe('broadcast');
    expect(notifyReason(ctx('the Deploy failed', { prefs: prefs({ keywords: ['deploy'] }) }))).toBe('keyword');
    expect(notifyReason(ctx('redeployed', { prefs: prefs({ keywords: ['deploy'] }) }))).toBeNull();
    expect(notifyReason(ctx('lunch?'))).toBeNull();
  });

  it('notifies every message at the all level and nothing at the nothing level', () => {
    expect(notifyReason(ctx('lunch?', { prefs: prefs({ level: 'all' }) }))).toBe('message');
    expect(notifyReason(ctx('@grace.hopper hi', { prefs: prefs({ level: 'nothing' }) }))).toBeNull();
  });

  it("lets a channel's own level override the default, and silences a muted channel", () => {
    const all = prefs({ channels: [{ channelId: general, level: 'all', muted: false }] });
    expect(notifyReason(ctx('lunch?', { prefs: all }))).toBe('message');
    const quiet = prefs({ level: 'all', channels: [{ channelId: general, level: 'default', muted: true }] });
    expect(notifyReason(ctx('@grace.hopper hi', { prefs: quiet }))).toBeNull();
  });

  it('stays silent in Do Not Disturb, for your own message and for the channel you are looking at', () => {
    expect(notifyReason(ctx('@grace.hopper hi', { status: 'dnd' }))).toBeNull();
    expect(
      notifyReason({ ...ctx('@grace.hopper hi'), message: message('@grace.hopper', { userId: me.id }) }),
    ).toBeNull();
    expect(notifyReason(ctx('@grace.hopper hi', { openChannelId: general }))).toBeNull();
    // the same channel in a hidden tab does notify
    expect(notifyReason(ctx('@grace.hopper hi', { openChannelId: general, visible: false }))).toBe('mention');
  });

  it('notifies a reply in a thread you follow, even in the open channel', () => {
    const reply = message('done', { threadId: '00000000-0000-4000-8000-0000000000f1' });
    expect(notifyReason({ ...ctx('done', { openChannelId: general }), message: reply, followsThread: true })).toBe(
      'thread',
    );
    expect(notifyReason({ ...ctx('done'), message: reply, followsThread: false })).toBeNull();
  });
});
