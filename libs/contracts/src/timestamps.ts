// Times from outside that reach Postgres (page cursors, `before` bounds): JavaScript reads dates far older than a
// timestamptz holds, and zod's ISO timestamps spell instants Postgres holds in ways it cannot read (the year 0000,
// offsets beyond ±15:59). Each used to surface as a 500; a time that fails here is the caller's bad value.
import { z } from 'zod';

/** The first instant a timestamptz holds, 4714-11-24 BC at midnight UTC; its last (294276 AD) is past any JS date. */
const STORABLE_TIME_MIN = Date.UTC(-4713, 10, 24);
/** Postgres reads a UTC offset of at most 15:59 either way. */
const STORABLE_OFFSET_MAX_HOURS = 15;
const OFFSET_HOURS = /[+-](\d{2}):\d{2}$/;

/** Whether a timestamptz holds this instant; false for an invalid date. */
export const isStorableTime = (at: Date): boolean => at.getTime() >= STORABLE_TIME_MIN;

/** An ISO 8601 timestamp with `Z` or an offset, as Postgres reads it: from the year 0001, offsets up to ±15:59. */
export const storableTimestamp = (message?: string) =>
  z.iso
    // abort: a value that is no timestamp at all gets one issue, not a second from the refinement
    .datetime({ offset: true, abort: true, error: message })
    .refine(
      (iso) =>
        !iso.startsWith('0000') &&
        Number(OFFSET_HOURS.exec(iso)?.[1] ?? 0) <= STORABLE_OFFSET_MAX_HOURS &&
        isStorableTime(new Date(iso)),
      message,
    );
