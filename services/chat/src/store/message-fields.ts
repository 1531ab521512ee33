import type { CreateMessage } from '@teamchat/contracts';

/**
 * The one table of a message's fields: column, Postgres type, and how the field reaches the API. The row type, the
 * selected columns, the insert's columns and casts and the plain part of the API mapping (message-mapping.ts) are
 * derived from it, so a new nullable field is one line here (plus its migration and its place in the contract).
 *
 * `api`:
 * - `'always'`: the field under its key, always (a date as an ISO string);
 * - `'when-set'`: the field under its key only when not null, so an ordinary message stays small on the wire;
 * - `'composed'`: shaped by toMessage together with other fields (`thread`, `file`, `deleted`, …);
 * - absent: not on the API.
 *
 * `insert`: `'service'` the message service fills it from what it checked; `'input'` it is taken as sent in the
 * create request under its key (CreateMessage), null when absent. `select: false` keeps a column out of the rows.
 *
 * The table itself (indexes, defaults, the generated `search_vector`) is made by the migrations; there is no entity.
 */
export const MESSAGE_FIELDS = {
  id: { column: 'id', pg: 'uuid', api: 'always', insert: 'service' },
  /** Copied from the channel so search and replay stay inside one workspace without a join on every row. */
  workspaceId: { column: 'workspace_id', pg: 'uuid', insert: 'service', select: false },
  channelId: { column: 'channel_id', pg: 'uuid', api: 'always', insert: 'service' },
  userId: { column: 'user_id', pg: 'uuid', api: 'always', insert: 'service' },
  content: { column: 'content', pg: 'varchar', nullable: true, api: 'composed', insert: 'service' },
  imageUrl: { column: 'image_url', pg: 'varchar', nullable: true, api: 'composed', insert: 'service' },
  clientMsgId: { column: 'client_msg_id', pg: 'varchar', nullable: true, api: 'when-set', insert: 'service' },
  /** Millisecond precision, so the `since` a client echoes back (a JS date) compares exactly. */
  createdAt: { column: 'created_at', pg: 'timestamptz', api: 'always' },
  /** Moves on every change members see; the replay cursor (see the message-depth and change-clock migrations). */
  updatedAt: { column: 'updated_at', pg: 'timestamptz', api: 'composed' },
  editedAt: { column: 'edited_at', pg: 'timestamptz', nullable: true, api: 'when-set' },
  /** A tombstone: no content nor attachment any more; shown only while it has thread replies. */
  deletedAt: { column: 'deleted_at', pg: 'timestamptz', nullable: true, api: 'composed' },
  /** The root message of the thread this reply belongs to (one level deep). */
  threadId: { column: 'thread_id', pg: 'uuid', nullable: true, api: 'composed' },
  /** A thread reply also shown in the channel ("Also send to channel"). */
  alsoInChannel: { column: 'also_in_channel', pg: 'boolean', api: 'composed' },
  replyCount: { column: 'reply_count', pg: 'integer', api: 'composed' },
  lastReplyAt: { column: 'last_reply_at', pg: 'timestamptz', nullable: true, api: 'composed' },
  /** Up to three of the latest distinct repliers, newest first. */
  replyUserIds: { column: 'reply_user_ids', pg: 'uuid[]', api: 'composed' },
  pinnedAt: { column: 'pinned_at', pg: 'timestamptz', nullable: true, api: 'composed' },
  pinnedBy: { column: 'pinned_by', pg: 'uuid', nullable: true, api: 'composed' },
  fileUrl: { column: 'file_url', pg: 'varchar', nullable: true, api: 'composed', insert: 'service' },
  fileName: { column: 'file_name', pg: 'varchar', nullable: true, api: 'composed', insert: 'service' },
  fileSize: { column: 'file_size', pg: 'bigint', nullable: true, api: 'composed', insert: 'service' },
  fileType: { column: 'file_type', pg: 'varchar', nullable: true, api: 'composed', insert: 'service' },
  /**
   * Set on what the server posts ("Ada joined": a system message, `kind: 'system'` on the API): what happened, as
   * SystemEventSchema's JSON text; null on members' messages.
   */
  systemEvent: { column: 'system_event', pg: 'varchar', nullable: true, api: 'composed', insert: 'service' },
} as const satisfies Record<string, FieldSpec>;

