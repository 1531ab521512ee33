// The store of the design's floor (`--stored-floor`): what the product's chat service must do for a message at the
// least, and nothing more. It answers NATS requests (one queue group, as a service does) by inserting the message into
// `chat.message` of a database migrated by the chat service's own committed migrations (its indexes, triggers and
// constraints), one prepared INSERT with its commit per request, and replies with the stored frame. No Nest, no
// validation, no membership check, no spans or metrics. Run standalone:
// DATABASE_URL=... NATS_URL=... STORE_SUBJECT=... STORE_ROOMS=100 node store.mjs
import { fileURLToPath } from 'node:url';
import { connect } from '@nats-io/transport-node';
import pg from 'pg';
import { openDataSource } from '@teamchat/database';
import { chatMigrations } from '../../services/chat/dist/migrations/index.js';

const INSERT = {
  name: 'floor-store-insert',
  text: `INSERT INTO "chat"."message" ("id", "workspace_id", "channel_id", "user_id", "content", "image_url", "client_msg_id")
         VALUES ($1, $2, $3, $4, $5, $6, $7)
         ON CONFLICT ("user_id", "client_msg_id") WHERE "client_msg_id" IS NOT NULL DO NOTHING
         RETURNING "created_at"`,
};

/**
 * Migrates `databaseUrl` as the chat service does, makes one channel (of its own workspace) per room `room-0` …
 * `room-<rooms - 1>`, and answers `subject` until closed.
 */
export const startStore = async ({ databaseUrl, natsUrl, subject, rooms }) => {
  const ds = await openDataSource({
    schema: 'chat',
    url: databaseUrl,
    entities: [],
    migrations: chatMigrations,
    poolSize: 2, // the migration lock holds one connection while the migrations run on another
  });
  await ds.destroy();
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 5 });
  const channels = new Map();
  for (let i = 0; i < rooms; i++) {
    const workspaceId = crypto.randomUUID();
    const { rows } = await pool.query(
      `INSERT INTO "chat"."channel" ("workspace_id", "name") VALUES ($1, $2) RETURNING "id"`,
      [workspaceId, `room-${i}`],
    );
    channels.set(`room-${i}`, { workspaceId, channelId: rows[0].id });
  }
  const nc = await connect({ servers: natsUrl });
  const sub = nc.subscribe(subject, {
    queue: subject,
    callback: (err, msg) => {
      if (err) return;
      // a frame it cannot store (not JSON, a room it does not know) is refused like a failed INSERT, never a crash
      let frame;
      Promise.resolve()
        .then(() => {
          frame = JSON.parse(msg.string());
          const m = frame.message;
          const channel = channels.get(frame.room);
          return pool.query({
            ...INSERT,
            values: [m.id, channel.workspaceId, channel.channelId, m.userId, m.content, m.imageUrl, m.clientMsgId],
          });
        })
        .then(({ rows }) => {
          // a repeated clientMsgId stores nothing and is answered with the frame as sent
          if (rows[0]) frame.message.createdAt = rows[0].created_at.toISOString();
          msg.respond(JSON.stringify(frame));
        })
        .catch((e) => msg.respond(JSON.stringify({ type: 'error', message: String(e?.message ?? e) })));
    },
  });
  return {
    close: async () => {
      sub.unsubscribe();
      await nc.drain();
      await pool.end();
    },
  };
};

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const store = await startStore({
    databaseUrl: process.env.DATABASE_URL,
    natsUrl: process.env.NATS_URL ?? 'nats://127.0.0.1:4222',
    subject: process.env.STORE_SUBJECT,
    rooms: Number(process.env.STORE_ROOMS),
  });
  process.stdout.write('store ready\n');
  process.once('SIGTERM', () => void store.close().then(() => process.exit(0)));
}
