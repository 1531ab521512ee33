// The answers of keyed requests (Idempotency-Key), kept in the handling service's own schema for a day.
import { createHash } from 'node:crypto';
import { Inject, Injectable, Logger, Optional } from '@nestjs/common';
import { getDataSourceToken } from '@nestjs/typeorm';
import type { DataSource, MigrationInterface, QueryRunner } from 'typeorm';
import { ErrorCodes, type DomainErrorPayload } from '@teamchat/contracts';
import type { IdempotencyLedger, KeyedRequest } from '@teamchat/bus';

/** How long an answer is kept: a client retries within minutes; a day covers a laptop waking up the next morning. */
export const IDEMPOTENCY_KEY_TTL_MS = 24 * 60 * 60 * 1000;
/** How often expired answers are swept (by whichever keyed request comes after the period). */
const SWEEP_EVERY_MS = 60 * 60 * 1000;

export const IDEMPOTENCY_CLOCK = Symbol('IDEMPOTENCY_CLOCK');
export const IDEMPOTENCY_IN_PROGRESS_MESSAGE =
  'A request with this Idempotency-Key is still being handled. Try again in a moment.';
export const IDEMPOTENCY_KEY_REUSED_MESSAGE = 'This Idempotency-Key was already used for a different request.';

const refusal = (code: DomainErrorPayload['code'], message: string): DomainErrorPayload => ({ code, message });

interface KeptAnswer {
  request_hash: string;
  done: boolean;
  response: { value?: unknown } | null;
}

/**
 * The service's {@link IdempotencyLedger}. A keyed request first claims its row (caller, subject, key); the claim's
 * winner runs the handler and writes its answer, a failure removes the row (nothing was done, so a retry runs again).
 * A repeat finds the row: the kept answer, or 409 while the first is still running (the caller timed out and retried),
 * or 422 when the key came with another request. The caller is the actor's user, so one user's key never answers
 * another's request.
 *
 * The claim and the answer are two statements around the handler's own transaction: should the process die between
 * the handler's commit and the answer's write, the key answers 409 until it expires — never the work done twice.
 */
@Injectable()
export class PostgresIdempotencyLedger implements IdempotencyLedger {
  private readonly logger = new Logger('IdempotencyLedger');
  private readonly table: string;
  private lastSweep: number;

  constructor(
    @Inject(getDataSourceToken()) private readonly ds: DataSource,
    @Optional() @Inject(IDEMPOTENCY_CLOCK) private readonly now: () => number = Date.now,
  ) {
    this.table = `"${(ds.options as { schema?: string }).schema ?? 'public'}"."idempotency_key"`;
    this.lastSweep = this.now();
  }

  async once({ subject, key, data }: KeyedRequest, handle: () => Promise<unknown>): Promise<unknown> {
    const caller = callerOf(data);
    const hash = createHash('sha256')
      .update(JSON.stringify(data ?? null))
      .digest('hex');
    this.sweepWhenDue();
    // a claim that lost to a failing first call (its row removed meanwhile) claims again
    for (let attempt = 0; attempt < 3; attempt++) {
      const claimed = (await this.ds.query(
        `INSERT INTO ${this.table} ("caller", "subject", "key", "request_hash", "created_at")
         VALUES ($1, $2, $3, $4, $5)
         ON CONFLICT ("caller", "subject", "key") DO UPDATE
           SET "request_hash" = EXCLUDED."request_hash", "done" = false, "response" = NULL,
               "created_at" = EXCLUDED."created_at"
           WHERE ${this.table}."created_at" < $6
         RETURNING 1`,
        [caller, subject, key, hash, new Date(this.now()), new Date(this.now() - IDEMPOTENCY_KEY_TTL_MS)],
      )) as unknown[];
      if (claimed.length > 0) return this.runFirst(caller, subject, key, handle);
      const [kept] = (await this.ds.query(
        `SELECT "request_hash", "done", "response" FROM ${this.table}
         WHERE "caller" = $1 AND "subject" = $2 AND "key" = $3`,
        [caller, subject, key],
      )) as KeptAnswer[];
      if (!kept) continue;
      if (kept.request_hash !== hash) throw refusal(ErrorCodes.idempotencyKeyReused, IDEMPOTENCY_KEY_REUSED_MESSAGE);
      if (!kept.done) throw refusal(ErrorCodes.idempotencyInProgress, IDEMPOTENCY_IN_PROGRESS_MESSAGE);
      return kept.response?.value;
    }
    throw refusal(ErrorCodes.idempotencyInProgress, IDEMPOTENCY_IN_PROGRESS_MESSAGE);
  }

  private async runFirst(caller: string, subject: string, key: string, handle: () => Promise<unknown>) {
    const where = `"caller" = $1 AND "subject" = $2 AND "key" = $3`;
    let value: unknown;
    try {
      value = await handle();
    } catch (err) {
      await this.ds.query(`DELETE FROM ${this.table} WHERE ${where}`, [caller, subject, key]);
      throw err;
    }
    // wrapped, so an answer of `undefined` (a 204) is told apart from one not written yet
    await this.ds.query(`UPDATE ${this.table} SET "done" = true, "response" = $4 WHERE ${where}`, [
      caller,
      subject,
      key,
      JSON.stringify(value === undefined ? {} : { value }),
    ]);
    return value;
  }

  private sweepWhenDue(): void {
    const now = this.now();
    if (now - this.lastSweep < SWEEP_EVERY_MS) return;
    this.lastSweep = now;
    this.ds
      .query(`DELETE FROM ${this.table} WHERE "created_at" < $1`, [new Date(now - IDEMPOTENCY_KEY_TTL_MS)])
      .catch((err: unknown) => this.logger.warn(`sweeping expired idempotency keys failed: ${String(err)}`));
  }
}

/** The actor's user of a request (every member-facing contract carries `actor`); public requests share ''. */
const callerOf = (data: unknown): string => {
  const actor = (data as { actor?: { userId?: unknown } } | null)?.actor;
  return typeof actor?.userId === 'string' ? actor.userId : '';
};

/** The migration creating a service's `idempotency_key` table; `defineService` adds it to every service's list. */
export const idempotencyKeysMigration = (schema: string) =>
  class IdempotencyKeys1750000000000 implements MigrationInterface {
    async up(q: QueryRunner): Promise<void> {
      await q.query(`CREATE TABLE "${schema}"."idempotency_key" (
        "caller" varchar(64) NOT NULL,
        "subject" varchar(200) NOT NULL,
        "key" varchar(255) NOT NULL,
        "request_hash" char(64) NOT NULL,
        "done" boolean NOT NULL DEFAULT false,
        "response" jsonb,
        "created_at" timestamptz NOT NULL,
        CONSTRAINT "PK_IDEMPOTENCY_KEY" PRIMARY KEY ("caller", "subject", "key")
      )`);
      await q.query(`CREATE INDEX "IDX_IDEMPOTENCY_KEY_CREATED" ON "${schema}"."idempotency_key" ("created_at")`);
    }

    async down(q: QueryRunner): Promise<void> {
      await q.query(`DROP TABLE "${schema}"."idempotency_key"`);
    }
  };
