// Presence by subscription on the live socket: a socket gets `presence` frames only for the users it watches, within
// bounds, and only users of its own workspace can be watched.
import { startTestStack, type TestStack } from '@teamchat/test-stack';
import { PRESENCE_SUBSCRIBE_MAX, PRESENCE_SUBSCRIBE_TOO_MANY } from '@teamchat/contracts';
import { randomUUID } from 'node:crypto';
import { team, TestSocket, type Person } from './chat-helpers.js';
import { JOIN_FIRST_MESSAGE } from '../../src/realtime/frames.js';

describe('presence subscriptions (one gateway)', () => {
  let stack: TestStack;
  const sockets: TestSocket[] = [];

  const join = async (person: Person) => {
    const s = await TestSocket.joined(stack.url, person);
    sockets.push(s);
    return s;
  };

  beforeAll(async () => {
    stack = await startTestStack({ transport: 'inprocess' });
  }, 120000);

  afterEach(async () => {
    await Promise.all(sockets.splice(0).map((s) => s.close()));
  });

  afterAll(() => stack?.close());

  it('sends presence only to the sockets watching that user, and stops when the watch is replaced', async () => {
    const t = await team(stack.url, 17);
    const watcher = await join(t.admin);
    const idle = await join(t.bob);
    expect(await watcher.watch(t.carol)).toEqual({
      type: 'presence_subscribed',
      userIds: [t.carol.user.id],
      online: [],
    });
    // bob watches himself only: nobody else's presence reaches him
    await idle.watch(t.bob);
    const carol = await join(t.carol);
    await watcher.next('presence', (f) => f.userId === t.carol.user.id && f.status === 'online');

    // the watcher lets go of carol; bob starts watching her: her leaving reaches bob alone
    expect((await watcher.watch()).userIds).toEqual([]);
    expect(await idle.watch(t.bob, t.carol)).toMatchObject({ userIds: [t.carol.user.id], online: [t.carol.user.id] });
    await carol.close();
    await idle.next('presence', (f) => f.userId === t.carol.user.id && f.status === 'offline');
    expect(idle.of('presence').map((f) => [f.userId, f.status])).toEqual([[t.carol.user.id, 'offline']]);
    // frames to the watcher are in order: a later watch's answer comes after anything about carol would have
    await watcher.watch(t.bob);
    expect(watcher.of('presence').map((f) => f.status)).toEqual(['online']);
  });

  it('leaves out silently users of another workspace and unknown ids, telling nothing about them', async () => {
    const t = await team(stack.url, 18);
    const other = await team(stack.url, 18);
    const watcher = await join(t.admin);
    await join(other.bob);
    // another workspace's member is online, yet the answer tells neither that nor that they exist
    const answer = await watcher.watch(t.bob, other.bob, other.admin, randomUUID());
    expect(answer).toEqual({ type: 'presence_subscribed', userIds: [t.bob.user.id], online: [] });
    expect(watcher.of('error')).toEqual([]);
    await join(t.bob);
    await watcher.next('presence', (f) => f.userId === t.bob.user.id && f.status === 'online');
    expect(watcher.of('presence').map((f) => f.userId)).toEqual([t.bob.user.id]);
  });

  it(`refuses more than ${PRESENCE_SUBSCRIBE_MAX} ids with an error frame and keeps the watch it had`, async () => {
    const t = await team(stack.url, 19);
    const watcher = await join(t.admin);
    await watcher.watch(t.carol);
    watcher.send({
      type: 'presence_subscribe',
      userIds: Array.from({ length: PRESENCE_SUBSCRIBE_MAX + 1 }, () => randomUUID()),
    });
    const refused = await watcher.next('error');
    expect(refused).toMatchObject({ code: 'VALIDATION.FAILED', message: PRESENCE_SUBSCRIBE_TOO_MANY });
    await join(t.carol);
    await watcher.next('presence', (f) => f.userId === t.carol.user.id && f.status === 'online');

    watcher.send({ type: 'presence_subscribe', userIds: ['not-a-user'] });
    await watcher.next('error', (f) => f.message !== PRESENCE_SUBSCRIBE_TOO_MANY);
    expect(watcher.of('error').at(-1)).toMatchObject({ code: 'VALIDATION.FAILED' });
  });

  it('asks a socket to join before it subscribes', async () => {
    const t = await team(stack.url, 19);
    const s = await TestSocket.open(stack.url, t.bob);
    sockets.push(s);
    s.send({ type: 'presence_subscribe', userIds: [t.admin.user.id] });
    expect(await s.next('error')).toMatchObject({ message: JOIN_FIRST_MESSAGE });
  });
});
