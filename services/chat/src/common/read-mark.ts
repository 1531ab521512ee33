/**
 * The moment a read mark takes for workspace `workspaceParam` (a statement parameter such as `:workspaceId::uuid`): every message
 * already stored is at or before it, every message stored later is after it. Messages take their `created_at` from
 * the workspace's change clock (migration 1736000000600): strictly later than its last change, and never earlier than
 * the wall clock truncated to the millisecond. `now()` alone was not a safe mark: rounded to the column's millisecond
 * it can land past a message stored just after it in the same millisecond (truncated there by the clock), and that
 * message never counted as unread.
 */
export const readMark = (workspaceParam: string) =>
  `greatest(date_trunc('milliseconds', now()) - interval '1 millisecond',
            (SELECT "last_change_at" FROM "chat"."workspace_clock" WHERE "workspace_id" = ${workspaceParam}))`;
