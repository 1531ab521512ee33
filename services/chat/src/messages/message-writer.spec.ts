import { jest } from '@jest/globals';
import { ChannelService } from '../channels/channel.service.js';
import { MessageService } from './message.service.js';
import { MessageWriter } from './message-writer.js';
import { PreparedStatements } from '@teamchat/database';
import { type ChatHarness, newTeam, startChatHarness } from '../../test/chat-test-harness.js';

/** Group commit of new channel messages, through MessageService.create and the writer itself. */
describe(MessageWriter.name, () => {
  let h: ChatHarness;
  let channels: ChannelService;
  let messages: MessageService;

  beforeAll(async () => {
    h = await startChatHarness();
    channels = h.app.get(ChannelService);
    messages = h.app.get(MessageService);
  });

  afterAll(() => h.close());

  // a stand-in answer or a request of chat that breaks its contract fails the test, even when chat swallowed it
  afterEach(() => h.bus.verify());

  const team = () => newTeam(h);

  it('writes concurrent messages together, each answered with its own stored row, in fewer statements than messages', async () => {
    const t = team();
    const other = team();
    const [general] = await channels.list(t.as(t.alice));
    const random = await channels.create(t.as(t.alice), { name: 'random' });
    const [theirs] = await channels.list(other.as(other.bob));
    const run = jest.spyOn(h.app.get(PreparedStatements), 'rows');
    try {
      const sends = Array.from({ length: 30 }, (_, i) => {
        if (i % 10 === 9) return { as: other.as(other.bob), channelId: theirs.id, content: `theirs ${i}` };
        return { as: t.as(i % 2 ? t.bob : t.carol), channelId: i % 3 ? general.id : random.id, content: `ours ${i}` };
      });
      const created = await Promise.all(
        sends.map((s) => messages.create(s.as, { channelId: s.channelId, content: s.content })),
      );
      created.forEach((c, i) => {
        expect(c.created).toBe(true);
        expect(c.message).toMatchObject({ channelId: sends[i].channelId, content: sends[i].content });
        expect(c.workspaceId).toBe(sends[i].as.workspaceId);
      });
      const statements = run.mock.calls.filter(([statement]) => statement.name === 'chat.message.insert-rows');
      expect(statements.length).toBeLessThan(sends.length);
      // the change clock gave every message of a workspace its own millisecond, batched or not
      const ours = created.filter((c) => c.workspaceId === t.ws).map((c) => c.message.createdAt);
      expect(new Set(ours).size).toBe(ours.length);
      const page = await messages.list(t.as(t.alice), general.id, undefined, 50);
      expect(page.map((m) => m.content).sort()).toEqual(
        sends
          .filter((s) => s.channelId === general.id)
          .map((s) => s.content)
          .sort(),
      );
    } finally {
      run.mockRestore();
    }
  });

  it('stores a clientMsgId sent twice in one batch once, and answers both sends with that message', async () => {
    const t = team();
    const [general] = await channels.list(t.as(t.alice));
    const send = () => messages.create(t.as(t.alice), { channelId: general.id, content: 'twice', clientMsgId: 'c-9' });
    const [a, b] = await Promise.all([send(), send()]);
    expect([a.created, b.created].sort()).toEqual([false, true]);
    expect(a.message.id).toBe(b.message.id);
    const page = await messages.list(t.as(t.alice), general.id, undefined, 50);
    expect(page.filter((m) => m.content === 'twice')).toHaveLength(1);
  });

  it('fails only the message Postgres refuses when it was batched with others', async () => {
    const t = team();
    const [general] = await channels.list(t.as(t.alice));
    const writer = h.app.get(MessageWriter);
    const row = (content: string, channelId = general.id) => ({
      workspaceId: t.ws,
      channelId,
      userId: t.alice,
      content,
      imageUrl: null,
      clientMsgId: null,
      fileUrl: null,
      fileName: null,
      fileSize: null,
      fileType: null,
      systemEvent: null,
    });
    const run = jest.spyOn(h.app.get(PreparedStatements), 'rows');
    try {
      // a channel that does not exist (deleted meanwhile) spoils the batch's statement for every row in it
      const results = await Promise.allSettled([
        writer.insert(row('first')),
        writer.insert(row('orphan', '00000000-0000-4000-8000-000000000000')),
        writer.insert(row('third')),
      ]);
      expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
      expect(run.mock.calls[0][1][0]).toHaveLength(3); // tried together first
      const page = await messages.list(t.as(t.alice), general.id, undefined, 50);
      expect(page.map((m) => m.content)).toEqual(['first', 'third']);
    } finally {
      run.mockRestore();
    }
  });
});
