import { randomUUID } from 'node:crypto';
import { Inject, Injectable, Optional } from '@nestjs/common';
import { messageInsertBatch } from '@teamchat/observability';
import type { MessageInsert, MessageRow } from '../store/message-fields.js';
import { MessageStore } from '../store/message.store.js';

export type { MessageInsert };

export interface MessageWriterOptions {
  /** INSERT statements running at once; writes arriving meanwhile wait and go together in the next one. */
  maxInFlight: number;
  /** Rows per INSERT at most. */
  maxBatch: number;
}

export const MESSAGE_WRITER_OPTIONS = Symbol('MESSAGE_WRITER_OPTIONS');
export const MESSAGE_WRITER_DEFAULTS: MessageWriterOptions = { maxInFlight: 2, maxBatch: 200 };

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
    private readonly store: MessageStore,
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
    return this.store.insertRows(batch.map((w) => ({ ...w.row, id: w.id })));
  }
}
