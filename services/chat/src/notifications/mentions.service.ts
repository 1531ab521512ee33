import { Injectable } from '@nestjs/common';
import { WorkspaceMembership } from '@teamchat/service-kit';
import { UNREAD_COUNT_CAP, type Actor, type MentionItem, type MentionsPage } from '@teamchat/contracts';
import { PreparedStatement, PreparedStatements } from '@teamchat/database';
import { readMark } from '../common/read-mark.js';
import { UNKNOWN_AUTHOR, UserDirectory } from '../common/user-directory.service.js';

export const MENTIONS_PAGE = 30;
/** Reactions count for the messages of the last 90 days (bounds the scan of a prolific author's messages). */
const REACTIONS_DAYS = 90;

/** A page row: its entry (all null when the page is empty) and the unread count of the whole view. */
type PageRow = { unread: number; read_at: Date | null } & (MentionRow | { [K in keyof MentionRow]: null });

interface MentionRow {
  kind: MentionItem['kind'];
  at: Date;
  message_id: string;
  channel_id: string;
  channel_name: string;
  channel_type: 'regular' | 'direct';
  participant_ids: string[] | null;
  user_id: string;
  content: string | null;
  reaction_id: string | null;
}

/**
 * `$1` workspace, `$2` user, `$3` ILIKE patterns (`%@name%`: the trigram index finds the candidates), `$4` the
 * regular expression naming the user, `$5` the one naming the channel, `$6` before (or null), `$7` limit.
 */
const ENTRIES = `
  WITH readable AS (
    SELECT c."id", c."name", c."type", c."participant_ids" FROM "chat"."channel" c
     WHERE c."workspace_id" = $1 AND (c."type" = 'regular' OR $2 = ANY(c."participant_ids"))
  ), entries AS (
    SELECT CASE WHEN m."content" ~* $4 THEN 'mention' ELSE 'channel' END AS kind, m."created_at" AS at,
           m."id" AS message_id, m."channel_id", m."user_id", m."content", NULL::varchar AS reaction_id
      FROM "chat"."message" m
     WHERE m."workspace_id" = $1 AND m."channel_id" IN (SELECT "id" FROM readable) AND m."user_id" <> $2
       AND m."deleted_at" IS NULL AND m."content" ILIKE ANY($3::text[]) AND (m."content" ~* $4 OR m."content" ~* $5)
    UNION ALL
    SELECT 'reaction', r."created_at", m."id", m."channel_id", r."user_id", m."content", r."reaction_id"
      FROM "chat"."message" m JOIN "chat"."message_reaction" r ON r."message_id" = m."id"
     WHERE m."user_id" = $2 AND m."workspace_id" = $1 AND m."deleted_at" IS NULL AND r."user_id" <> $2
       AND m."created_at" > now() - interval '${REACTIONS_DAYS} days'
       AND m."channel_id" IN (SELECT "id" FROM readable)
  )`;

/**
 * One page (`$6` before, `$7` rows) and, computed over the same entries, how many came after the last visit: one row
 * per entry of the page, each carrying the count, or a single row with no entry when the page is empty.
 */
const PAGE = new PreparedStatement<PageRow>(
  'chat.mentions.page',
  `${ENTRIES}, summary AS (
     SELECT (SELECT p."mentions_read_at" FROM "chat"."notification_pref" p
              WHERE p."user_id" = $2 AND p."workspace_id" = $1) AS read_at
   ), counted AS (
     SELECT (SELECT count(*)::int FROM (SELECT 1 FROM entries, summary
                                         WHERE summary.read_at IS NULL OR entries."at" > summary.read_at
                                         LIMIT ${UNREAD_COUNT_CAP}) u) AS unread,
            (SELECT read_at FROM summary) AS read_at
   ), page AS (
     SELECT e.*, c."name" AS channel_name, c."type" AS channel_type, c."participant_ids"
       FROM entries e JOIN readable c ON c."id" = e."channel_id"
      WHERE $6::timestamptz IS NULL OR e."at" < $6::timestamptz
      ORDER BY e."at" DESC, e."message_id" DESC
      LIMIT $7
   )
   SELECT counted."unread", counted."read_at", page.* FROM counted LEFT JOIN page ON true
   ORDER BY page."at" DESC, page."message_id" DESC`,
);