type PgType = 'uuid' | 'varchar' | 'boolean' | 'integer' | 'bigint' | 'timestamptz' | 'uuid[]';

interface FieldSpec {
  column: string;
  pg: PgType;
  nullable?: boolean;
  api?: 'always' | 'when-set' | 'composed';
  insert?: 'service' | 'input';
  select?: false;
}

/** What pg hands back for each type (bigint as a string, unless it fits a number). */
interface PgRead {
  uuid: string;
  varchar: string;
  boolean: boolean;
  integer: number;
  bigint: string | number;
  timestamptz: Date;
  'uuid[]': string[];
}
/** What a statement is given for each type. */
type PgWrite = Omit<PgRead, 'bigint'> & { bigint: number };

type Fields = typeof MESSAGE_FIELDS;
type FieldKey = keyof Fields;
type Nullable<F> = F extends { nullable: true } ? null : never;
type Selected = { [K in FieldKey]: Fields[K] extends { select: false } ? never : K }[FieldKey];
type Inserted = { [K in FieldKey]: Fields[K] extends { insert: string } ? K : never }[FieldKey];

/** A message row as the store's statements select it (`MESSAGE_COLUMNS`), by column name. */
export type MessageRow = {
  [K in Selected as Fields[K]['column']]: PgRead[Fields[K]['pg']] | Nullable<Fields[K]>;
};

type Written<K extends FieldKey> = PgWrite[Fields[K]['pg']] | Nullable<Fields[K]>;
type ByService = { [K in Inserted]: Fields[K] extends { insert: 'service' } ? K : never }[Inserted];

/** A new message as it is written, by field (its id is chosen by the writer; a request's fields may be left out). */
export type MessageInsert = { [K in Exclude<ByService, 'id'>]: Written<K> } & {
  [K in Exclude<Inserted, ByService>]?: Written<K>;
};

type FieldEntry = [FieldKey, FieldSpec];
const entries = Object.entries(MESSAGE_FIELDS) as FieldEntry[];

/** The fields written by an insert, `id` first, in table order. */
export const INSERTED_FIELDS = entries.filter(([, f]) => f.insert).map(([key]) => key as Inserted);
type ByInput = { [K in Inserted]: Fields[K] extends { insert: 'input' } ? K : never }[Inserted];
/** The fields a create request carries straight to the insert. */
export const INPUT_FIELDS = entries.filter(([, f]) => f.insert === 'input').map(([key]) => key as ByInput);
/** The fields the API shows under their own key (the rest toMessage composes). */
export const PLAIN_API_FIELDS = entries
  .filter(([, f]) => f.api === 'always' || f.api === 'when-set')
  .map(([key, f]) => ({ key, column: f.column as keyof MessageRow, always: f.api === 'always' }));

export const columnOf = (key: FieldKey): string => MESSAGE_FIELDS[key].column;
export const castOf = (key: FieldKey): PgType => MESSAGE_FIELDS[key].pg;

const selectedColumns = entries.filter(([, f]) => f.select !== false).map(([, f]) => f.column);

/** Every selected column, of a message aliased `m`. */
export const MESSAGE_COLUMNS = selectedColumns.map((c) => `m."${c}"`).join(', ');
/** The same columns unqualified, for `RETURNING`. */
export const MESSAGE_RETURNING = selectedColumns.map((c) => `"${c}"`).join(', ');

/** The insert values of a create request's `input` fields (null when the request left one out). */
export const inputValues = (input: Partial<CreateMessage>): Pick<MessageInsert, ByInput> =>
  Object.fromEntries(INPUT_FIELDS.map((key) => [key, (input as Record<string, unknown>)[key] ?? null])) as Pick<
    MessageInsert,
    ByInput
  >;
