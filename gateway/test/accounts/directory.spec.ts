// Issue 68, members directory: GET /api/users keeps its whole-roster answer without parameters, and pages (limit,
// X-Next-Cursor), finds by prefix (q), filters (status, role), resolves ids and puts a channel's members first.
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { testPool } from '@teamchat/testing';
import { startTestStack, type TestStack } from '@teamchat/test-stack';
import { adminWithWorkspace, joinAsMember } from './helpers.js';

interface Listed {
  id: string;
  username: string;
  firstName: string;
  isAdmin: boolean;
  status: string;
}

/** Adds `count` members straight into both services' tables (no hashing, no invites): a large roster in seconds. */
const seedMembers = async (db: pg.Pool, workspaceId: string, tag: string, count: number): Promise<string[]> => {
  const { rows } = await db.query<{ id: string }>(
    `INSERT INTO "identity"."user" ("email", "password_hash", "first_name", "last_name", "username", "agent_id")
     SELECT 'member' || i || '.' || $1 || '@example.com', 'x', 'Member' || lpad(i::text, 4, '0'), 'Seeded',
            'dir_' || $1 || '_' || lpad(i::text, 4, '0'), 'SEED01'
     FROM generate_series(1, $2::int) AS i RETURNING "id"`,
    [tag, count],
  );
  const ids = rows.map((r) => r.id);
  await db.query(
    `INSERT INTO "workspace"."user_workspace" ("user_id", "workspace_id", "role") SELECT unnest($1::uuid[]), $2, 'member'`,
    [ids, workspaceId],
  );
  return ids;
};