const MARK_READ = new PreparedStatement<{ mentions_read_at: Date }>(
  'chat.mentions.mark-read',
  // every mention and reaction stored so far is read, none stored later (reactions take now(), past the mark)
  `INSERT INTO "chat"."notification_pref" ("user_id", "workspace_id", "mentions_read_at")
   VALUES ($1, $2, ${readMark('$2')})
   ON CONFLICT ("user_id", "workspace_id") DO UPDATE SET "mentions_read_at" = EXCLUDED."mentions_read_at"
   RETURNING "mentions_read_at"`,
);

const escapeRegex = (s: string): string => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const escapeLike = (s: string): string => s.replace(/[\\%_]/g, '\\$&');
/** `@name` as a whole word: not inside an e-mail address or a longer name. */
const naming = (names: string[]): string =>
  `(^|[^[:alnum:]_@.])@(${names.map(escapeRegex).join('|')})($|[^[:alnum:]_-])`;

/**
 * The Mentions view (issue 19): messages that name the member (`@username`, `@handle`) or the whole channel
 * (`@channel`, `@everyone`; `@here` reaches only those online when it is sent, so it is not kept here), and reactions
 * others gave to the member's messages, newest first, in the channels the member may read.
 */
@Injectable()
export class MentionsService {
  constructor(
    private readonly workspace: WorkspaceMembership,
    private readonly statements: PreparedStatements,
    private readonly directory: UserDirectory,
  ) {}

  async list(actor: Actor, before?: string): Promise<MentionsPage> {
    const { workspaceId, userId } = await this.workspace.member(actor);
    const me = (await this.directory.authors([userId])).get(userId);
    const names = [me?.username, me?.handle].filter((n): n is string => !!n).map((n) => n.toLowerCase());
    const patterns = [...names, 'channel', 'everyone'].map((n) => `%@${escapeLike(n)}%`);
    const args = [workspaceId, userId, patterns, naming(names), naming(['channel', 'everyone'])];
    const rows = await this.statements.rows(PAGE, [...args, before ?? null, MENTIONS_PAGE + 1]);
    const state = rows[0];
    const entries = rows.filter((r): r is PageRow & MentionRow => r.message_id !== null);
    const page = entries.slice(0, MENTIONS_PAGE);
    const people = await this.directory.authors(page.flatMap((r) => [r.user_id, ...(r.participant_ids ?? [])]));
    const nameOf = (id: string) => (people.get(id) ?? UNKNOWN_AUTHOR).username;
    const readAt = state?.read_at?.getTime() ?? -Infinity;
    return {
      items: page.map((r) => ({
        kind: r.kind,
        at: r.at.toISOString(),
        messageId: r.message_id,
        channelId: r.channel_id,
        channelName:
          r.channel_type === 'direct'
            ? nameOf((r.participant_ids ?? []).find((p) => p !== userId) ?? userId)
            : `#${r.channel_name}`,
        userId: r.user_id,
        username: nameOf(r.user_id),
        content: r.content,
        ...(r.reaction_id ? { reactionId: r.reaction_id } : {}),
        unread: r.at.getTime() > readAt,
      })),
      unread: state?.unread ?? 0,
      nextBefore: entries.length > MENTIONS_PAGE ? page[page.length - 1]!.at.toISOString() : null,
    };
  }

  async markRead(actor: Actor): Promise<{ readAt: string }> {
    const { workspaceId, userId } = await this.workspace.member(actor);
    const [row] = await this.statements.rows(MARK_READ, [userId, workspaceId]);
    return { readAt: row.mentions_read_at.toISOString() };
  }
}
