// Seeding for bench/search: people, workspaces, channels and DMs through the product's own HTTP API (so every id and
// row around the messages is what the product makes), then the messages straight into chat.message with batched
// INSERT … SELECT FROM unnest(…) — a million in minutes, where the API would take hours.
import pg from 'pg';
import { api } from '../http/servers.mjs';
import { messageStream } from './corpus.mjs';

const PASSWORD = 'benchmark-password';
const TEST_CARD = '4242 4242 4242 4242';

/** The big workspace's people, most active first (posting weight 1/(i+1)); the first listed is the admin. */
const ACME = {
  workspace: 'Acme Engineering',
  companySize: '6-15',
  people: [
    ['Dana', 'Whitfield'],
    ['Marcus', 'Chen'],
    ['Priya', 'Raman'],
    ['Tomás', 'Álvarez'],
    ['Grace', 'Okafor'],
    ['Liam', "O'Brien"],
    ['Yuki', 'Tanaka'],
    ['Sam', 'Novak'],
  ],
  channels: ['engineering', 'deploys', 'random'],
};
const GLOBEX = {
  workspace: 'Globex Support',
  companySize: '2-5',
  people: [
    ['Nora', 'Lindqvist'],
    ['Omar', 'Haddad'],
    ['Iris', 'Moreau'],
  ],
  channels: ['support'],
};

/** Share of the messages per channel; the DMs are Dana–Marcus, Dana–Priya and Marcus–Priya (not Dana's). */
const SHARES = {
  acme: { general: 0.33, engineering: 0.25, deploys: 0.2, random: 0.16 },
  acmeDms: [0.004, 0.003, 0.003],
  globex: { general: 0.03, support: 0.02 },
};

const seatsForCompanySize = (size) => (size === '2-5' ? 5 : size === '6-15' ? 10 : 30);

