import { jest } from '@jest/globals';
import pg from 'pg';
import { DataSource } from 'typeorm';
import { DomainError } from '@teamchat/bus';
import {
  CHANNEL_NAME_EMPTY,
  ErrorCodes,
  IMAGE_NOT_UPLOADED_MESSAGE,
  MESSAGE_EMPTY,
  REPLAY_MAX_MESSAGES,
  SECTION_NOT_EMPTY_MESSAGE,
  UNREAD_COUNT_CAP,
  WORKSPACE_READ_ONLY_MESSAGE,
  IdentityContracts,
  WorkspaceContracts,
  type Actor,
  type Message,
  type SearchPage,
  type SearchResult,
} from '@teamchat/contracts';
import { SectionService } from '../src/sections/section.service.js';
import { ChannelService, CHANNEL_NAME_TAKEN, DM_RENAME_REFUSED } from '../src/channels/channel.service.js';
import { DmService } from '../src/channels/dm.service.js';
import { MessageService, NEWEST_PAGE_UNLESS_UNCHANGED, REPLAY } from '../src/messages/message.service.js';
import { SearchService } from './search-service.probe.js';
import { SUBSTRING_DENSE } from '../src/search/search-tuning.js';
import { GIN_PENDING_LIST_KB } from '../src/migrations/1736000000800-gin-pending-list.js';
import { MessageWriter } from '../src/messages/message-writer.js';
import { ReactionService, REACTION_NAME_TAKEN, TOO_MANY_REACTIONS } from '../src/reactions/reaction.service.js';
import { UnreadService } from '../src/unread/unread.service.js';
import { WorkspaceSetupService } from '../src/workspace-events/workspace-setup.service.js';
import { WorkspaceEventsController } from '../src/workspace-events/workspace-events.controller.js';
import { ChatContracts } from '@teamchat/contracts';
import { PreparedStatements } from '@teamchat/database';
import { newestPageReads } from '@teamchat/observability';
import { MessageChangesService } from '../src/messages/message-changes.service.js';
import { PinService } from '../src/pins/pin.service.js';
import { waitFor } from '@teamchat/testing/wait';
import { startChatHarness, type ChatHarness } from './chat-test-harness.js';

const rejection = async (p: Promise<unknown>): Promise<DomainError> => {
  try {
    await p;
  } catch (err) {
    if (err instanceof DomainError) return err;
    throw err;
  }
  throw new Error('expected a DomainError');
};

/**
 * The statements sent through the data source's query runners (a search runs its own), how many runners, and how
 * many statements were still running on a runner when it was released (its connection handed back to the pool).
 */
const recordStatements = (db: DataSource) => {
  const sql: string[] = [];
  const params: (unknown[] | undefined)[] = [];
  // prepared statements the runner's own connection ran (by name), beside the runner's statements
  const prepared: string[] = [];
  let runners = 0;
  let runningAtRelease = 0;
  const createQueryRunner = db.createQueryRunner.bind(db);
  const spy = jest.spyOn(db, 'createQueryRunner').mockImplementation((mode) => {
    runners++;
    const runner = createQueryRunner(mode);
    const query = runner.query.bind(runner);
    const release = runner.release.bind(runner);
    const connect = runner.connect.bind(runner);
    let unwrap = () => undefined as void;
    runner.connect = async () => {
      const connection = (await connect()) as { query: (...args: unknown[]) => Promise<unknown> };
      // the runner's every query connects again (and gets the same connection): it is wrapped once
      if (connection.query.name === 'recorded') return connection;
      const direct = connection.query;
      connection.query = function recorded(...args: unknown[]) {
        const config = args[0] as { name?: string };
        if (typeof config === 'object' && config.name) prepared.push(config.name);
        return direct.apply(connection, args);
      };
      // the pooled connection goes back to the pool as it came
      unwrap = () => void (connection.query = direct);
      return connection;
    };
    let running = 0;
    runner.query = ((text: string, values?: unknown[]) => {
      sql.push(text);
      params.push(values);
      running++;
      return query(text, values).finally(() => running--);
    }) as typeof runner.query;
    runner.release = () => {
      runningAtRelease += running;
      unwrap();
      return release();
    };
    return runner;
  });
  return {
    sql,
    params,
    prepared,
    runners: () => runners,
    runningAtRelease: () => runningAtRelease,
    restore: () => spy.mockRestore(),
  };
};

