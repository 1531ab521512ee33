// Per-member sidebars over the whole stack (issue 62): a member's own section and where they move a channel reach
// their own screens live (`sidebar_changed` on each of their sockets) and no one else's.
import { startTestStack, type TestStack } from '@teamchat/test-stack';
import { team, TestSocket, type Person } from './chat-helpers.js';

const BLOCK = 141;

describe('per-member sidebars, live', () => {
  let stack: TestStack;
  let t: Awaited<ReturnType<typeof team>>;
  const sockets: TestSocket[] = [];

  beforeAll(async () => {
    stack = await startTestStack({ transport: 'inprocess' });
    t = await team(stack.url, BLOCK);
  }, 120_000);

  afterEach(async () => {
    await Promise.all(sockets.splice(0).map((s) => s.close()));
  });

  afterAll(() => stack?.close());

  const on = async (person: Person) => {
    const s = await TestSocket.joined(stack.url, person);
    sockets.push(s);
    return s;
  };

  it("tells each of the member's screens that their sidebar changed, and no one else's", async () => {
    const room = await t.admin.agent
      .post('/api/channels')
      .send({ name: 'sidebar-live', description: '', participantIds: [t.bob.user.id, t.carol.user.id] });
    expect(room.status).toBe(201);
    const [bobTab, bobPhone, carol, admin] = await Promise.all([on(t.bob), on(t.bob), on(t.carol), on(t.admin)]);

    const mine = await t.bob.agent.post('/api/channel-sections').send({ name: 'Mine', order: 0, personal: true });
    expect(mine.status).toBe(201);
    await bobTab.next('sidebar_changed');
    const moved = await t.bob.agent
      .post('/api/channels/reorder')
      .send({ channelId: room.body.id, newOrder: 0, sectionId: mine.body.id });
    expect(moved.status).toBe(200);
    await bobPhone.next('sidebar_changed', () => bobPhone.of('sidebar_changed').length === 2);
    expect(bobPhone.of('sidebar_changed')).toEqual([
      { type: 'sidebar_changed', workspaceId: t.workspaceId },
      { type: 'sidebar_changed', workspaceId: t.workspaceId },
    ]);

    // a message after the moves reaches the others: by then any frame of Bob's sidebar would have reached them too
    const marker = await t.admin.agent.post(`/api/channels/${room.body.id}/messages`).send({ content: 'after' });
    expect(marker.status).toBe(201);
    for (const s of [carol, admin]) {
      await s.next('message', (f) => (f.message as { id: string }).id === marker.body.id);
      expect(s.of('sidebar_changed')).toEqual([]);
    }
  });
});