/** The signup payment with the local provider's test card, so the workspace has the seats its size asked for. */
const payForSeats = async (base, cookie, seats) => {
  const sub = await api(base, 'POST', '/api/create-signup-subscription', { cookie, body: { seats } });
  await api(base, 'POST', '/api/local-payments/confirm', {
    cookie,
    body: { clientSecret: sub.body.clientSecret, cardNumber: TEST_CARD },
  });
  for (let attempt = 0; attempt < 50; attempt++) {
    if ((await api(base, 'POST', '/api/verify-payment-status', { cookie, body: {} })).body?.paymentCompleted) return;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error('the signup payment did not complete in 10 s');
};


const signUpWorkspace = async (base, spec, run) => {
  const email = (first) =>
    `bench.search.${first
      .normalize('NFKD')
      .replace(/[^A-Za-z]/g, '')
      .toLowerCase()}.${run}@example.com`;
  const [[firstName, lastName], ...colleagues] = spec.people;
  const admin = await api(base, 'POST', '/api/register', {
    body: { firstName, lastName, email: email(firstName), password: PASSWORD, companySize: spec.companySize },
  });
  await payForSeats(base, admin.cookie, seatsForCompanySize(spec.companySize));
  await api(base, 'POST', '/api/workspaces', { cookie: admin.cookie, body: { name: spec.workspace } });
  for (const name of spec.channels)
    await api(base, 'POST', '/api/channels', { cookie: admin.cookie, body: { name, description: 'bench/search' } });
  const channels = (await api(base, 'GET', '/api/channels', { cookie: admin.cookie })).body;
  const people = [{ ...admin.body, cookie: admin.cookie }];
  for (const [first, last] of colleagues) {
    const invite = await api(base, 'POST', '/api/invites', { cookie: admin.cookie, body: {} });
    const joined = await api(base, 'POST', `/api/invites/${invite.body.token}/accept`, {
      body: { firstName: first, lastName: last, email: email(first), password: PASSWORD },
    });
    people.push({ ...joined.body, cookie: joined.cookie });
  }
  const me = (await api(base, 'GET', '/api/auth/user', { cookie: admin.cookie })).body;
  return { workspaceId: me.workspaceId, people, channels };
};

/** The membership mode's defaults (issue 62): the searcher is a member of 50 of the big workspace's 5,000 channels. */
export const MEMBERSHIP = {
  /** Regular channels of the big workspace in all, its four named ones included. */
  channels: 5000,
  /** Of them, the searcher's (the four named ones included): the sidebar's. */
  memberOf: 50,
  /** Share of the channels beyond the four named ones that are private. */
  privateShare: 0.5,
  /** Share of the messages spread over those channels (the rest as without the mode). */
  messageShare: 0.5,
};

/** Runs `fn` over `items`, `size` at a time. */
const inBatches = async (items, size, fn) => {
  const out = [];
  for (let i = 0; i < items.length; i += size) out.push(...(await Promise.all(items.slice(i, i + size).map(fn))));
  return out;
};

/**
 * The membership mode's channels, through the API: `channels − 4` more in the big workspace, `privateShare` of them
 * private. The searcher creates the ones they belong to (`memberOf − 4`, half private, with Marcus), Marcus the others
 * (the private ones with Priya): public channels the searcher may read without being in them, and private ones they
 * may not read at all. Resolves with each channel, its visibility, whether the searcher is in it, and who posts there.
 */
const seedMembershipChannels = async (base, acme, m) => {
  const [dana, marcus, priya] = acme.people;
  const extra = Math.max(0, m.channels - acme.channels.length);
  const privates = Math.round(extra * m.privateShare);
  const mine = Math.min(extra, Math.max(0, m.memberOf - acme.channels.length));
  const minePrivate = Math.min(privates, Math.floor(mine / 2));
  const specs = Array.from({ length: extra }, (_, i) => {
    // the searcher's channels first (their private ones, then public ones), then everyone else's
    const isMine = i < mine;
    const isPrivate = isMine ? i < minePrivate : i - mine < privates - minePrivate;
    const n = String(i + 1).padStart(4, '0');
    return { name: `${isPrivate ? 'private' : 'team'}-${n}`, isMine, isPrivate };
  });
  return inBatches(specs, 4, async (spec) => {
    const [creator, colleague] = spec.isMine ? [dana, marcus] : [marcus, priya];
    const channel = (
      await api(base, 'POST', '/api/channels', {
        cookie: creator.cookie,
        body: {
          name: spec.name,
          description: 'bench/search membership',
          visibility: spec.isPrivate ? 'private' : 'public',
          ...(spec.isPrivate ? { participantIds: [colleague.id] } : {}),
        },
      })
    ).body;
    return { ...spec, channel, posters: spec.isPrivate ? [creator, colleague] : [creator, colleague, acme.people[3]] };
  });
};

/**
 * Signs up both workspaces through the API and opens the DMs. Resolves with the searcher (Dana, admin of the big
 * workspace, signed in), the names the queries use, and the slots messages are spread over. With `membership`
 * (`MEMBERSHIP`'s fields), the big workspace gets its many channels too (`seedMembershipChannels`).
 */
export const seedPeople = async (base, { membership = null } = {}) => {
  const run = Date.now().toString(36);
  const acme = await signUpWorkspace(base, ACME, run);
  const globex = await signUpWorkspace(base, GLOBEX, run);
  const [dana, marcus, priya] = acme.people;
  const dms = [];
  for (const [a, b] of [
    [dana, marcus],
    [dana, priya],
    [marcus, priya],
  ]) {
    const dm = (await api(base, 'POST', '/api/dm', { cookie: a.cookie, body: { userId2: b.id } })).body;
    dms.push({ channel: dm, people: [a, b] });
  }
  const posters = (people) => people.map((p, i) => ({ id: p.id, weight: 1 / (i + 1) }));
  const channelOf = (ws, name) => {
    const channel = ws.channels.find((c) => c.name === name);
    if (!channel) throw new Error(`no channel #${name} in ${JSON.stringify(ws.channels.map((c) => c.name))}`);
    return channel;
  };
  const many = membership ? await seedMembershipChannels(base, acme, membership) : [];
  // without the mode, every share as it was; with it, `messageShare` of the messages spread evenly over the many
  const rest = many.length ? 1 - membership.messageShare : 1;
  const slots = [
    ...Object.entries(SHARES.acme).map(([name, weight]) => ({
      name: `#${name}`,
      workspaceId: acme.workspaceId,
      channelId: channelOf(acme, name).id,
      users: posters(acme.people),
      weight: weight * rest,
    })),
    ...dms.map((dm, i) => ({
      name: `DM ${dm.people.map((p) => p.username).join('–')}`,
      workspaceId: acme.workspaceId,
      channelId: dm.channel.id,
      users: posters(dm.people),
      weight: SHARES.acmeDms[i] * rest,
    })),
    ...Object.entries(SHARES.globex).map(([name, weight]) => ({
      name: `#${name} (second workspace)`,
      workspaceId: globex.workspaceId,
      channelId: channelOf(globex, name).id,
      users: posters(globex.people),
      weight: weight * rest,
    })),
    ...many.map((c) => ({
      name: `#${c.channel.name}`,
      workspaceId: acme.workspaceId,
      channelId: c.channel.id,
      users: posters(c.posters),
      weight: membership.messageShare / many.length,
    })),
  ];
  // what the searcher may read: every public channel of the big workspace, its private ones they are in
  const readableChannels = [
    ...acme.channels.filter((c) => c.type !== 'direct'),
    ...many.filter((c) => !c.isPrivate || c.isMine).map((c) => c.channel),
  ];
  const sidebar = many.length ? (await api(base, 'GET', '/api/channels', { cookie: dana.cookie })).body : null;
  return {
    cookie: dana.cookie,
    searcher: dana.username,
    /** What the searcher may read (the big workspace's channels and Dana's two DMs), for the ILIKE baselines. */
    readable: [
      ...readableChannels.map((c) => ({ id: c.id, name: c.name })),
      ...dms
        .filter((dm) => dm.people.includes(dana))
        .map((dm) => ({ id: dm.channel.id, name: null, partner: dm.people.find((p) => p !== dana).id })),
    ],
    people: acme.people.map((p) => ({ id: p.id, username: p.username })),
    workspaceId: acme.workspaceId,
    otherWorkspaceId: globex.workspaceId,
    usernames: acme.people.map((p) => p.username),
    channels: acme.channels.filter((c) => c.type !== 'direct').map((c) => c.name),
    slots,
    /** The membership mode's figures, or null without it. */
    membership: many.length
      ? {
          channels: acme.channels.length + many.length,
          private: many.filter((c) => c.isPrivate).length,
          /** The searcher's channels, as their sidebar lists them (DMs apart). */
          memberOf: sidebar.filter((c) => c.type !== 'direct').length,
          readable: readableChannels.length,
          /** A private channel the searcher is in, and one they are not in (for `in:` queries). */
          minePrivate: many.find((c) => c.isPrivate && c.isMine)?.channel.name ?? null,
          othersPrivate: many.find((c) => c.isPrivate && !c.isMine)?.channel.name ?? null,
          /** Private channels the searcher is not in ({ id, name }): what no search of theirs may return. */
          hidden: many.filter((c) => c.isPrivate && !c.isMine).map((c) => ({ id: c.channel.id, name: c.channel.name })),
        }
      : null,
  };
};

/** Indexes of chat.message that no constraint owns, with their DDL as the migrations made them; GIN (the slow) first. */
const messageIndexes = async (client) =>
  (
    await client.query(
      `SELECT i.indexname AS name, i.indexdef AS ddl
       FROM pg_indexes i
       CROSS JOIN LATERAL (SELECT format('%I.%I', i.schemaname, i.indexname)::regclass AS oid) x
       WHERE i.schemaname = 'chat' AND i.tablename = 'message'
         AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conindid = x.oid)
       ORDER BY i.indexdef ILIKE '% USING gin %' DESC, i.indexname`,
    )
  ).rows;

const INSERT = `INSERT INTO "chat"."message"
    ("workspace_id", "channel_id", "user_id", "content", "image_url", "created_at")
  SELECT * FROM unnest($1::uuid[], $2::uuid[], $3::uuid[], $4::text[], $5::text[], $6::timestamptz[])`;

/**
 * Inserts `count` messages over `slots`, created over the year before `end`: drops chat.message's secondary indexes,
 * inserts in batches on `concurrency` connections, builds the indexes again from their own definitions (a bulk build,
 * as a bulk load does), then VACUUM (ANALYZE) so the planner has statistics and autovacuum does not start in the middle
 * of the measurements. Resolves with the timings.
 */
export const bulkLoadMessages = async ({
  databaseUrl,
  slots,
  count,
  end = Date.now(),
  spanMs = 365 * 24 * 3600 * 1000,
  batch = 10000,
  concurrency = 2,
  log = () => undefined,
}) => {
  const connect = async () => {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    // for the index builds; a session setting of the bench's own connections, not the product's
    await client.query(`SET maintenance_work_mem = '512MB'`);
    // a bulk load, as an import would run it: the message change clock's trigger (one locked clock row per workspace,
    // made for live changes) is skipped, so the rows keep their column defaults
    await client.query(`SET session_replication_role = replica`);
    return client;
  };
  const clients = await Promise.all(Array.from({ length: Math.max(1, concurrency) }, connect));
  const [admin] = clients;
  try {
    const t0 = performance.now();
    const indexes = await messageIndexes(admin);
    for (const index of indexes) await admin.query(`DROP INDEX "chat"."${index.name}"`);
    const start = end - spanMs;
    const stream = messageStream({ count, slots, start, spanMs });
    let inserted = 0;
    let nextLog = 0;
    const nextBatch = () => {
      const cols = [[], [], [], [], [], []];
      while (cols[0].length < batch) {
        const m = stream.next();
        if (!m) break;
        cols[0].push(m.workspaceId);
        cols[1].push(m.channelId);
        cols[2].push(m.userId);
        cols[3].push(m.content);
        cols[4].push(m.imageUrl);
        cols[5].push(m.createdAt.toISOString());
      }
      return cols[0].length ? cols : null;
    };
    await Promise.all(
      clients.map(async (client) => {
        for (let cols = nextBatch(); cols; cols = nextBatch()) {
          await client.query(INSERT, cols);
          inserted += cols[0].length;
          if (inserted >= nextLog) {
            log(`search: ${inserted.toLocaleString('en')} of ${count.toLocaleString('en')} messages inserted`);
            nextLog += Math.max(batch, Math.floor(count / 10));
          }
        }
      }),
    );
    const t1 = performance.now();
    // two at a time, the GIN indexes first: each build is single-threaded
    const pending = [...indexes];
    await Promise.all(
      clients.map(async (client) => {
        for (let index = pending.shift(); index; index = pending.shift()) {
          const b0 = performance.now();
          await client.query(index.ddl);
          log(`search: built ${index.name} in ${((performance.now() - b0) / 1000).toFixed(1)} s`);
        }
      }),
    );
    const t2 = performance.now();
    await admin.query('VACUUM (ANALYZE) "chat"."message"');
    const t3 = performance.now();
    const sizes = (
      await admin.query(
        `SELECT pg_size_pretty(pg_table_size('"chat"."message"')) AS "table",
                pg_size_pretty(pg_indexes_size('"chat"."message"')) AS indexes`,
      )
    ).rows[0];
    const perWorkspace = (
      await admin.query(`SELECT "workspace_id" AS id, count(*)::int AS n FROM "chat"."message" GROUP BY 1`)
    ).rows;
    return {
      rows: perWorkspace.reduce((s, r) => s + r.n, 0),
      perWorkspace: Object.fromEntries(perWorkspace.map((r) => [r.id, r.n])),
      insertS: (t1 - t0) / 1000,
      indexS: (t2 - t1) / 1000,
      analyzeS: (t3 - t2) / 1000,
      indexes: indexes.map((i) => i.name),
      tableSize: sizes.table,
      indexesSize: sizes.indexes,
      start: new Date(start),
      end: new Date(end),
    };
  } finally {
    await Promise.all(clients.map((c) => c.end()));
  }
};