describe('chat service', () => {
  let h: ChatHarness;
  let sections: SectionService;
  let channels: ChannelService;
  let dms: DmService;
  let messages: MessageService;
  let search: SearchService;
  let reactions: ReactionService;
  let unread: UnreadService;
  let setup: WorkspaceSetupService;

  beforeAll(async () => {
    h = await startChatHarness();
    sections = h.app.get(SectionService);
    channels = h.app.get(ChannelService);
    dms = h.app.get(DmService);
    messages = h.app.get(MessageService);
    search = h.app.get(SearchService);
    reactions = h.app.get(ReactionService);
    unread = h.app.get(UnreadService);
    setup = h.app.get(WorkspaceSetupService);
  });

  afterAll(() => h.close());

  // a stand-in answer or a request of chat that breaks its contract fails the test, even when chat swallowed it
  afterEach(() => h.bus.verify());

  const team = () => {
    const alice = h.directory.user(`alice${Math.random().toString(36).slice(2, 6)}`);
    const bob = h.directory.user(`bob${Math.random().toString(36).slice(2, 6)}`);
    const carol = h.directory.user(`carol${Math.random().toString(36).slice(2, 6)}`);
    const ws = h.directory.workspace(alice, bob, carol);
    return { ws, alice, bob, carol, as: (u: string) => h.actor(u, ws) };
  };

  describe('workspace setup', () => {
    it('gives a new workspace one default section and a general channel, once', async () => {
      const t = team();
      await Promise.all([setup.ensure(t.ws), setup.ensure(t.ws)]);
      await setup.ensure(t.ws);
      const list = await channels.list(t.as(t.alice));
      expect(list.map((c) => c.name)).toEqual(['general']);
      const secs = await sections.list(t.as(t.alice));
      expect(secs).toHaveLength(1);
      expect(list[0]).toMatchObject({ sectionId: secs[0].id, type: 'regular', icon: 'Hash', order: 0 });
    });
  });

  describe(SectionService.name, () => {
    it('creates a section with order 0 by default and lists it', async () => {
      const t = team();
      const s = await sections.create(t.as(t.alice), { name: 'Projects', order: 0 });
      expect(s).toMatchObject({ name: 'Projects', order: 0, workspaceId: t.ws });
      expect((await sections.list(t.as(t.bob))).map((x) => x.name)).toContain('Projects');
    });

    it(`refuses to delete a section that still has channels with "${SECTION_NOT_EMPTY_MESSAGE}"`, async () => {
      const t = team();
      const s = await sections.create(t.as(t.alice), { name: 'Busy', order: 0 });
      await channels.create(t.as(t.alice), { name: 'inside', sectionId: s.id });
      const err = await rejection(sections.remove(t.as(t.alice), s.id));
      expect(err.code).toBe(ErrorCodes.sectionNotEmpty);
      expect(err.message).toBe(SECTION_NOT_EMPTY_MESSAGE);
    });

    it('deletes an empty section', async () => {
      const t = team();
      const s = await sections.create(t.as(t.alice), { name: 'Empty', order: 0 });
      await sections.remove(t.as(t.bob), s.id);
      expect((await sections.list(t.as(t.alice))).map((x) => x.id)).not.toContain(s.id);
    });

    it("answers another workspace's section (and a malformed id) as not found", async () => {
      const t = team();
      const other = team();
      const s = await sections.create(other.as(other.alice), { name: 'Theirs', order: 0 });
      expect((await rejection(sections.remove(t.as(t.alice), s.id))).code).toBe(ErrorCodes.sectionNotFound);
      expect((await rejection(sections.remove(t.as(t.alice), 'nope'))).code).toBe(ErrorCodes.sectionNotFound);
    });

    it('refuses a caller who is not a member of the workspace', async () => {
      const t = team();
      const stranger = h.directory.user('stranger');
      expect((await rejection(sections.list(h.actor(stranger, t.ws)))).code).toBe(ErrorCodes.workspaceNotFound);
      expect((await rejection(sections.list(h.actor(stranger, null)))).code).toBe(ErrorCodes.noWorkspace);
    });
  });

  describe(ChannelService.name, () => {
    it('puts a new channel at the end of the first section, with a known icon or Hash', async () => {
      const t = team();
      const a = await channels.create(t.as(t.alice), { name: 'random', description: 'Anything', icon: 'Zap' });
      const b = await channels.create(t.as(t.alice), { name: 'weird', icon: 'Banana' });
      const [first] = await sections.list(t.as(t.alice));
      expect(a).toMatchObject({ sectionId: first.id, order: 1, icon: 'Zap', description: 'Anything', type: 'regular' });
      expect(b).toMatchObject({ sectionId: first.id, order: 2, icon: 'Hash' });
    });

    it(`refuses a duplicate name in the workspace (any case) with "${CHANNEL_NAME_TAKEN}"`, async () => {
      const t = team();
      await channels.create(t.as(t.alice), { name: 'design' });
      const err = await rejection(channels.create(t.as(t.bob), { name: 'Design' }));
      expect(err.code).toBe(ErrorCodes.channelNameTaken);
      expect(err.message).toBe(CHANNEL_NAME_TAKEN);
      const other = team();
      await expect(channels.create(other.as(other.alice), { name: 'design' })).resolves.toMatchObject({
        name: 'design',
      });
    });

    it(`validates names with "${CHANNEL_NAME_EMPTY}" at the bus boundary`, () => {
      const parsed = ChatContracts.createChannel.request.safeParse({
        actor: { userId: crypto.randomUUID(), workspaceId: null },
        name: '   ',
      });
      expect(parsed.success).toBe(false);
      expect(parsed.error!.issues[0].message).toBe(CHANNEL_NAME_EMPTY);
    });

    it('renames a channel, keeping names unique', async () => {
      const t = team();
      const c = await channels.create(t.as(t.alice), { name: 'old-name' });
      await channels.create(t.as(t.alice), { name: 'taken' });
      expect(await channels.rename(t.as(t.bob), c.id, 'new-name')).toMatchObject({ id: c.id, name: 'new-name' });
      expect((await rejection(channels.rename(t.as(t.bob), c.id, 'TAKEN'))).code).toBe(ErrorCodes.channelNameTaken);
    });

    it(`refuses to rename a DM with "${DM_RENAME_REFUSED}"`, async () => {
      const t = team();
      const dm = await dms.open(t.as(t.alice), t.bob);
      const err = await rejection(channels.rename(t.as(t.alice), dm.id, 'x'));
      expect(err.code).toBe(ErrorCodes.channelIsDirect);
      expect(err.message).toBe(DM_RENAME_REFUSED);
    });

    it('reorders within the section and keeps orders dense and unique', async () => {
      const t = team();
      const s = await sections.create(t.as(t.alice), { name: 'Ordered', order: 1 });
      const made = [];
      for (const name of ['one', 'two', 'three', 'four'])
        made.push(await channels.create(t.as(t.alice), { name, sectionId: s.id }));
      const moved = await channels.reorder(t.as(t.bob), { channelId: made[3].id, newOrder: 1 });
      expect(moved.map((c) => [c.name, c.order])).toEqual([
        ['one', 0],
        ['four', 1],
        ['two', 2],
        ['three', 3],
      ]);
      const again = await channels.reorder(t.as(t.bob), { channelId: made[0].id, newOrder: 50 });
      expect(again.map((c) => c.order)).toEqual([0, 1, 2, 3]);
      expect(again.map((c) => c.name)).toEqual(['four', 'two', 'three', 'one']);
      const listed = (await channels.list(t.as(t.alice))).filter((c) => c.sectionId === s.id);
      expect(listed.map((c) => c.name)).toEqual(['four', 'two', 'three', 'one']);
    });

    it('keeps orders unique when channels are created concurrently in one section', async () => {
      const t = team();
      const s = await sections.create(t.as(t.alice), { name: 'Race', order: 0 });
      const made = await Promise.all(
        ['r1', 'r2', 'r3', 'r4', 'r5'].map((name) => channels.create(t.as(t.alice), { name, sectionId: s.id })),
      );
      expect(made.map((c) => c.order).sort()).toEqual([0, 1, 2, 3, 4]);
    });
  });

  describe(DmService.name, () => {
    it('returns the existing DM when either side starts it again', async () => {
      const t = team();
      const first = await dms.open(t.as(t.alice), t.bob);
      const again = await dms.open(t.as(t.alice), t.bob);
      const reverse = await dms.open(t.as(t.bob), t.alice);
      expect(again.id).toBe(first.id);
      expect(reverse.id).toBe(first.id);
      expect(first).toMatchObject({ type: 'direct', icon: 'MessageCircle' });
      expect(first.participantIds!.sort()).toEqual([t.alice, t.bob].sort());
      const [x, y] = await Promise.all([dms.open(t.as(t.carol), t.alice), dms.open(t.as(t.alice), t.carol)]);
      expect(x.id).toBe(y.id);
    });

    it('lists only the caller’s DMs and never regular channels', async () => {
      const t = team();
      const ab = await dms.open(t.as(t.alice), t.bob);
      await dms.open(t.as(t.bob), t.carol);
      expect((await dms.list(t.as(t.alice))).map((c) => c.id)).toEqual([ab.id]);
      expect(await channels.list(t.as(t.alice))).not.toContainEqual(expect.objectContaining({ id: ab.id }));
    });

    it('refuses a user who is not in the workspace', async () => {
      const t = team();
      const outsider = h.directory.user('outsider');
      expect((await rejection(dms.open(t.as(t.alice), outsider))).code).toBe(ErrorCodes.memberNotFound);
      expect((await rejection(dms.open(t.as(t.alice), 'not-a-uuid'))).code).toBe(ErrorCodes.memberNotFound);
    });
  });

  describe(MessageService.name, () => {
    it('stores a message with the author’s username and lists pages oldest first', async () => {
      const t = team();
      const [general] = await channels.list(t.as(t.alice));
      const sent: { createdAt: string }[] = [];
      for (let i = 0; i < 5; i++) {
        sent.push((await messages.create(t.as(t.alice), { channelId: general.id, content: `m${i}` })).message);
        // createdAt has millisecond precision and the harness stores faster than that: messages of one millisecond
        // are ordered by id, which is random, so each of these gets its own millisecond
        await waitFor(() => Date.now() > Date.parse(sent[i].createdAt), { intervalMs: 1 });
      }
      expect(sent[0]).toMatchObject({
        channelId: general.id,
        userId: t.alice,
        username: h.directory.usernames.get(t.alice),
        content: 'm0',
        imageUrl: null,
      });
      const page = await messages.list(t.as(t.bob), general.id, undefined, 3);
      expect(page.map((m) => m.content)).toEqual(['m2', 'm3', 'm4']);
      const older = await messages.list(t.as(t.bob), general.id, page[0].id, 50);
      expect(older.map((m) => m.content)).toEqual(['m0', 'm1']);
      const byTime = await messages.list(t.as(t.bob), general.id, sent[2].createdAt, 50);
      expect(byTime.map((m) => m.content)).toEqual(['m0', 'm1']);
    });

    it('refuses a message in a read-only workspace with BILLING.WORKSPACE_READ_ONLY, and a stranger with not found', async () => {
      const t = team();
      const [general] = await channels.list(t.as(t.alice));
      h.directory.writableUntil.set(t.ws, new Date(Date.now() - 1000).toISOString());
      const refused = await rejection(messages.create(t.as(t.alice), { channelId: general.id, content: 'paid?' }));
      expect(refused).toMatchObject({ code: ErrorCodes.workspaceReadOnly, message: WORKSPACE_READ_ONLY_MESSAGE });
      const stranger = h.directory.user('mallory');
      const outsider = await rejection(messages.create(t.as(stranger), { channelId: general.id, content: 'hi' }));
      expect(outsider.code).toBe(ErrorCodes.workspaceNotFound);
      // reading keeps working
      expect(await messages.list(t.as(t.bob), general.id, undefined, 10)).toEqual([]);
    });

    it('accepts an image without text, and refuses a message with neither at the boundary', async () => {
      const t = team();
      const [general] = await channels.list(t.as(t.alice));
      const image = h.directory.upload(t.ws, 'message');
      const { message } = await messages.create(t.as(t.alice), {
        channelId: general.id,
        imageUrl: image,
        content: '  ',
      });
      expect(message).toMatchObject({ content: null, imageUrl: image });
      const parsed = ChatContracts.createMessage.request.safeParse({
        actor: { userId: t.alice, workspaceId: t.ws },
        channelId: general.id,
        content: ' ',
      });
      expect(parsed.error!.issues[0].message).toBe(MESSAGE_EMPTY);
    });

    it('returns the stored message for a clientMsgId seen before instead of a duplicate', async () => {
      const t = team();
      const [general] = await channels.list(t.as(t.alice));
      const first = await messages.create(t.as(t.alice), {
        channelId: general.id,
        content: 'once',
        clientMsgId: 'c-1',
      });
      const again = await messages.create(t.as(t.alice), {
        channelId: general.id,
        content: 'once',
        clientMsgId: 'c-1',
      });
      expect(first.created).toBe(true);
      expect(again.created).toBe(false);
      expect(again.message.id).toBe(first.message.id);
      expect(
        (await messages.list(t.as(t.alice), general.id, undefined, 50)).filter((m) => m.content === 'once'),
      ).toHaveLength(1);
      const bobs = await messages.create(t.as(t.bob), { channelId: general.id, content: 'once', clientMsgId: 'c-1' });
      expect(bobs.created).toBe(true);
    });

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
      const send = () =>
        messages.create(t.as(t.alice), { channelId: general.id, content: 'twice', clientMsgId: 'c-9' });
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

    it('lets only participants read and post in a DM, and answers other workspaces’ channels as not found', async () => {
      const t = team();
      const other = team();
      const dm = await dms.open(t.as(t.alice), t.bob);
      const created = await messages.create(t.as(t.bob), { channelId: dm.id, content: 'psst' });
      expect(created.audience.userIds!.sort()).toEqual([t.alice, t.bob].sort());
      expect((await rejection(messages.create(t.as(t.carol), { channelId: dm.id, content: 'hi' }))).code).toBe(
        ErrorCodes.channelNotFound,
      );
      expect((await rejection(messages.list(t.as(t.carol), dm.id, undefined, 50))).code).toBe(
        ErrorCodes.channelNotFound,
      );
      const [theirs] = await channels.list(other.as(other.alice));
      expect((await rejection(messages.create(t.as(t.alice), { channelId: theirs.id, content: 'x' }))).code).toBe(
        ErrorCodes.channelNotFound,
      );
      expect((await rejection(messages.list(t.as(t.alice), 'garbage', undefined, 50))).code).toBe(
        ErrorCodes.channelNotFound,
      );
    });

    it('refuses a member removed from the workspace, also right after they posted', async () => {
      const t = team();
      const [general] = await channels.list(t.as(t.alice));
      // alice's check loaded the workspace's roster, carol on it: her removal reaches chat as the event it is
      h.directory.leave(t.ws, t.carol);
      h.app.get(WorkspaceEventsController).removed({ workspaceId: t.ws, userId: t.carol, role: 'member' });
      expect((await rejection(messages.create(t.as(t.carol), { channelId: general.id, content: 'bye' }))).code).toBe(
        ErrorCodes.workspaceNotFound,
      );
      await messages.create(t.as(t.bob), { channelId: general.id, content: 'still here' });
      h.directory.leave(t.ws, t.bob);
      h.app.get(WorkspaceEventsController).removed({ workspaceId: t.ws, userId: t.bob, role: 'member' });
      expect((await rejection(messages.create(t.as(t.bob), { channelId: general.id, content: 'gone' }))).code).toBe(
        ErrorCodes.workspaceNotFound,
      );
    });

    it('asks the workspace service once for a burst of messages from one member', async () => {
      const t = team();
      h.bus.clear();
      const [general] = await channels.list(t.as(t.alice));
      for (let i = 0; i < 5; i++) await messages.create(t.as(t.bob), { channelId: general.id, content: `burst ${i}` });
      // alice's first check loaded the roster (bob on it); nothing more was asked
      expect(h.bus.requestsTo(WorkspaceContracts.listMembers)).toHaveLength(1);
      expect(h.bus.requestsTo(WorkspaceContracts.getMember)).toHaveLength(0);
    });

    it("asks identity once for the names of a workspace's members, with its roster", async () => {
      const t = team();
      h.bus.clear();
      const [general] = await channels.list(t.as(t.alice));
      await waitFor(() => h.bus.requestsTo(IdentityContracts.getMany).length > 0);
      await messages.create(t.as(t.bob), { channelId: general.id, content: 'first from bob' });
      await messages.create(t.as(t.carol), { channelId: general.id, content: 'first from carol' });
      const asked = h.bus.requestsTo(IdentityContracts.getMany).flatMap((r) => r.userIds);
      expect(asked.filter((id) => id === t.bob || id === t.carol)).toHaveLength(2);
    });

    describe('newest page kept between reads', () => {
      const kept = async () => (await newestPageReads.get()).values.find((v) => v.labels.result === 'kept')?.value ?? 0;
      /** The page as Bob reads it, and whether it came from the page kept since his previous read. */
      const read = async (t: ReturnType<typeof team>, channelId: string) => {
        const before = await kept();
        const page = await messages.list(t.as(t.bob), channelId, undefined, 50);
        return { page, fromKept: (await kept()) > before };
      };

      it('answers from the kept page until a message of the channel changes, however it changed', async () => {
        const t = team();
        const [general] = await channels.list(t.as(t.alice));
        const other = await channels.create(t.as(t.alice), { name: `other-${Math.random().toString(36).slice(2, 6)}` });
        const first = (await messages.create(t.as(t.alice), { channelId: general.id, content: 'first' })).message;
        expect((await read(t, general.id)).fromKept).toBe(false);
        const again = await read(t, general.id);
        expect(again).toMatchObject({ fromKept: true });
        expect(again.page.map((m) => m.content)).toEqual(['first']);
        // another channel of the workspace changing leaves this one's page as it was
        await messages.create(t.as(t.alice), { channelId: other.id, content: 'elsewhere' });
        expect((await read(t, general.id)).fromKept).toBe(true);

        const changes: [string, () => Promise<unknown>, (page: Message[]) => void][] = [
          [
            'a new message',
            () => messages.create(t.as(t.carol), { channelId: general.id, content: 'second' }),
            (page) => expect(page.map((m) => m.content)).toEqual(['first', 'second']),
          ],
          [
            'a reaction',
            () => reactions.add(t.as(t.bob), first.id, '👍'),
            (page) => expect(page[0].reactions).toEqual([{ reactionId: '👍', count: 1, userIds: [t.bob] }]),
          ],
          [
            'a reaction taken back',
            () => reactions.remove(t.as(t.bob), first.id, '👍'),
            (page) => expect(page[0].reactions).toEqual([]),
          ],
          [
            'an edit',
            () => h.app.get(MessageChangesService).edit(t.as(t.alice), first.id, 'first, edited'),
            (page) => expect(page[0]).toMatchObject({ content: 'first, edited', editedAt: expect.any(String) }),
          ],
          [
            'a pin',
            () => h.app.get(PinService).pin(t.as(t.bob), first.id),
            (page) => expect(page[0]).toMatchObject({ pinnedBy: t.bob }),
          ],
          [
            'a thread reply',
            () =>
              messages.create(t.as(t.carol), { channelId: general.id, content: 'in the thread', threadId: first.id }),
            (page) => expect(page[0].thread).toMatchObject({ replyCount: 1, replierIds: [t.carol] }),
          ],
          [
            'a fix made by hand in SQL',
            () =>
              h.app
                .get(DataSource)
                .query(`UPDATE "chat"."message" SET "content" = 'fixed by hand' WHERE "id" = $1`, [first.id]),
            (page) => expect(page[0].content).toBe('fixed by hand'),
          ],
        ];
        for (const [what, change, check] of changes) {
          await change();
          const after = await read(t, general.id);
          expect({ what, fromKept: after.fromKept }).toEqual({ what, fromKept: false });
          check(after.page);
          expect({ what, fromKept: (await read(t, general.id)).fromKept }).toEqual({ what, fromKept: true });
        }
      });

      it('reads again after more changes of the workspace than it looks through, and keeps pages per size', async () => {
        const t = team();
        const [general] = await channels.list(t.as(t.alice));
        const other = await channels.create(t.as(t.alice), { name: `busy-${Math.random().toString(36).slice(2, 6)}` });
        await messages.create(t.as(t.alice), { channelId: general.id, content: 'quiet' });
        await messages.create(t.as(t.alice), { channelId: general.id, content: 'quieter' });
        await read(t, general.id);
        // a busy channel beside it: the check walks a bounded stretch of the workspace's changes, then reads the page
        await history(t.ws, other.id, t.alice, 250);
        expect((await read(t, general.id)).fromKept).toBe(false);
        expect((await read(t, general.id)).fromKept).toBe(true);
        // a page of another size is kept apart: one message, then the two again
        const small = await messages.list(t.as(t.bob), general.id, undefined, 1);
        expect(small.map((m) => m.content)).toEqual(['quieter']);
        expect(await read(t, general.id)).toMatchObject({
          fromKept: true,
          page: [{ content: 'quiet' }, { content: 'quieter' }],
        });
        // what a caller does with its answer never reaches the kept page
        const { page } = await read(t, general.id);
        page.pop();
        expect((await read(t, general.id)).page.map((m) => m.content)).toEqual(['quiet', 'quieter']);
      });
    });

    describe('replay', () => {
      it('returns exactly the messages after `since` that the user may read', async () => {
        const t = team();
        const [general] = await channels.list(t.as(t.alice));
        const seen = (await messages.create(t.as(t.alice), { channelId: general.id, content: 'seen' })).message;
        await new Promise((r) => setTimeout(r, 5));
        const missed1 = (await messages.create(t.as(t.alice), { channelId: general.id, content: 'missed 1' })).message;
        const dm = await dms.open(t.as(t.alice), t.bob);
        const missed2 = (await messages.create(t.as(t.alice), { channelId: dm.id, content: 'missed 2' })).message;
        const foreign = await dms.open(t.as(t.alice), t.carol);
        await messages.create(t.as(t.alice), { channelId: foreign.id, content: 'not for bob' });
        const replay = await messages.replay(t.as(t.bob), seen.createdAt);
        expect(replay).toEqual({
          status: 'ok',
          messages: [missed1, missed2].map((m) => ({ ...m, reactions: [] })),
        });
        expect(await messages.replay(t.as(t.bob), Date.parse(seen.createdAt))).toEqual(replay);
      });

      it('asks for a resync when `since` is more than a day old', async () => {
        const t = team();
        expect(await messages.replay(t.as(t.bob), Date.now() - 25 * 3600_000)).toEqual({
          status: 'resync',
          reason: 'since-too-old',
        });
      });

      it(`asks for a resync when more than ${REPLAY_MAX_MESSAGES} messages were missed`, async () => {
        const t = team();
        const [general] = await channels.list(t.as(t.alice));
        const since = new Date(Date.now() - 1000).toISOString();
        await h.app
          .get(DataSource)
          .query(
            `INSERT INTO chat.message (workspace_id, channel_id, user_id, content) SELECT $1, $2, $3, 'bulk ' || g FROM generate_series(1, $4) g`,
            [t.ws, general.id, t.alice, REPLAY_MAX_MESSAGES + 1],
          );
        expect(await messages.replay(t.as(t.bob), since)).toEqual({ status: 'resync', reason: 'gap-too-large' });
      });
    });
  });

  describe(SearchService.name, () => {
    let t: ReturnType<typeof team>;
    let outsider: ReturnType<typeof team>;
    beforeAll(async () => {
      t = team();
      outsider = team();
      const [general] = await channels.list(t.as(t.alice));
      const post = (content: string, channelId = general.id, who = t.alice) =>
        messages.create(t.as(who), { channelId, content });
      await post('Deploying the new release tonight');
      await post('Ticket PLT-3699 blocks the rollout');
      await post('We shipped v2.1 yesterday, v2.0 is retired');
      await post('config lives in foo.bar.baz now');
      await post('Unrelated chatter about lunch');
      await post('our relationship with the vendor');
      const dm = await dms.open(t.as(t.alice), t.bob);
      await post('secret deploy key in the DM', dm.id);
      const [theirGeneral] = await channels.list(outsider.as(outsider.alice));
      await messages.create(outsider.as(outsider.alice), {
        channelId: theirGeneral.id,
        content: 'deploy from another workspace PLT-3699',
      });
    });

    const contents = async (who: string, q: string) =>
      (await search.search(t.as(who), q)).results.map((r) => r.content);

    it('finds whole words through stemming (deploy finds deploying)', async () => {
      expect(await contents(t.carol, 'deploy')).toEqual(['Deploying the new release tonight']);
    });

    it('ranks whole-word hits before substring-only ones', async () => {
      expect(await contents(t.carol, 'ship')).toEqual([
        'We shipped v2.1 yesterday, v2.0 is retired',
        'our relationship with the vendor',
      ]);
    });

    it.each([
      ['PLT-3699', 'Ticket PLT-3699 blocks the rollout'],
      ['PLT-36', 'Ticket PLT-3699 blocks the rollout'],
      ['3699', 'Ticket PLT-3699 blocks the rollout'],
      ['v2.1', 'We shipped v2.1 yesterday, v2.0 is retired'],
      ['v2', 'We shipped v2.1 yesterday, v2.0 is retired'],
      ['bar.baz', 'config lives in foo.bar.baz now'],
      ['deplo', 'Deploying the new release tonight'],
      ['rollo', 'Ticket PLT-3699 blocks the rollout'],
    ])('finds %p in "%s"', async (q, expected) => {
      expect(await contents(t.carol, q)).toContain(expected);
    });

    it('never returns another workspace’s message or a DM the caller is not in', async () => {
      expect(await contents(t.carol, 'deploy')).not.toContain('secret deploy key in the DM');
      expect(await contents(t.carol, 'PLT-3699')).toEqual(['Ticket PLT-3699 blocks the rollout']);
      expect(await contents(t.bob, 'deploy')).toContain('secret deploy key in the DM');
    });

    describe('refuses an image that is not a checked message-image upload of the workspace, storing nothing', () => {
      const key = (ws: string) => `w/${ws}/0b9f4c4e-5d0a-4d6b-9d53-6d3f3f6f0a11.png`;
      it.each([
        ['any other address', () => 'https://example.com/cat.png', IMAGE_NOT_UPLOADED_MESSAGE],
        ['a made-up key', (ws: string) => `/attachments/${key(ws)}`, IMAGE_NOT_UPLOADED_MESSAGE],
        [
          'another workspace’s upload',
          () => h.directory.upload(h.directory.workspace(), 'message'),
          IMAGE_NOT_UPLOADED_MESSAGE,
        ],
        ['a reaction upload', (ws: string) => h.directory.upload(ws, 'reaction'), IMAGE_NOT_UPLOADED_MESSAGE],
        [
          'a reaction upload at the attachments path',
          (ws: string) => h.directory.upload(ws, 'reaction').replace('/objects/', '/attachments/'),
          IMAGE_NOT_UPLOADED_MESSAGE,
        ],
        [
          'an upload never made',
          (ws: string) => h.directory.upload(ws, 'message', 'missing'),
          IMAGE_NOT_UPLOADED_MESSAGE,
        ],
        [
          'a file that is not an image',
          (ws: string) => h.directory.upload(ws, 'message', 'not-an-image'),
          'Please upload an image file.',
        ],
        [
          'a file over 10MB',
          (ws: string) => h.directory.upload(ws, 'message', 'too-large'),
          'Please upload an image smaller than 10MB.',
        ],
      ])('%s', async (_label, address, expected) => {
        const t = team();
        const [general] = await channels.list(t.as(t.alice));
        const err = await rejection(
          messages.create(t.as(t.alice), { channelId: general.id, content: 'look', imageUrl: address(t.ws) }),
        );
        expect([err.code, err.message]).toEqual([ErrorCodes.validation, expected]);
        expect(err.issues).toEqual([{ path: 'imageUrl', message: expected }]);
        expect(await messages.list(t.as(t.alice), general.id, undefined, 50)).toEqual([]);
      });
    });

    it('answers a stranger about the channel before the image', async () => {
      const t = team();
      const other = team();
      const [general] = await channels.list(t.as(t.alice));
      const err = await rejection(
        messages.create(other.as(other.alice), {
          channelId: general.id,
          imageUrl: h.directory.upload(t.ws, 'message'),
        }),
      );
      expect(err.code).toBe(ErrorCodes.channelNotFound);
    });

    it('names a DM hit after the other participant', async () => {
      const [hit] = (await search.search(t.as(t.bob), 'secret')).results.filter((r) => r.content?.includes('secret'));
      expect(hit.channelName).toBe(h.directory.usernames.get(t.alice));
      expect(hit.username).toBe(h.directory.usernames.get(t.alice));
    });

    it('answers a blank query with nothing, and odd input without failing', async () => {
      expect(await search.search(t.as(t.alice), '  ')).toEqual({ results: [], nextCursor: null });
      for (const odd of [`'):* & !| 100%_ "unterminated`, '%', '_', '\\', '%%%', '\\%_', 'a:b:c', '-', '"', '-""'])
        expect((await search.search(t.as(t.alice), odd)).results).toBeInstanceOf(Array);
    });

    it('searches LIKE wildcards literally', async () => {
      const [general] = await channels.list(t.as(t.alice));
      await messages.create(t.as(t.alice), { channelId: general.id, content: 'coverage at 100% now' });
      await messages.create(t.as(t.alice), { channelId: general.id, content: 'coverage at 1000 now' });
      // a token with a sign in it is found as typed: 100% is not a prefix of 1000, and % itself matches nothing
      expect(await contents(t.carol, '100%')).toEqual(['coverage at 100% now']);
      expect(await contents(t.carol, '100')).toEqual(['coverage at 100% now', 'coverage at 1000 now']);
      expect(await contents(t.carol, '%')).toEqual([]);
      expect(await contents(t.carol, '_')).toEqual([]);
      expect(await contents(t.carol, '0%')).toEqual([]);
    });

    it('skips the substring arm for stopwords: "the" does not find every word holding t-h-e', async () => {
      expect(await contents(t.carol, 'the')).not.toContain('Unrelated chatter about lunch');
      expect(await contents(t.carol, 'chatte')).toContain('Unrelated chatter about lunch');
    });
  });

  describe('SearchService filters and pages', () => {
    let t: ReturnType<typeof team>;
    let outsider: ReturnType<typeof team>;
    let general: { id: string };
    let random: { id: string };
    let dm: { id: string };
    const ids = new Map<string, string>();
    const contents = async (who: string, q: string, tz?: string) =>
      (await search.search(t.as(who), named(q), undefined, tz)).results.map((r) => r.content).sort();
    /** `{alice}` → alice's username (the harness makes them unique), `{ALICE}` the same in capitals. */
    const named = (q: string) =>
      q.replace(/\{(\w+)\}/g, (_m, who: string) => {
        const name = h.directory.usernames.get(t[who.toLowerCase() as 'alice' | 'bob' | 'carol'])!;
        return who === who.toUpperCase() ? name.toUpperCase() : name;
      });

    beforeAll(async () => {
      t = team();
      outsider = team();
      [general] = await channels.list(t.as(t.alice));
      random = await channels.create(t.as(t.alice), { name: 'random' });
      dm = await dms.open(t.as(t.alice), t.bob);
      const db = h.app.get(DataSource);
      const post = async (key: string, who: string, channelId: string, content: string, at: string, image = false) => {
        const m = await messages.create(t.as(who), {
          channelId,
          content,
          ...(image ? { imageUrl: h.directory.upload(t.ws, 'message') } : {}),
        });
        await db.query(`UPDATE "chat"."message" SET "created_at" = $2 WHERE "id" = $1`, [m.message.id, at]);
        ids.set(key, m.message.id);
      };
      await post('a1', t.alice, general.id, 'release notes for the deploy', '2026-03-01T10:00:00Z');
      await post('a2', t.alice, random.id, 'deploy the notes release', '2026-03-02T23:30:00Z');
      await post('b1', t.bob, general.id, 'deploy blocked by staging', '2026-03-03T12:00:00Z');
      await post('b2', t.bob, dm.id, 'deploy secret in the DM', '2026-03-04T12:00:00Z');
      await post('c1', t.carol, random.id, 'screenshot of the deploy', '2026-03-05T12:00:00Z', true);
      const [theirs] = await channels.list(outsider.as(outsider.alice));
      await messages.create(outsider.as(outsider.alice), { channelId: theirs.id, content: 'deploy elsewhere' });
    });

    it.each([
      [
        'from: a username, with or without @',
        'deploy from:@{ALICE}',
        ['deploy the notes release', 'release notes for the deploy'],
      ],
      [
        'from: two people',
        'deploy from:{alice} from:{carol}',
        ['deploy the notes release', 'release notes for the deploy', 'screenshot of the deploy'],
      ],
      ['in: a channel', 'deploy in:#random', ['deploy the notes release', 'screenshot of the deploy']],
      [
        'in: a channel by bare name',
        'deploy in:general',
        ['deploy blocked by staging', 'release notes for the deploy'],
      ],
      ['in: a direct message by the other person', 'deploy in:@{alice}', ['deploy secret in the DM']],
      [
        'before: a day (UTC by default)',
        'deploy before:2026-03-03',
        ['deploy the notes release', 'release notes for the deploy'],
      ],
      [
        'after: a day, not including it',
        'deploy after:2026-03-03',
        ['deploy secret in the DM', 'screenshot of the deploy'],
      ],
      ['on: one day', 'deploy on:2026-03-02', ['deploy the notes release']],
      ['has:image', 'deploy has:image', ['screenshot of the deploy']],
      ['an exact phrase', '"release notes"', ['release notes for the deploy']],
      ['an excluded word', 'deploy -staging -secret -notes', ['screenshot of the deploy']],
      ['filters alone', 'from:@{bob}', ['deploy blocked by staging', 'deploy secret in the DM']],
      [
        'filters combined',
        'deploy from:@{alice} in:#random after:2026-03-01 before:2026-03-03',
        ['deploy the notes release'],
      ],
      ['an unknown filter as text', 'staging:deploy', ['deploy blocked by staging']],
      [
        'a has: value it does not know, as text',
        'has:deploy',
        [
          'deploy blocked by staging',
          'deploy secret in the DM',
          'deploy the notes release',
          'release notes for the deploy',
          'screenshot of the deploy',
        ],
      ],
    ])('%s', async (_label, q, expected) => {
      expect(await contents(t.bob, named(q))).toEqual(expected);
    });

    it('answers the same when the search-index migrations are undone and run again, its indexes in their shape', async () => {
      const db = h.app.get(DataSource);
      const definitions = async () =>
        Object.fromEntries(
          (
            (await db.query(
              `SELECT indexname, indexdef FROM pg_indexes WHERE schemaname = 'chat' AND indexname = ANY($1)`,
              [
                [
                  'IDX_MESSAGE_SEARCH',
                  'IDX_MESSAGE_CONTENT_TRGM',
                  'IDX_MESSAGE_WORKSPACE_CREATED',
                  'IDX_MESSAGE_IMAGE_SEARCH',
                  'IDX_MESSAGE_IMAGE_CONTENT_TRGM',
                  'IDX_MESSAGE_IMAGE_WORKSPACE_CREATED',
                ],
              ],
            )) as { indexname: string; indexdef: string }[]
          ).map((r) => [r.indexname, r.indexdef.replace(/^.* USING /, '')]),
        );
      // from: with a whole word (the words index), a partial word (prefix and substring arms) and a token; has:image
      // with a word and with a partial one (the image messages' own indexes)
      const queries = [
        'deploy from:{alice}',
        'deplo from:{bob}',
        'screenshot from:{carol} has:image',
        'deploy has:image',
        'shot has:image from:{carol}',
      ];
      const answers = async () => Promise.all(queries.map((q) => contents(t.alice, q)));
      const before = await answers();
      expect(before).toEqual([
        ['deploy the notes release', 'release notes for the deploy'],
        ['deploy blocked by staging', 'deploy secret in the DM'],
        ['screenshot of the deploy'],
        ['screenshot of the deploy'],
        ['screenshot of the deploy'],
      ]);
      const pendingList = ` WITH (gin_pending_list_limit='${GIN_PENDING_LIST_KB}')`;
      expect(await definitions()).toEqual({
        IDX_MESSAGE_SEARCH: `gin (search_vector, user_id)${pendingList}`,
        IDX_MESSAGE_CONTENT_TRGM: expect.stringMatching(
          new RegExp(
            String.raw`^gin \(content \w+\.gin_trgm_ops, user_id\) WITH \(gin_pending_list_limit='${GIN_PENDING_LIST_KB}'\)$`,
          ),
        ),
        IDX_MESSAGE_WORKSPACE_CREATED: 'btree (workspace_id, created_at, id)',
        IDX_MESSAGE_IMAGE_SEARCH: `gin (search_vector, user_id)${pendingList} WHERE ((image_url IS NOT NULL) AND (deleted_at IS NULL))`,
        IDX_MESSAGE_IMAGE_CONTENT_TRGM: expect.stringMatching(
          new RegExp(
            String.raw`^gin \(content \w+\.gin_trgm_ops, user_id\) WITH \(gin_pending_list_limit='${GIN_PENDING_LIST_KB}'\) WHERE \(\(image_url IS NOT NULL\) AND \(deleted_at IS NULL\)\)$`,
          ),
        ),
        IDX_MESSAGE_IMAGE_WORKSPACE_CREATED:
          'btree (workspace_id, created_at, id) WHERE ((image_url IS NOT NULL) AND (deleted_at IS NULL))',
      });
      // the image messages newest first, their search indexes, the pending-list limit, then the indexes' shape
      await db.undoLastMigration();
      expect(await definitions()).not.toHaveProperty('IDX_MESSAGE_IMAGE_WORKSPACE_CREATED');
      expect(await answers()).toEqual(before);
      await db.undoLastMigration();
      expect(Object.keys(await definitions()).sort()).toEqual([
        'IDX_MESSAGE_CONTENT_TRGM',
        'IDX_MESSAGE_SEARCH',
        'IDX_MESSAGE_WORKSPACE_CREATED',
      ]);
      expect(await answers()).toEqual(before);
      await db.undoLastMigration();
      expect((await definitions()).IDX_MESSAGE_SEARCH).toBe('gin (search_vector, user_id)');
      await db.undoLastMigration();
      expect(await definitions()).toEqual({
        IDX_MESSAGE_SEARCH: 'gin (search_vector)',
        IDX_MESSAGE_CONTENT_TRGM: expect.stringMatching(/^gin \(content \w+\.gin_trgm_ops\)$/),
        IDX_MESSAGE_WORKSPACE_CREATED: 'btree (workspace_id, created_at)',
      });
      expect(await answers()).toEqual(before);
      await db.runMigrations();
      expect((await definitions()).IDX_MESSAGE_SEARCH).toBe(`gin (search_vector, user_id)${pendingList}`);
      expect(Object.keys(await definitions())).toHaveLength(6);
      expect(await answers()).toEqual(before);
    });

    it("lets a has:image search's conditions read the image messages' own indexes", async () => {
      // the table here is too small for the planner to prefer any index by cost; with sequential scans priced out, the
      // index it reads shows which ones the conditions of a has:image search (see SearchService.filters) can use
      const runner = h.app.get(DataSource).createQueryRunner();
      const plan = async (match: string, then = '') =>
        (
          (await runner.query(
            `EXPLAIN (COSTS OFF) SELECT m."id" FROM "chat"."message" m
            WHERE ${match} AND m."deleted_at" IS NULL AND m."image_url" IS NOT NULL ${then}`,
          )) as { 'QUERY PLAN': string }[]
        )
          .map((row) => row['QUERY PLAN'])
          .join('\n');
      try {
        await runner.query('SET enable_seqscan = off');
        // a word or a substring through the search indexes: at this size reading all of the image messages' btree is
        // cheaper still, so it is left out for these two (dropped inside a transaction, which is rolled back)
        await runner.startTransaction();
        try {
          await runner.query('DROP INDEX "chat"."IDX_MESSAGE_IMAGE_WORKSPACE_CREATED"');
          expect(await plan(`m."search_vector" @@ websearch_to_tsquery('english', 'deploy')`)).toContain(
            'IDX_MESSAGE_IMAGE_SEARCH',
          );
          expect(await plan(`m."content" ILIKE '%deplo%'`)).toContain('IDX_MESSAGE_IMAGE_CONTENT_TRGM');
        } finally {
          await runner.rollbackTransaction();
        }
        // the newest image messages of a workspace, as a has:image search's window reads them
        expect(
          await plan(`m."workspace_id" = '${t.ws}'`, 'ORDER BY m."created_at" DESC, m."id" DESC LIMIT 5'),
        ).toContain('IDX_MESSAGE_IMAGE_WORKSPACE_CREATED');
      } finally {
        await runner.query('RESET enable_seqscan');
        await runner.release();
      }
    });

    it('refuses a time zone Node knows but Postgres does not with "Unknown time zone", before any SQL reads it', async () => {
      const err = await rejection(search.search(t.as(t.bob), 'deploy on:2026-03-03', undefined, 'US/Pacific-New'));
      expect([err.code, err.message]).toEqual([ErrorCodes.validation, 'Unknown time zone']);
      // Postgres matches zone names in any case, as Node does
      expect(await contents(t.bob, 'deploy on:2026-03-03', 'asia/tokyo')).toEqual(
        await contents(t.bob, 'deploy on:2026-03-03', 'Asia/Tokyo'),
      );
    });

    it('reads dates in the searcher’s time zone', async () => {
      // 23:30 UTC on 2 March is already 3 March in Tokyo
      expect(await contents(t.bob, 'deploy on:2026-03-03', 'Asia/Tokyo')).toEqual([
        'deploy blocked by staging',
        'deploy the notes release',
      ]);
      expect(await contents(t.bob, 'deploy on:2026-03-02', 'America/New_York')).toEqual(['deploy the notes release']);
    });

    it('finds nothing for a channel or person the searcher cannot see, whatever exists elsewhere', async () => {
      // carol is not in the alice–bob DM; the outsider's workspace has its own general channel and alice
      expect(await contents(t.carol, 'deploy in:@{bob}')).toEqual([]);
      expect(await contents(t.carol, 'deploy in:@{alice}')).toEqual([]);
      expect(await contents(t.carol, 'from:@{bob} secret')).toEqual([]);
      expect(await contents(t.bob, `from:${h.directory.usernames.get(outsider.alice)}`)).toEqual([]);
      expect(await contents(t.bob, 'elsewhere in:#general')).toEqual([]);
      expect(await contents(t.bob, 'deploy in:#nosuchchannel')).toEqual([]);
      expect(await contents(t.bob, 'from:@nobody')).toEqual([]);
      const theirs = await search.search(outsider.as(outsider.alice), `deploy in:#random`);
      expect(theirs.results).toEqual([]);
    });

    it.each([
      ['from:', 'Filter from: needs a value'],
      ['deploy in:#', 'Filter in: needs a value'],
      ['before:notadate', 'Filter before: needs a date written as YYYY-MM-DD'],
      ['on:2026-02-30', 'Filter on: needs a date written as YYYY-MM-DD'],
    ])('refuses %p with a message', async (q, message) => {
      const err = await rejection(search.search(t.as(t.bob), q));
      expect([err.code, err.message]).toEqual([ErrorCodes.validation, message]);
    });

    it('reads a bare in: name as the channel when one has that name, else as the person', async () => {
      const namesake = await channels.create(t.as(t.carol), { name: h.directory.usernames.get(t.alice)! });
      await messages.create(t.as(t.carol), { channelId: namesake.id, content: 'deploy namesake channel' });
      expect(await contents(t.bob, 'deploy in:{alice}')).toEqual(['deploy namesake channel']);
      expect(await contents(t.bob, 'deploy in:@{alice}')).toEqual(['deploy secret in the DM']);
      expect(await contents(t.bob, 'deploy in:#{alice}')).toEqual(['deploy namesake channel']);
    });

    it('refuses a cursor it did not write, and one whose times Postgres cannot read', async () => {
      const cursor = (fields: object) =>
        Buffer.from(JSON.stringify({ s: '2024-01-01T00:00:00.000Z', a: 0, w: null, o: 0, ...fields })).toString(
          'base64url',
        );
      for (const bad of [
        'nope',
        Buffer.from('{"s":1}').toString('base64url'),
        cursor({ s: '0000-01-01T00:00:00Z' }),
        cursor({ s: '2024-01-01T00:00:00+23:59' }),
        cursor({ w: ['2024-01-01T00:00:00-16:00', '00000000-0000-4000-8000-000000000000'] }),
      ]) {
        const err = await rejection(search.search(t.as(t.bob), 'deploy', bad));
        expect([err.code, err.message]).toEqual([ErrorCodes.validation, 'Invalid search cursor']);
      }
    });
  });

  describe('SearchService pages', () => {
    /** Every page of a search, following the cursor (at most 20 pages); `afterPage` runs after each one. */
    const allPages = async (actor: Actor, q: string, afterPage?: (page: number) => Promise<unknown>) => {
      const results: SearchResult[] = [];
      let cursor: string | undefined;
      let pages = 0;
      do {
        const page = await search.search(actor, q, cursor);
        expect(page.results.length).toBeLessThanOrEqual(50);
        results.push(...page.results);
        cursor = page.nextCursor ?? undefined;
        await afterPage?.(pages);
      } while (cursor && ++pages < 20);
      return { results, ids: results.map((r) => r.id), pages: pages + 1 };
    };

    // a term long enough to be rare as a substring pages the same way as a short one
    it.each(['zeta', 'zetaquark'])(
      'pages through every arm and window of %p without duplicates or gaps, ignoring what is posted meanwhile',
      async (term) => {
        const t = team();
        const [general] = await channels.list(t.as(t.alice));
        const expected: string[] = [];
        const post = async (content: string) => {
          const m = await messages.create(t.as(t.alice), { channelId: general.id, content });
          expected.push(m.message.id);
        };
        // 230 whole-word hits (more than one ranking window of 200), 30 prefix-only, 20 substring-only
        for (let i = 0; i < 230; i++) await post(i % 3 === 0 ? `${term} ${term} report ${i}` : `${term} report ${i}`);
        for (let i = 0; i < 30; i++) await post(`${term}max build ${i}`);
        for (let i = 0; i < 20; i++) await post(`x${term}x build ${i}`);
        const {
          results,
          ids: seen,
          pages,
        } = await allPages(t.as(t.bob), term, (page) =>
          page === 0 ? post(`${term} posted while paging`) : Promise.resolve(),
        );
        const arms = results.map((r) =>
          r.content!.startsWith(`${term}max`) ? 'p' : r.content!.startsWith(`x${term}x`) ? 's' : 'w',
        );
        expect(pages).toBe(6);
        expect(new Set(seen).size).toBe(seen.length);
        expect(seen.sort()).toEqual(expected.slice(0, 280).sort());
        // whole words first, then prefixes, then substrings
        expect(arms.join('')).toBe('w'.repeat(230) + 'p'.repeat(30) + 's'.repeat(20));
      },
    );

    // after a whole word is found, the prefix and substring arms are read together; the read serves both only when it
    // holds a whole prefix window or everything, and the arms are read one by one otherwise
    it.each([
      ['a whole prefix window in the read', 120, 10, 'prefixes'],
      ['fewer prefix hits than a window and more rows than the read holds', 40, 140, 'neither'],
      ['everything in the read', 5, 5, 'both'],
    ])(
      'keeps arm order and loses nothing when prefix and substring hits interleave: %s',
      async (_label, p, s, served) => {
        const t = team();
        const [general] = await channels.list(t.as(t.alice));
        const ids: string[] = [];
        const post = async (content: string) =>
          ids.push((await messages.create(t.as(t.alice), { channelId: general.id, content })).message.id);
        for (let i = 0; i < 3; i++) await post(`kappa note ${i}`);
        // newest first the arms interleave: prefix-only (kappamax) and substring-only (xkappa) hits alternate in time
        for (let i = 0; i < Math.max(p, s); i++) {
          if (i < p) await post(`kappamax build ${i}`);
          if (i < s) await post(`xkappa build ${i}`);
        }
        type Read = { prefixes: unknown[]; substrings: unknown[] | null } | null;
        const joint = jest.spyOn(search as unknown as { fallbacks: () => Promise<Read> }, 'fallbacks');
        const reads = joint.mock.results;
        const { results, ids: seen } = await allPages(t.as(t.bob), 'kappa');
        // the first time the prefix arm is reached, the joint read serves what it can
        const read = (await reads[0]?.value) as Read | undefined;
        joint.mockRestore();
        expect(read === undefined ? 'not read' : !read ? 'neither' : read.substrings ? 'both' : 'prefixes').toBe(
          served,
        );
        const arms = results.map((r) =>
          r.content!.startsWith('kappamax') ? 'p' : r.content!.startsWith('x') ? 's' : 'w',
        );
        expect(new Set(seen).size).toBe(seen.length);
        expect([...seen].sort()).toEqual([...ids].sort());
        expect(arms.join('')).toBe('w'.repeat(3) + 'p'.repeat(p) + 's'.repeat(s));
      },
    );

    /** Runs `work` with one of the search's walks (`phraseWalk` or `substringWalk`) set to `length`, recording statements. */
    const walking = async <T>(
      walk: 'phraseWalk' | 'substringWalk',
      length: number,
      work: (recorded: ReturnType<typeof recordStatements>) => Promise<T>,
    ): Promise<T> => {
      const before = search[walk];
      search[walk] = length;
      const recorded = recordStatements(h.app.get(DataSource));
      try {
        return await work(recorded);
      } finally {
        recorded.restore();
        search[walk] = before;
      }
    };

    /**
     * Every page of a search with the walk of the newest messages `walk` long, and how many statements walked the
     * newest messages and how many read below the walk.
     */
    const pagesWalking = (actor: Actor, q: string, walk: number) =>
      walking('phraseWalk', walk, async (recorded) => {
        const { ids } = await allPages(actor, q);
        const count = (part: string) => recorded.sql.filter((text) => text.includes(part)).length;
        return { ids, walks: count('SELECT m.* FROM'), below: count('OFFSET') };
      });

    // a phrase walks the newest messages first and reads what is older through the index: however far the walk
    // reaches, the pages are the same
    it('pages a phrase the same whether its windows come from the walk, the index or both', async () => {
      const t = team();
      const [general] = await channels.list(t.as(t.alice));
      const phrase: string[] = [];
      const post = (content: string) => messages.create(t.as(t.alice), { channelId: general.id, content });
      for (let i = 0; i < 130; i++) {
        phrase.push((await post(i % 3 ? `lambda sigma shipped ${i}` : `lambda sigma, lambda sigma ${i}`)).message.id);
        if (i % 4 === 0) await post(`xlambda sigma note ${i}`); // the words, but not as the phrase
        if (i % 5 === 0) await post(`sigma then lambda ${i}`);
      }
      const pagesWith = (walk: number) => pagesWalking(t.as(t.bob), '"lambda sigma"', walk);
      const whole = await pagesWith(100_000);
      expect(whole.walks).toBeGreaterThan(0);
      const walked = whole.ids;
      expect(new Set(walked).size).toBe(walked.length);
      expect([...walked].sort()).toEqual([...phrase].sort());
      // denser hits ranked first within the first window
      expect(walked.slice(0, 34)).toEqual(expect.arrayContaining(phrase.filter((_, i) => i % 3 === 0 && i >= 30)));
      for (const walk of [7, 1]) {
        const mixed = await pagesWith(walk);
        expect(mixed.ids).toEqual(walked);
        expect(mixed.below).toBeGreaterThan(0);
      }
    });

    // a day (on:) is walked newest first like a phrase: however far the walk reaches, the pages are the same
    it('pages a day the same whether its windows come from the walk, the index or both', async () => {
      const t = team();
      const [general] = await channels.list(t.as(t.alice));
      const db = h.app.get(DataSource);
      const day: string[] = [];
      for (let i = 0; i < 230; i++) {
        const { message } = await messages.create(t.as(t.alice), {
          channelId: general.id,
          content: i % 4 ? `eta rollout ${i}` : `eta eta rollout ${i}`,
        });
        // three days: the 10th of April holds two of every three, the days around it the rest
        const date = i % 3 === 0 ? (i % 2 ? '2026-04-09' : '2026-04-11') : '2026-04-10';
        const at = new Date(`${date}T00:00:00Z`).getTime() + i * 60_000;
        await db.query(`UPDATE "chat"."message" SET "created_at" = $2 WHERE "id" = $1`, [message.id, new Date(at)]);
        if (date === '2026-04-10') day.push(message.id);
      }
      const pagesWith = (walk: number) => pagesWalking(t.as(t.bob), 'eta on:2026-04-10', walk);
      const whole = await pagesWith(100_000);
      expect(whole.walks).toBeGreaterThan(0);
      expect(new Set(whole.ids).size).toBe(whole.ids.length);
      expect([...whole.ids].sort()).toEqual([...day].sort());
      for (const walk of [7, 1]) {
        const mixed = await pagesWith(walk);
        expect(mixed.ids).toEqual(whole.ids);
        expect(mixed.below).toBeGreaterThan(0);
      }
    });

    /**
     * Which reads of the substring arm ran for the first page of `q`, with the stretch it walks first `walk` long: the
     * walk alone, a second statement reading the older messages the planner's way (`older`), or every older match
     * through the index (`matches`).
     */
    const substringReads = async (actor: Actor, q: string, walk: number) => {
      const db = h.app.get(DataSource);
      const recorded = await walking('substringWalk', walk, async (r) => {
        await search.search(actor, q);
        return r;
      });
      const at = recorded.sql.findIndex((text) => text.includes('WITH walked'));
      expect(at).toBeGreaterThanOrEqual(0);
      const plan = (
        (await db.query(
          `EXPLAIN (ANALYZE, COSTS OFF, TIMING OFF, SUMMARY OFF) ${recorded.sql[at]}`,
          recorded.params[at],
        )) as {
          'QUERY PLAN': string;
        }[]
      ).map((row) => row['QUERY PLAN']);
      // the read through the index sits behind a one-time filter on what the walk found: it ran or was never executed
      const line = plan.findIndex((text) => text.includes('One-Time Filter') && text.includes(`< ${SUBSTRING_DENSE})`));
      expect(line).toBeGreaterThanOrEqual(0);
      return { older: recorded.sql.length > at + 1, matches: !plan[line + 1]!.includes('never executed') };
    };

    // the substring arm measures how common its term is in the newest messages before it reads the older ones
    it('pages a substring the same whether it walks on or reads the index, choosing by how common the walk found it', async () => {
      const t = team();
      const [general] = await channels.list(t.as(t.alice));
      const hits: string[] = [];
      const post = async (content: string, hit: boolean) => {
        const { message } = await messages.create(t.as(t.alice), { channelId: general.id, content });
        if (hit) hits.push(message.id);
      };
      // no word or prefix finds `qtok` in these: older, one message in two holds it; of the newest 200, the 30th and the
      // 130th newest
      for (let i = 0; i < 120; i++) await post(i % 2 ? `filler ${i}` : `abcqtokdef dense ${i}`, i % 2 === 0);
      for (let i = 0; i < 200; i++) await post(i % 100 === 70 ? `abcqtokdef rare ${i}` : `filler ${i}`, i % 100 === 70);
      hits.reverse();
      const bob = t.as(t.bob);
      const pagesWith = (walk: number, q = 'qtok') =>
        walking('substringWalk', walk, async () => (await allPages(bob, q)).ids);
      // all of it walked; then a stretch with both rare hits (walks on); then one with none (the index)
      expect(await pagesWith(100_000)).toEqual(hits);
      expect(await substringReads(bob, 'qtok', 150)).toEqual({ older: true, matches: false });
      expect(await pagesWith(150)).toEqual(hits);
      expect(await substringReads(bob, 'qtok', 20)).toEqual({ older: false, matches: true });
      expect(await pagesWith(20)).toEqual(hits);
      // a stretch holding a whole window (51 of the 55 older hits in the newest 310) needs neither
      expect(await substringReads(bob, 'qtok -rare', 310)).toEqual({ older: false, matches: false });
      // the stretch is counted in messages of the channels, whoever wrote them: Carol's newest 30 hold the term
      // too, but not for a search of Alice's
      for (let i = 0; i < 30; i++)
        await messages.create(t.as(t.carol), { channelId: general.id, content: `abcqtokdef carol ${i}` });
      const alices = `qtok from:${h.directory.usernames.get(t.alice)}`;
      expect(await substringReads(bob, alices, 20)).toEqual({ older: false, matches: true });
      for (const walk of [100_000, 150, 20]) expect(await pagesWith(walk, alices)).toEqual(hits);
    });

    it('ranks denser hits first within the first window and says when there is no next page', async () => {
      const t = team();
      const [general] = await channels.list(t.as(t.alice));
      await messages.create(t.as(t.alice), { channelId: general.id, content: 'omega omega omega' });
      for (let i = 0; i < 5; i++)
        await messages.create(t.as(t.alice), { channelId: general.id, content: `omega ${i}` });
      const page = await search.search(t.as(t.bob), 'omega');
      expect(page.results[0].content).toBe('omega omega omega');
      expect(page.results).toHaveLength(6);
      expect(page.nextCursor).toBeNull();
    });

    it('answers identity’s failure for a from: search and gives its connection back', async () => {
      const t = team();
      const [general] = await channels.list(t.as(t.alice));
      await messages.create(t.as(t.alice), { channelId: general.id, content: 'pool check' });
      const alice = h.directory.usernames.get(t.alice)!;
      h.directory.identityDown = true;
      const recorded = recordStatements(h.app.get(DataSource));
      try {
        const failures = await Promise.all(
          Array.from({ length: 6 }, () => rejection(search.search(t.as(t.bob), `from:${alice} pool`))),
        );
        for (const err of failures) expect(err).toMatchObject({ code: ErrorCodes.busUnavailable });
      } finally {
        h.directory.identityDown = false;
        recorded.restore();
      }
      // identity fails before Postgres answers the plan statement, which still finishes before the release
      expect(recorded.runners()).toBe(6);
      expect(recorded.runningAtRelease()).toBe(0);
      // more searches at once than the harness's pool has connections: every one was given back
      const pages = await Promise.all(
        Array.from({ length: 6 }, () => search.search(t.as(t.bob), `from:${alice} pool`)),
      );
      for (const page of pages) expect(page.results.map((r) => r.content)).toEqual(['pool check']);
    });

    // every arm runs when nothing matches: under load, each statement would otherwise queue for the pool again
    it('runs all of a search’s statements on one connection of the pool', async () => {
      const t = team();
      const [general] = await channels.list(t.as(t.alice));
      await messages.create(t.as(t.alice), { channelId: general.id, content: 'nothing to see here' });
      const recorded = recordStatements(h.app.get(DataSource));
      try {
        const page = await search.search(t.as(t.bob), 'xylophone');
        expect(page.results).toEqual([]);
      } finally {
        recorded.restore();
      }
      expect(recorded.runners()).toBe(1);
      // the plan, a prepared statement (its text never changes), then the words, prefix and substring arms
      expect(recorded.prepared).toEqual(['chat.search.plan']);
      expect(recorded.sql).toHaveLength(3);
    });
  });

  describe('SearchService with what it keeps', () => {
    // each arm's first statement in its own shape: words, a phrase's walk, prefixes, the substring arm's measured read
    it.each([
      ['aurora', 4, `@@ websearch_to_tsquery('english'`],
      ['"aurora report"', 3, 'LIMIT $'],
      ['auro', 4, `@@ websearch_to_tsquery('english'`],
      // a stopword: no words arm, the prefix arm first
      ['the', 0, `to_tsquery('simple'`],
      ['ZX-41', 1, `@@ websearch_to_tsquery('english'`],
      // no word form at all: the substring arm's measured read is the first statement
      ['$$$', 1, 'walked AS MATERIALIZED'],
      ['aurora -ticket', 3, 'NOT (m."search_vector"'],
      ['has:image', 1, 'm."image_url" IS NOT NULL'],
      ['before:2999-01-01 report', 3, 'm."created_at" <'],
    ])(
      'answers %p, seen before, with the check instead of the plan statement, and the same',
      async (q, count, firstRead) => {
        const t = team();
        const [general] = await channels.list(t.as(t.alice));
        for (let i = 0; i < 3; i++)
          await messages.create(t.as(t.alice), { channelId: general.id, content: `aurora report ${i}` });
        await messages.create(t.as(t.alice), { channelId: general.id, content: 'ticket ZX-4107 aurora' });
        await messages.create(t.as(t.alice), { channelId: general.id, content: 'budget $$$ later' });
        const image = h.directory.upload(t.ws, 'message');
        await messages.create(t.as(t.alice), { channelId: general.id, content: null, imageUrl: image });
        const recorded = recordStatements(h.app.get(DataSource));
        let first: SearchPage;
        let again: SearchPage;
        let afterFirst: { prepared: number; sql: number };
        try {
          first = await search.search(t.as(t.bob), q);
          afterFirst = { prepared: recorded.prepared.length, sql: recorded.sql.length };
          again = await search.search(t.as(t.bob), q);
        } finally {
          recorded.restore();
        }
        expect(recorded.prepared.slice(0, afterFirst.prepared)).toEqual(['chat.search.plan']);
        // the second: the small check statement instead of the plan statement, and the very same reads
        expect(recorded.prepared.slice(afterFirst.prepared)).toEqual(['chat.search.check']);
        expect(recorded.sql.slice(afterFirst.sql)).toEqual(recorded.sql.slice(0, afterFirst.sql));
        expect(recorded.sql[0]).toContain(firstRead);
        expect(again.results).toEqual(first.results);
        expect(again.results).toHaveLength(count);
      },
    );

    it('bounds a search seen before by the workspace clock when it ran past the wall clock', async () => {
      const t = team();
      const [general] = await channels.list(t.as(t.alice));
      await messages.create(t.as(t.alice), { channelId: general.id, content: 'corvus now' });
      const ahead = (await messages.create(t.as(t.alice), { channelId: general.id, content: 'corvus ahead' })).message;
      expect((await search.search(t.as(t.bob), 'corvus')).results).toHaveLength(2);
      // changes faster than one a millisecond carry the clock past the wall clock (one millisecond per change): here
      // the last one is a minute ahead
      const db = h.app.get(DataSource);
      await db.query(`UPDATE "chat"."message" SET "created_at" = now() + interval '1 minute' WHERE "id" = $1`, [
        ahead.id,
      ]);
      await db.query(
        `UPDATE "chat"."workspace_clock" SET "last_change_at" = now() + interval '1 minute' WHERE "workspace_id" = $1`,
        [t.ws],
      );
      const recorded = recordStatements(db);
      let page: SearchPage;
      try {
        page = await search.search(t.as(t.bob), 'corvus');
      } finally {
        recorded.restore();
      }
      // the kept text and channels, checked by the check statement, whose moment is the clock's
      expect(recorded.prepared).toEqual(['chat.search.check']);
      expect(page.results.map((r) => r.content)).toEqual(['corvus ahead', 'corvus now']);
    });

    it('finds a channel made, a DM opened and a channel renamed since the searcher last searched', async () => {
      const t = team();
      const [general] = await channels.list(t.as(t.alice));
      await messages.create(t.as(t.alice), { channelId: general.id, content: 'quasar in general' });
      const found = async (who: string, q: string) =>
        (await search.search(t.as(who), q)).results.map((r) => `${r.channelName}: ${r.content}`).sort();
      expect(await found(t.bob, 'quasar')).toEqual(['general: quasar in general']);
      expect(await found(t.carol, 'quasar')).toEqual(['general: quasar in general']);

      const nebula = await channels.create(t.as(t.alice), { name: 'nebula' });
      await messages.create(t.as(t.alice), { channelId: nebula.id, content: 'quasar in nebula' });
      const dm = await dms.open(t.as(t.alice), t.bob);
      await messages.create(t.as(t.alice), { channelId: dm.id, content: 'quasar in the DM' });
      const alice = h.directory.usernames.get(t.alice)!;
      expect(await found(t.bob, 'quasar')).toEqual([
        `${alice}: quasar in the DM`,
        'general: quasar in general',
        'nebula: quasar in nebula',
      ]);
      // carol's kept channels change too (a new channel), and the DM stays out of her results
      expect(await found(t.carol, 'quasar')).toEqual(['general: quasar in general', 'nebula: quasar in nebula']);

      await channels.rename(t.as(t.alice), nebula.id, 'pulsar');
      expect(await found(t.bob, 'quasar in:#pulsar')).toEqual(['pulsar: quasar in nebula']);
      expect(await found(t.carol, 'quasar')).toEqual(['general: quasar in general', 'pulsar: quasar in nebula']);
      // a name from memory that is no channel any more
      expect(await found(t.carol, 'quasar in:#nebula')).toEqual([]);
    });

    it('asks identity for the people a query names once, also when the channels kept for the searcher changed', async () => {
      const t = team();
      const [general] = await channels.list(t.as(t.alice));
      await messages.create(t.as(t.alice), { channelId: general.id, content: 'vega in general' });
      const alice = h.directory.usernames.get(t.alice)!;
      const q = `vega from:${alice}`;
      expect((await search.search(t.as(t.bob), q)).results).toHaveLength(1);
      const lyra = await channels.create(t.as(t.alice), { name: 'lyra' });
      await messages.create(t.as(t.alice), { channelId: lyra.id, content: 'vega in lyra' });
      const before = h.directory.nameLookups;
      // the kept channels miss lyra: the check finds out and the plan statement reads them again
      const page = await search.search(t.as(t.bob), q);
      expect(page.results.map((r) => r.content).sort()).toEqual(['vega in general', 'vega in lyra']);
      expect(h.directory.nameLookups - before).toBe(1);
    });

    it('pages a query seen before without duplicates or gaps, ignoring what is posted meanwhile', async () => {
      const t = team();
      const [general] = await channels.list(t.as(t.alice));
      const expected: string[] = [];
      for (let i = 0; i < 120; i++)
        expected.push(
          (await messages.create(t.as(t.alice), { channelId: general.id, content: `lyra note ${i}` })).message.id,
        );
      await search.search(t.as(t.bob), 'lyra');
      const seen: string[] = [];
      let cursor: string | undefined;
      let pages = 0;
      do {
        const page = await search.search(t.as(t.bob), 'lyra', cursor);
        seen.push(...page.results.map((r) => r.id));
        cursor = page.nextCursor ?? undefined;
        if (pages === 0) await messages.create(t.as(t.alice), { channelId: general.id, content: 'lyra posted now' });
      } while (cursor && ++pages < 10);
      expect(pages).toBe(2);
      expect(new Set(seen).size).toBe(seen.length);
      expect(seen.sort()).toEqual(expected.sort());
    });
  });

  describe(ReactionService.name, () => {
    it('creates custom reactions with unique names per workspace, recording the caller as creator', async () => {
      const t = team();
      const image = h.directory.upload(t.ws, 'reaction');
      const r = await reactions.createCustom(t.as(t.alice), {
        name: 'party_parrot',
        imageUrl: image,
        createdBy: t.bob,
      });
      expect(r).toMatchObject({ name: 'party_parrot', imageUrl: image, createdBy: t.alice, workspaceId: t.ws });
      const err = await rejection(
        reactions.createCustom(t.as(t.bob), { name: 'Party_Parrot', imageUrl: h.directory.upload(t.ws, 'reaction') }),
      );
      expect(err.code).toBe(ErrorCodes.reactionNameTaken);
      expect(err.message).toBe(REACTION_NAME_TAKEN);
      expect((await reactions.listCustom(t.as(t.carol))).map((x) => x.name)).toEqual(['party_parrot']);
    });

    it.each([
      ['any other address', () => '/y.png', IMAGE_NOT_UPLOADED_MESSAGE],
      ['a message image', (ws: string) => h.directory.upload(ws, 'message'), IMAGE_NOT_UPLOADED_MESSAGE],
      [
        'a message image at the objects path',
        (ws: string) => h.directory.upload(ws, 'message').replace('/attachments/', '/objects/'),
        IMAGE_NOT_UPLOADED_MESSAGE,
      ],
      [
        'another workspace’s reaction upload',
        () => h.directory.upload(h.directory.workspace(), 'reaction'),
        IMAGE_NOT_UPLOADED_MESSAGE,
      ],
      [
        'an upload never made',
        (ws: string) => h.directory.upload(ws, 'reaction', 'missing'),
        IMAGE_NOT_UPLOADED_MESSAGE,
      ],
      [
        'a file that is not an image',
        (ws: string) => h.directory.upload(ws, 'reaction', 'not-an-image'),
        'Please upload an image file.',
      ],
      [
        'a file over 5MB',
        (ws: string) => h.directory.upload(ws, 'reaction', 'too-large'),
        'Please upload an image smaller than 5MB.',
      ],
    ])('refuses a custom reaction whose image is %s, storing nothing', async (_label, address, expected) => {
      const t = team();
      const err = await rejection(reactions.createCustom(t.as(t.alice), { name: 'nope', imageUrl: address(t.ws) }));
      expect([err.code, err.message]).toEqual([ErrorCodes.validation, expected]);
      expect(await reactions.listCustom(t.as(t.alice))).toEqual([]);
    });

    it('applies and removes standard and custom reactions, idempotently per user', async () => {
      const t = team();
      const [general] = await channels.list(t.as(t.alice));
      const { message } = await messages.create(t.as(t.alice), { channelId: general.id, content: 'react to me' });
      const custom = await reactions.createCustom(t.as(t.alice), {
        name: 'yay',
        imageUrl: h.directory.upload(t.ws, 'reaction'),
      });
      await reactions.add(t.as(t.bob), message.id, '👍');
      await reactions.add(t.as(t.bob), message.id, '👍');
      await reactions.add(t.as(t.carol), message.id, '👍');
      const after = await reactions.add(t.as(t.carol), message.id, custom.id);
      expect(after.reactions).toEqual([
        { reactionId: '👍', count: 2, userIds: [t.bob, t.carol] },
        { reactionId: custom.id, count: 1, userIds: [t.carol] },
      ]);
      const removed = await reactions.remove(t.as(t.bob), message.id, '👍');
      expect(removed.reactions[0]).toEqual({ reactionId: '👍', count: 1, userIds: [t.carol] });
      const [listed] = (await messages.list(t.as(t.alice), general.id, undefined, 50)).filter(
        (m) => m.id === message.id,
      );
      expect(listed.reactions).toEqual(removed.reactions);
    });

    it('refuses unknown reactions and other workspaces’ custom reactions', async () => {
      const t = team();
      const other = team();
      const [general] = await channels.list(t.as(t.alice));
      const { message } = await messages.create(t.as(t.alice), { channelId: general.id, content: 'x' });
      const theirs = await reactions.createCustom(other.as(other.alice), {
        name: 'theirs',
        imageUrl: h.directory.upload(other.ws, 'reaction'),
      });
      expect((await rejection(reactions.add(t.as(t.bob), message.id, theirs.id))).code).toBe(
        ErrorCodes.reactionNotFound,
      );
      expect((await rejection(reactions.add(t.as(t.bob), message.id, 'not an emoji'))).code).toBe(
        ErrorCodes.reactionNotFound,
      );
      expect((await rejection(reactions.add(other.as(other.alice), message.id, '👍'))).code).toBe(
        ErrorCodes.messageNotFound,
      );
    });

    it(`refuses a 51st distinct reaction with "${TOO_MANY_REACTIONS}" but still counts more users on existing ones`, async () => {
      const t = team();
      const [general] = await channels.list(t.as(t.alice));
      const { message } = await messages.create(t.as(t.alice), { channelId: general.id, content: 'popular' });
      const emoji = [
        ...'😀😃😄😁😆😅😂🤣😊😇🙂🙃😉😌😍🥰😘😗😙😚😋😛😝😜🤪🤨🧐🤓😎🤩🥳😏😒😞😔😟😕🙁😣😖😫😩🥺😢😭😤😠😡🤬🤯',
      ];
      expect(emoji).toHaveLength(50);
      for (const e of emoji) await reactions.add(t.as(t.bob), message.id, e);
      const err = await rejection(reactions.add(t.as(t.bob), message.id, '🔥'));
      expect(err.code).toBe(ErrorCodes.tooManyReactions);
      expect(err.message).toBe(TOO_MANY_REACTIONS);
      const more = await reactions.add(t.as(t.carol), message.id, '😀');
      expect(more.reactions.find((r) => r.reactionId === '😀')!.count).toBe(2);
    });
  });

  /** `count` messages by `userId` in the day before now, one a second: bulk rows, as an import would leave them. */
  const history = (workspaceId: string, channelId: string, userId: string, count: number) =>
    h.app.get(DataSource).query(
      `INSERT INTO "chat"."message" ("workspace_id", "channel_id", "user_id", "content", "created_at")
       SELECT $1, $2, $3, 'history ' || i, now() - interval '1 day' + i * interval '1 second'
       FROM generate_series(1, $4::int) i`,
      [workspaceId, channelId, userId, count],
    );

  describe(UnreadService.name, () => {
    it('counts others’ messages after the last read, and agrees for every device after a mark', async () => {
      const t = team();
      const [general] = await channels.list(t.as(t.alice));
      const dm = await dms.open(t.as(t.alice), t.bob);
      await messages.create(t.as(t.alice), { channelId: general.id, content: '1' });
      await messages.create(t.as(t.alice), { channelId: general.id, content: '2' });
      await messages.create(t.as(t.alice), { channelId: dm.id, content: 'dm' });
      await messages.create(t.as(t.bob), { channelId: general.id, content: 'mine' });
      const counts = await unread.list(t.as(t.bob));
      expect(counts).toEqual(
        expect.arrayContaining([
          { channelId: general.id, count: 2 },
          { channelId: dm.id, count: 1 },
        ]),
      );
      expect(await unread.list(t.as(t.carol))).toEqual([{ channelId: general.id, count: 3 }]);
      await unread.markRead(t.as(t.bob), general.id);
      expect(await unread.list(t.as(t.bob))).toEqual([{ channelId: dm.id, count: 1 }]);
      await messages.create(t.as(t.alice), { channelId: general.id, content: '3' });
      expect(await unread.list(t.as(t.bob))).toEqual(expect.arrayContaining([{ channelId: general.id, count: 1 }]));
      expect((await rejection(unread.markRead(t.as(t.carol), dm.id))).code).toBe(ErrorCodes.channelNotFound);
    });

    it('counts a message stored right after a mark, in the same millisecond as it, and never one stored before', async () => {
      const t = team();
      const [general] = await channels.list(t.as(t.alice));
      // back to back, many marks share a millisecond with the message after them (or the one before)
      const missed: number[] = [];
      for (let i = 0; i < 60; i++) {
        await messages.create(t.as(t.alice), { channelId: general.id, content: `before ${i}` });
        const mark = await unread.markRead(t.as(t.bob), general.id);
        const { message } = await messages.create(t.as(t.alice), { channelId: general.id, content: `after ${i}` });
        expect(Date.parse(message.createdAt)).toBeGreaterThan(Date.parse(mark.lastReadAt));
        const counts = await unread.list(t.as(t.bob));
        if (counts.find((c) => c.channelId === general.id)?.count !== 1) missed.push(i);
      }
      expect(missed).toEqual([]);
    });

    it('leaves a mark no message has passed as it is — the same answer, the row not written again — and moves it once one has', async () => {
      const t = team();
      const [general] = await channels.list(t.as(t.alice));
      await messages.create(t.as(t.alice), { channelId: general.id, content: 'first' });
      const db = h.app.get(DataSource);
      const version = async () =>
        (
          (await db.query(
            `SELECT xmin::text AS "xmin" FROM "chat"."channel_read" WHERE "user_id" = $1 AND "channel_id" = $2`,
            [t.bob, general.id],
          )) as { xmin: string }[]
        )[0]?.xmin;
      const first = await unread.markRead(t.as(t.bob), general.id);
      const written = await version();
      expect(written).toBeDefined();
      // a quiet channel visited again: nothing to move past
      await new Promise((resolve) => setTimeout(resolve, 5));
      expect(await unread.markRead(t.as(t.bob), general.id)).toEqual(first);
      expect(await version()).toBe(written);
      expect(await unread.list(t.as(t.bob))).toEqual([]);
      // a message after the mark: the next visit moves it past that message
      const { message } = await messages.create(t.as(t.alice), { channelId: general.id, content: 'second' });
      expect(await unread.list(t.as(t.bob))).toEqual([{ channelId: general.id, count: 1 }]);
      const moved = await unread.markRead(t.as(t.bob), general.id);
      expect(Date.parse(moved.lastReadAt)).toBeGreaterThanOrEqual(Date.parse(message.createdAt));
      expect(await version()).not.toBe(written);
      expect(await unread.list(t.as(t.bob))).toEqual([]);
      const { message: third } = await messages.create(t.as(t.alice), { channelId: general.id, content: 'third' });
      expect(Date.parse(third.createdAt)).toBeGreaterThan(Date.parse(moved.lastReadAt));
      expect(await unread.list(t.as(t.bob))).toEqual([{ channelId: general.id, count: 1 }]);
    });

    it(`stops counting at ${UNREAD_COUNT_CAP}, however much is unread, and counts again from the last read`, async () => {
      const t = team();
      const [general] = await channels.list(t.as(t.alice));
      // a long history nobody but its author has read
      await history(t.ws, general.id, t.alice, UNREAD_COUNT_CAP * 3);
      expect(await unread.list(t.as(t.bob))).toEqual([{ channelId: general.id, count: UNREAD_COUNT_CAP }]);
      await unread.markRead(t.as(t.bob), general.id);
      await messages.create(t.as(t.alice), { channelId: general.id, content: 'after the read' });
      expect(await unread.list(t.as(t.bob))).toEqual([{ channelId: general.id, count: 1 }]);
    });
  });

  describe('hot paths', () => {
    it('keep one plan per connection for a message page and a replay, however long the channel, instead of planning every call', async () => {
      const t = team();
      const [general] = await channels.list(t.as(t.alice));
      // a channel long enough that a plan priced for its rows differs from one priced for a page
      await history(t.ws, general.id, t.alice, 3000);
      const db = h.app.get(DataSource);
      await db.query('ANALYZE "chat"."message"');
      // a connection of its own: Postgres weighs a generic plan against the custom plans a connection made before
      const client = new pg.Client({ connectionString: (db.options as { url: string }).url });
      await client.connect();
      try {
        const since = new Date(Date.now() - 60_000);
        const newest = NEWEST_PAGE_UNLESS_UNCHANGED;
        let clock: Date | null = null;
        for (let i = 0; i < 10; i++) {
          await client.query({ name: REPLAY.name, text: REPLAY.text, values: [t.ws, since, t.bob] });
          // read afresh (no clock kept) and checked against the clock, in turn
          const kept: pg.QueryResult<{ clock: Date }> = await client.query({
            name: newest.name,
            text: newest.text,
            values: [general.id, 50, t.ws, clock],
          });
          expect(kept.rows).toHaveLength(clock ? 1 : 50);
          clock = clock ? null : kept.rows[0].clock;
        }
        const { rows } = await client.query(
          'SELECT "name", "generic_plans"::int, "custom_plans"::int FROM pg_prepared_statements WHERE "name" = ANY($1) ORDER BY "name"',
          [[REPLAY.name, newest.name]],
        );
        // Postgres tries five custom plans, then keeps the generic one when it is priced no dearer
        expect(rows).toEqual([
          { name: newest.name, generic_plans: 5, custom_plans: 5 },
          { name: REPLAY.name, generic_plans: 5, custom_plans: 5 },
        ]);
      } finally {
        await client.end();
      }
    });

    it('serve the channel list, a message page (with its reactions), unread counts and a new message from one prepared statement each', async () => {
      const t = team();
      const [general] = await channels.list(t.as(t.alice));
      await messages.create(t.as(t.bob), { channelId: general.id, content: 'warm' });
      const db = h.app.get(DataSource);
      const built = [jest.spyOn(db, 'query'), jest.spyOn(db, 'createQueryBuilder'), jest.spyOn(db, 'transaction')];
      const run = jest.spyOn(h.app.get(PreparedStatements), 'rows');
      try {
        await channels.list(t.as(t.bob));
        await messages.list(t.as(t.bob), general.id, undefined, 50);
        await unread.list(t.as(t.bob));
        await messages.create(t.as(t.bob), { channelId: general.id, content: 'hot' });
        expect(built.map((spy) => spy.mock.calls.length)).toEqual([0, 0, 0]);
        expect(run.mock.calls.map(([statement]) => statement.name)).toEqual([
          'chat.channel.list',
          'chat.message.newest-page-unless-unchanged',
          'chat.unread.list',
          'chat.message.insert-rows',
        ]);
      } finally {
        for (const spy of [...built, run]) spy.mockRestore();
      }
    });
  });
});