describe('GET /api/users as a members directory', () => {
  let stack: TestStack;
  let db: pg.Pool;
  let admin: Awaited<ReturnType<typeof adminWithWorkspace>>;
  let other: Awaited<ReturnType<typeof adminWithWorkspace>>;
  let seeded: string[];
  let otherSeeded: string[];
  let grace: string;
  let member: Awaited<ReturnType<typeof joinAsMember>>;
  const tag = Date.now().toString(36);

  beforeAll(async () => {
    stack = await startTestStack({ transport: 'inprocess' });
    db = testPool(stack.databaseUrl, 2);
    admin = await adminWithWorkspace(stack.url, 'Big Org', '10.68.0.1');
    other = await adminWithWorkspace(stack.url, 'Elsewhere', '10.68.0.2');
    member = await joinAsMember(stack.url, admin.agent, { firstName: 'Member', lastName: 'Joined' }, '10.68.0.3');
    seeded = await seedMembers(db, admin.workspace.id, tag, 448);
    otherSeeded = await seedMembers(db, other.workspace.id, `${tag}x`, 50);
    grace = seeded[6]!;
    await db.query(
      `UPDATE "identity"."user" SET "first_name" = 'Grace', "last_name" = 'Hopper', "handle" = 'Amazing_Grace',
       "email" = $2, "status" = 'busy' WHERE "id" = $1`,
      [grace, `rear.admiral.${tag}@navy.example`],
    );
    // someone elsewhere with the same name: never listed here
    await db.query(`UPDATE "identity"."user" SET "first_name" = 'Grace', "last_name" = 'Hopper' WHERE "id" = $1`, [
      otherSeeded[0],
    ]);
  }, 120_000);
  afterAll(async () => {
    await db?.end();
    await stack?.close();
  });

  const list = async (query: Record<string, string | number> = {}) => {
    const res = await admin.agent.get('/api/users').query(query);
    expect(res.status).toBe(200);
    return {
      users: res.body as Listed[],
      next: res.headers['x-next-cursor'] as string | undefined,
      total: res.headers['x-total-count'] as string | undefined,
    };
  };

  it('answers the whole roster, by username, without parameters and without a cursor header', async () => {
    const { users, next } = await list();
    expect(users).toHaveLength(450);
    expect(next).toBeUndefined();
    const names = users.map((u) => u.username);
    expect(names).toEqual([...names].sort());
    expect(users.find((u) => u.id === admin.user.id)?.isAdmin).toBe(true);
  });

  it('pages through 450 members with limit 100: each exactly once, in order, and no one from elsewhere', async () => {
    const whole = (await list()).users.map((u) => u.id);
    const seen: string[] = [];
    let cursor: string | undefined;
    let pages = 0;
    do {
      const page = await list({ limit: 100, ...(cursor ? { cursor } : {}) });
      expect(page.users.length).toBeLessThanOrEqual(100);
      expect(page.total).toBe('450');
      seen.push(...page.users.map((u) => u.id));
      cursor = page.next;
      pages++;
    } while (cursor && pages < 10);
    expect(pages).toBe(5);
    expect(seen).toEqual(whole);
    expect(new Set(seen).size).toBe(450);
    expect(seen.filter((id) => otherSeeded.includes(id) || id === other.user.id)).toEqual([]);
  });

  it.each([
    ['a first name', 'grac'],
    ['a last name', 'Hopp'],
    ['the full name', 'grace h'],
    ['a handle, with or without @', '@amazing_g'],
    ['an email', 'REAR.ADMIRAL'],
  ])('finds a member by a prefix of %s, in any case', async (_what, q) => {
    const { users } = await list({ q, limit: 20 });
    expect(users.map((u) => u.id)).toEqual([grace]);
  });

  it("finds by an email's prefix for admins only: a member cannot probe colleagues' addresses", async () => {
    const res = await member.agent.get('/api/users').query({ q: 'REAR.ADMIRAL', limit: 20 });
    expect(res.status).toBe(200);
    expect(res.body).toEqual([]);
    const byName = await member.agent.get('/api/users').query({ q: 'grace h', limit: 20 });
    expect((byName.body as Listed[]).map((u) => u.id)).toEqual([grace]);
  });

  it('finds a prefix only, not text inside a name', async () => {
    expect((await list({ q: 'opper' })).users).toEqual([]);
  });

  it.each(['%', '_', '\\', "x' OR '1'='1", 'member%seeded', '%%%%'])(
    'takes %j as plain text, not a pattern',
    async (q) => {
      expect((await list({ q })).users).toEqual([]);
    },
  );

  it('pages the matches of a search with the same cursor', async () => {
    const first = await list({ q: 'member01', limit: 60 });
    expect(first.users).toHaveLength(60);
    const second = await list({ q: 'member01', limit: 60, cursor: first.next! });
    expect(second.users).toHaveLength(40);
    expect(second.next).toBeUndefined();
    expect(new Set([...first.users, ...second.users].map((u) => u.firstName)).size).toBe(100);
  });

  it('filters by status and by role', async () => {
    expect((await list({ status: 'busy' })).users.map((u) => u.id)).toEqual([grace]);
    expect((await list({ role: 'admin' })).users.map((u) => u.id)).toEqual([admin.user.id]);
    expect((await list({ role: 'member', limit: 200 })).users.some((u) => u.isAdmin)).toBe(false);
  });

  it("resolves ids: the members among them, another workspace's and unknown ones simply absent", async () => {
    const ids = [seeded[0]!, grace, otherSeeded[1]!, other.user.id, randomUUID()];
    const { users } = await list({ ids: ids.join(',') });
    expect(users.map((u) => u.id).sort()).toEqual([seeded[0]!, grace].sort());
  });

  it("puts a channel's members first for the mention picker", async () => {
    const channel = await admin.agent
      .post('/api/channels')
      .send({ name: `dir-${tag}`, participantIds: [member.user.id, seeded[300]!] });
    expect(channel.status).toBe(201);
    const inChannel = (await list({ ids: `${member.user.id},${seeded[300]!}` })).users.map((u) => u.id);
    const query = { q: 'member', channelId: channel.body.id as string };
    const { users } = await list({ ...query, limit: 5 });
    expect(users).toHaveLength(5);
    expect(users.slice(0, 2).map((u) => u.id)).toEqual(inChannel);
    // then everyone else from the start; a cursor from within the channel's members carries on from there
    expect(users[2]!.id).toBe(seeded[0]);
    const afterFirst = await list({ ...query, limit: 1 });
    const rest = await list({ ...query, limit: 5, cursor: afterFirst.next! });
    expect(rest.users.map((u) => u.id)).toEqual([...users.slice(1).map((u) => u.id), seeded[3]!]);
    // a channel of another workspace is not found
    const theirs = await other.agent.post('/api/channels').send({ name: `theirs-${tag}` });
    expect(theirs.status).toBe(201);
    const res = await admin.agent.get('/api/users').query({ channelId: theirs.body.id });
    expect(res.status).toBe(404);
  });

  it.each([
    [{ limit: '0' }, 'limit must be a whole number from 1 to 200'],
    [{ limit: '201' }, 'limit must be a whole number from 1 to 200'],
    [{ limit: '100000000' }, 'limit must be a whole number from 1 to 200'],
    [{ limit: 'ten' }, 'limit must be a whole number from 1 to 200'],
    [{ limit: '10', cursor: 'bm90LWEtY3Vyc29y' }, 'Invalid cursor'],
    [{ cursor: '../../etc' }, 'Invalid cursor'],
    [{ ids: 'not-a-uuid' }, 'ids must be up to 200 user ids, comma-separated'],
    [
      { ids: Array.from({ length: 201 }, () => randomUUID()).join(',') },
      'ids must be up to 200 user ids, comma-separated',
    ],
    [{ q: 'x'.repeat(101) }, 'Search text must be at most 100 characters'],
    [{ status: 'asleep' }, 'Invalid status'],
    [{ role: 'owner' }, 'role must be admin or member'],
    [{ channelId: 'general' }, 'channelId must be a channel id'],
  ])('refuses %j with 400 and a clear message', async (query, message) => {
    const res = await admin.agent.get('/api/users').query(query);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ error: message });
  });

  it("never lists another workspace's members, whatever the search", async () => {
    const { users } = await list({ q: 'grace' });
    expect(users.map((u) => u.id)).toEqual([grace]);
    const theirs = await other.agent.get('/api/users').query({ limit: 200 });
    expect((theirs.body as Listed[]).map((u) => u.id).sort()).toEqual([other.user.id, ...otherSeeded].sort());
  });
});
