// What a message must meet to be in an arm's window: the filters, the arm's own match and the arms before it, as SQL
// conditions whose every value is a parameter of the statement they go into.
import type { ParsedSearch } from '@teamchat/contracts';
import type { Sql, SqlParams } from './search-sql.js';
import { escapeLike, type SearchTerms } from './search-query.js';

/** The arms in the order a search reads them (see `PostgresSearchEngine`); `filters`: a query of filters alone. */
export type Arm = 'words' | 'prefixes' | 'substrings' | 'filters';

/**
 * How the substring arm states a term: `priced`, an `ILIKE` Postgres prices from `content`'s statistics; `indexed`,
 * an `ILIKE` whose pattern it learns only when the statement runs, so it prices it at a fixed guess, still reads it
 * through the trigram index, and does not spend 1.3 ms matching the pattern against the 1,000 texts of the
 * statistics; `walked`, a test of each message read (`strpos` of the lowered text, the same test as `ILIKE`, which
 * lowers both sides too).
 */
export type SubstringForm = 'priced' | 'indexed' | 'walked';

/** One search's question, as every read of it needs it, and the connection its statements run on. */
export interface Scope {
  sql: Sql;
  workspaceId: string;
  channelIds: string[];
  authorIds: string[] | null;
  query: ParsedSearch;
  terms: SearchTerms;
  substrings: string[];
  tz: string;
  /** The pages' bound (ISO). */
  snapshot: string;
}

/** The window start: below this message (created_at ISO, id). */
export type Below = [string, string] | null;

/**
 * The conditions every match meets whatever the arm: `span`, the readable channels, the snapshot and the dates (a
 * stretch of the (workspace or channel, created_at) index, read newest first); `narrowing`, the author, has:image
 * and the excluded words, which leave out messages anywhere in it.
 */
export const filters = (p: SqlParams, scope: Scope): { span: string[]; narrowing: string[] } => {
  const { terms, query } = scope;
  // One channel (`in:`): its own index gives the newest first. The workspace condition is left out because the
  // channel was taken from the workspace's readable channels, and with it Postgres walks the whole workspace's
  // messages newest first (it prices the channel index's heap reads as random), 3× slower for `in:#random lunch`
  // (17 ms before, 7 ms after).
  const where =
    scope.channelIds.length === 1
      ? [`m."channel_id" = ${p.add(scope.channelIds[0])}::uuid`]
      : [`m."workspace_id" = ${p.add(scope.workspaceId)}`, `m."channel_id" = ANY(${p.add(scope.channelIds)}::uuid[])`];
  where.push(`m."created_at" <= ${p.add(scope.snapshot)}::timestamptz`);
  // a deleted message is never found (its content is gone too; this keeps a tombstone out of has:image)
  where.push(`m."deleted_at" IS NULL`);
  const day = (date: string, plusDays: number) =>
    `((${p.add(date)}::date + ${plusDays})::timestamp AT TIME ZONE ${p.add(scope.tz)})`;
  if (query.on) where.push(`m."created_at" >= ${day(query.on, 0)}`, `m."created_at" < ${day(query.on, 1)}`);
  if (query.after) where.push(`m."created_at" >= ${day(query.after, 1)}`);
  if (query.before) where.push(`m."created_at" < ${day(query.before, 0)}`);
  const narrowing: string[] = [];
  if (scope.authorIds) narrowing.push(`m."user_id" = ANY(${p.add(scope.authorIds)}::uuid[])`);
  if (query.hasImage) narrowing.push(`m."image_url" IS NOT NULL`);
  if (terms.excluded)
    narrowing.push(`NOT (m."search_vector" @@ websearch_to_tsquery('english', ${p.add(terms.excluded)}))`);
  return { span: where, narrowing };
};

/**
 * What a message must meet to be in an arm's window: `base`, the filters and the window start (`below`), of which
 * `span` is the stretch of messages they lie in (see `filters`); `excluded`, not found by the arms before `index`.
 */
export const conditions = (
  p: SqlParams,
  scope: Scope,
  arms: Arm[],
  index: number,
  below: Below,
): { base: string[]; span: string[]; narrowing: string[]; excluded: string[] } => {
  const { span, narrowing } = filters(p, scope);
  if (below) {
    const at = p.add(below[0]);
    span.push(
      `m."created_at" <= ${at}::timestamptz`,
      `(m."created_at", m."id") < (${at}::timestamptz, ${p.add(below[1])}::uuid)`,
    );
  }
  // each arm leaves out what the arms before it found
  const excluded = arms.slice(0, index).map((earlier) => `NOT (${armMatch(p, scope, earlier).match})`);
  return { base: [...span, ...narrowing], span, narrowing, excluded };
};

/**
 * What one arm asks of a message on its own (the arms before it aside), and the tsquery it ranks by (null: the arm
 * is not ranked, newest first).
 */
export const armMatch = (
  p: SqlParams,
  scope: Scope,
  arm: Arm,
  form: SubstringForm = 'priced',
): { match: string; rankBy: string | null } => {
  const { terms } = scope;
  const phrases =
    terms.phrases && arm !== 'words'
      ? [`m."search_vector" @@ websearch_to_tsquery('english', ${p.add(terms.phrases)})`]
      : [];
  const ranked = (tsq: string) => ({ match: [`m."search_vector" @@ ${tsq}`, ...phrases].join(' AND '), rankBy: tsq });
  switch (arm) {
    case 'words':
      return ranked(`websearch_to_tsquery('english', ${p.add(terms.words)})`);
    case 'prefixes':
      return ranked(`to_tsquery('simple', ${p.add(terms.prefixQuery)})`);
    case 'substrings':
      return {
        match: [...scope.substrings.map((t) => substring(p, t, form)), ...phrases].join(' AND '),
        rankBy: null,
      };
    case 'filters':
      return { match: 'true', rankBy: null };
  }
};

/** A message holding the term, in any case (see `SubstringForm`). */
const substring = (p: SqlParams, term: string, form: SubstringForm): string => {
  if (form === 'walked') return `strpos(lower(m."content"), lower(${p.add(term)})) > 0`;
  const pattern = p.add(`%${escapeLike(term)}%`);
  return form === 'indexed' ? `m."content" ILIKE (SELECT ${pattern}::text)` : `m."content" ILIKE ${pattern}`;
};
