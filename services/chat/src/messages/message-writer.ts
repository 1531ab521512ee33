import { randomUUID } from 'node:crypto';
import { Inject, Injectable, Optional } from '@nestjs/common';
import { messageInsertBatch } from '@teamchat/observability';
import { PreparedStatement, PreparedStatements } from '@teamchat/database';
import { MESSAGE_RETURNING, type MessageRow } from './message.mapper.js';

/** A new channel message as it is written (its id is chosen here, so a batch's rows can be told apart). */
export interface MessageInsert {
  workspaceId: string;
  channelId: string;
  userId: string;
  content: string | null;
  imageUrl: string | null;
  clientMsgId: string | null;
  fileUrl: string | null;
  fileName: string | null;
  fileSize: number | null;
  fileType: string | null;
}

export interface MessageWriterOptions {
  /** INSERT statements running at once; writes arriving meanwhile wait and go together in the next one. */
  maxInFlight: number;
  /** Rows per INSERT at most. */
  maxBatch: number;
}

export const MESSAGE_WRITER_OPTIONS = Symbol('MESSAGE_WRITER_OPTIONS');
export const MESSAGE_WRITER_DEFAULTS: MessageWriterOptions = { maxInFlight: 2, maxBatch: 200 };

/**
 * Every row of the arrays, in their order (the change clock stamps them in that order): one statement for one row or
 * two hundred, prepared once per connection. A row whose (user, clientMsgId) is already stored, by an earlier write
 * or an earlier row of the same batch, is skipped and not returned.
 */
const INSERT_ROWS = new PreparedStatement<MessageRow>(
  'chat.message.insert-rows',
  `INSERT INTO "chat"."message" ("id", "workspace_id", "channel_id", "user_id", "content", "image_url", "client_msg_id",
                                  "file_url", "file_name", "file_size", "file_type")
   SELECT r."id", r."workspace_id", r."channel_id", r."user_id", r."content", r."image_url", r."client_msg_id",
          r."file_url", r."file_name", r."file_size", r."file_type"
   FROM unnest($1::uuid[], $2::uuid[], $3::uuid[], $4::uuid[], $5::varchar[], $6::varchar[], $7::varchar[],
               $8::varchar[], $9::varchar[], $10::bigint[], $11::varchar[])
        WITH ORDINALITY AS r("id", "workspace_id", "channel_id", "user_id", "content", "image_url", "client_msg_id",
                             "file_url", "file_name", "file_size", "file_type", "n")
   ORDER BY r."n"
   ON CONFLICT ("user_id", "client_msg_id") WHERE "client_msg_id" IS NOT NULL DO NOTHING
   RETURNING ${MESSAGE_RETURNING}`,
);

interface Write {
  id: string;
  row: MessageInsert;
  resolve: (stored: MessageRow | null) => void;
  reject: (err: unknown) => void;
}

/**
 * Group commit for new channel messages. A write starts at once while fewer than `maxInFlight` INSERTs run; writes
 * that arrive while they run wait and then go together, as one statement and one commit. A quiet channel pays no
 * delay, and under load Postgres flushes its log once per batch instead of once per message — which also lets one
 * busy workspace go faster than one commit at a time, as its change clock row stays locked until each commit.
 *
 * A batch Postgres refuses as a whole (a channel deleted meanwhile, say) is written again row by row, so only the
 * offending message fails.
 */
@Injectable()
export class MessageWriter {
  private readonly options: MessageWriterOptions;
  private waiting: Write[] = [];
  private inFlight = 0;
  private scheduled = false;

  constructor(
    private readonly statements: PreparedStatements,
    @Optional() @Inject(MESSAGE_WRITER_OPTIONS) options?: Partial<MessageWriterOptions>,
  ) {
    this.options = { ...MESSAGE_WRITER_DEFAULTS, ...options };
  }

  /** Stores the message; `null` when its author already stored one under the same clientMsgId. */
  insert(row: MessageInsert): Promise<MessageRow | null> {
    return new Promise((resolve, reject) => {
      this.waiting.push({ id: randomUUID(), row, resolve, reject });
      this.schedule();
    });
  }

  /** Starts after the current turn of the event loop, so writes arriving together (one socket read) share a batch. */
  private schedule(): void {
    if (this.scheduled || this.inFlight >= this.options.maxInFlight) return;
    this.scheduled = true;
    setImmediate(() => {
      this.scheduled = false;
      this.drain();
    });
  }

  private drain(): void {
    while (this.inFlight < this.options.maxInFlight && this.waiting.length > 0) {
      const batch = this.waiting.splice(0, this.options.maxBatch);
      this.inFlight++;
      void this.write(batch).finally(() => {
        this.inFlight--;
        this.drain();
      });
    }
  }

  private async write(batch: Write[]): Promise<void> {
    let stored: MessageRow[];
    try {
      stored = await this.insertRows(batch);
    } catch (err) {
      if (batch.length === 1) return batch[0].reject(err);
      // one row spoilt the statement: each on its own, in order, so the others are stored and only that one fails
      for (const write of batch) await this.write([write]);
      return;
    }
    const byId = new Map(stored.map((row) => [row.id, row]));
    for (const write of batch) write.resolve(byId.get(write.id) ?? null);
  }

  private insertRows(batch: Write[]): Promise<MessageRow[]> {
    messageInsertBatch.observe(batch.length);
    const column = <K extends keyof MessageInsert>(key: K) => batch.map((w) => w.row[key]);
    return this.statements.rows(INSERT_ROWS, [
      batch.map((w) => w.id),
      column('workspaceId'),
      column('channelId'),
      column('userId'),
      column('content'),
      column('imageUrl'),
      column('clientMsgId'),
      column('fileUrl'),
      column('fileName'),
      column('fileSize'),
      column('fileType'),
    ]);
  }
}
