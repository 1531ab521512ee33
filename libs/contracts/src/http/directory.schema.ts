// The members directory: `GET /api/users` with optional paging, prefix search and filters (issue 68). Without any of
// them it answers the whole roster, as spec 1 describes it.
import { z } from 'zod';
import { PublicUserSchema, USER_STATUSES } from './accounts.schema.js';
import { WORKSPACE_ROLES } from './workspace.schema.js';

export const DIRECTORY_LIMIT_MAX = 200;
export const DIRECTORY_IDS_MAX = 200;
export const DIRECTORY_Q_MAX = 100;
/** The response header carrying the cursor of the next page (absent on the last page, and without `limit`). */
export const DIRECTORY_CURSOR_HEADER = 'X-Next-Cursor';
/** The response header counting every member the filters select, over all pages (absent with `q` or `status`). */
export const DIRECTORY_TOTAL_HEADER = 'X-Total-Count';

export const DIRECTORY_LIMIT_INVALID = `limit must be a whole number from 1 to ${DIRECTORY_LIMIT_MAX}`;
export const DIRECTORY_CURSOR_INVALID = 'Invalid cursor';
export const DIRECTORY_Q_TOO_LONG = `Search text must be at most ${DIRECTORY_Q_MAX} characters`;
export const DIRECTORY_IDS_INVALID = `ids must be up to ${DIRECTORY_IDS_MAX} user ids, comma-separated`;
export const DIRECTORY_STATUS_INVALID = 'Invalid status';
export const DIRECTORY_ROLE_INVALID = 'role must be admin or member';
export const DIRECTORY_CHANNEL_INVALID = 'channelId must be a channel id';

const CursorSchema = z
  .string({ error: DIRECTORY_CURSOR_INVALID })
  .max(300, DIRECTORY_CURSOR_INVALID)
  .regex(/^[\w-]+$/, DIRECTORY_CURSOR_INVALID);

const LimitSchema = z
  .number({ error: DIRECTORY_LIMIT_INVALID })
  .int(DIRECTORY_LIMIT_INVALID)
  .min(1, DIRECTORY_LIMIT_INVALID)
  .max(DIRECTORY_LIMIT_MAX, DIRECTORY_LIMIT_INVALID);

/** What the directory's service takes (the query string's values, parsed). */
export const DirectoryQueryShape = {
  limit: LimitSchema.optional(),
  /** From the previous page's `X-Next-Cursor` header, with the same q, filters and channelId. */
  cursor: CursorSchema.optional(),
  /** Prefix of a first or last name, full name, username, handle or email; any case; taken as plain text. */
  q: z.string({ error: DIRECTORY_Q_TOO_LONG }).max(DIRECTORY_Q_MAX, DIRECTORY_Q_TOO_LONG).optional(),
  status: z.enum(USER_STATUSES, { error: DIRECTORY_STATUS_INVALID }).optional(),
  role: z.enum(WORKSPACE_ROLES, { error: DIRECTORY_ROLE_INVALID }).optional(),
  /** Only these users (the members among them; anyone else is simply absent). */
  ids: z.array(z.uuid(DIRECTORY_IDS_INVALID)).max(DIRECTORY_IDS_MAX, DIRECTORY_IDS_INVALID).optional(),
  /** The members of this channel first (a channel the caller may not read answers 404). */
  channelId: z.uuid(DIRECTORY_CHANNEL_INVALID).optional(),
};
export const DirectoryQuerySchema = z.object(DirectoryQueryShape);
export type DirectoryQuery = z.infer<typeof DirectoryQuerySchema>;

/** The query string of `GET /api/users`: `ids` comma-separated, `limit` a number in text. */
export const ListUsersQuerySchema = z.object({
  ...DirectoryQueryShape,
  limit: z
    .string({ error: DIRECTORY_LIMIT_INVALID })
    .regex(/^\d{1,6}$/, DIRECTORY_LIMIT_INVALID)
    .transform(Number)
    .pipe(LimitSchema)
    .optional(),
  q: z
    .string({ error: DIRECTORY_Q_TOO_LONG })
    .max(DIRECTORY_Q_MAX, DIRECTORY_Q_TOO_LONG)
    .transform((q) => q.trim())
    .optional(),
  ids: z
    .string({ error: DIRECTORY_IDS_INVALID })
    .max(DIRECTORY_IDS_MAX * 37 + 10, DIRECTORY_IDS_INVALID)
    .transform((ids) => ids.split(',').filter((id) => id !== ''))
    .pipe(z.array(z.uuid(DIRECTORY_IDS_INVALID)).max(DIRECTORY_IDS_MAX, DIRECTORY_IDS_INVALID))
    .optional(),
});
export type ListUsersQuery = z.input<typeof ListUsersQuerySchema>;

/**
 * One page of the directory; `nextCursor` asks for the next (null on the last page, and without `limit`); `total`
 * counts the members selected over all pages, when that is known without a search (null with `q` or `status`).
 */
export const DirectoryPageSchema = z.object({
  users: z.array(PublicUserSchema),
  nextCursor: z.string().nullable(),
  total: z.number().int().nullable(),
});
export type DirectoryPage = z.infer<typeof DirectoryPageSchema>;
