import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { LRUCache } from 'lru-cache';
import type { DataSource } from 'typeorm';
import type { PoolClient } from 'pg';
import { PreparedStatement, preparedRows } from '@teamchat/database';
import { BusClient, DomainError } from '@teamchat/bus';
import { WorkspaceMembership } from '@teamchat/service-kit';
import {
  ErrorCodes,
  IdentityContracts,
  SEARCH_CURSOR_INVALID,
  SEARCH_LIMIT,
  SEARCH_TZ_INVALID,
  isEmptySearch,
  parseSearchQuery,
  type Actor,
  type ParsedSearch,
  type SearchPage,
  type SearchResult,
} from '@teamchat/contracts';
import { UNKNOWN_AUTHOR, UserDirectory } from '../common/user-directory.service.js';
import {
  decodeCursor,
  encodeCursor,
  escapeLike,
  searchTerms,
  type SearchCursor,
  type SearchTerms,
} from './search-query.js';
import { PostgresTimeZones } from './time-zones.js';

/** How many of an arm's newest matches are ranked together: two pages, which bounds the rows a common word reads. */
export const RANK_WINDOW = SEARCH_LIMIT * 2;

/**
 * How many of the newest readable messages a phrase search (or one limited to a day) checks before it reads the rest
 * through the index: enough for a window of a phrase in one message of 150, about 2 ms of walking at a million
 * messages; a day of a busy workspace is a few thousand messages.
 */
export const PHRASE_WALK = 15_000;

/**
 * How many of the newest readable messages the substring arm checks one by one before it reads the rest: the stretch
 * in which it measures how common the term is (about 0.3 ms at a million messages).
 */
export const SUBSTRING_WALK = 250;

/**
 * How many matches in that stretch (0.8 %) make a term common enough for walking on through the older messages to
 * find a page sooner than reading every older match through the trigram index.
 */
export const SUBSTRING_DENSE = 2;

/**
 * How the substring arm states a term: `priced`, an `ILIKE` Postgres prices from `content`'s statistics; `indexed`,
 * an `ILIKE` whose pattern it learns only when the statement runs, so it prices it at a fixed guess, still reads it
 * through the trigram index, and does not spend 1.3 ms matching the pattern against the 1,000 texts of the
 * statistics; `walked`, a test of each message read (`strpos` of the lowered text, the same test as `ILIKE`, which
 * lowers both sides too).
 */
type SubstringForm = 'priced' | 'indexed' | 'walked';

type Arm = 'words' | 'prefixes' | 'substrings' | 'filters';

interface ChannelRow {
  id: string;
  name: string;
  type: 'regular' | 'direct';
  participants: string[] | null;
}

interface PlanRow {
  word_nodes: number;
  substrings: string[];
  now: Date;
  channels: ChannelRow[];
  fingerprint: string;
}

/** What the plan statement says of a query's text alone: it never changes, so it is kept (see `SearchService`). */
type TextPlan = Pick<PlanRow, 'word_nodes' | 'substrings'>;

/** The channels a member can read, and their fingerprint (see `channelsFingerprint`). */
type ReadableChannels = Pick<PlanRow, 'channels' | 'fingerprint'>;

interface HitRow {
  id: string;
  channel_id: string;
  user_id: string;
  content: string | null;
  /** ISO, to the millisecond (see `isoMilliseconds`). */
  created_at: string;
  score: number;
}

/** One result with the cursor that resumes right after it. */
interface Hit {
  row: HitRow;
  resume: SearchCursor;
}

/** Runs one statement of a search (all of them on the search's one connection). */
type Sql = (text: string, params: unknown[]) => Promise<unknown[]>;

/** The channels of workspace `ws` that user `user` can read (SQL expressions for both). */
const readableChannels = (ws: string, user: string) =>
  `FROM "chat"."channel" c WHERE c."workspace_id" = ${ws} AND (c."type" = 'regular' OR ${user} = ANY(c."participant_ids"))`;

/**
 * Tells one set of readable channels from another: every id with its name (a DM's participants and a channel's type
 * never change). A search that takes the channels from memory checks this first (`CHECK`).
 */
const channelsFingerprint = (ws: string, user: string) =>
  `(SELECT md5(coalesce(json_agg(json_build_array(c."id", c."name") ORDER BY c."id")::text, ''))
      ${readableChannels(ws, user)})`;

/** The moment a search's pages are bounded by: never before the workspace's last change (see `SearchCursor`). */
const snapshotOf = (ws: string, moment: string) =>
  `greatest(${moment}, (SELECT "last_change_at" FROM "chat"."workspace_clock" WHERE "workspace_id" = ${ws}))`;

/**
 * What the arms need to know first, in one statement: whether the words leave anything after stopwords, which terms
 * the substring arm may look for (never a stopword alone), the snapshot's moment (never before the workspace's last
 * change) and the channels the searcher can read. The one statement of every search whose text never changes:
 * prepared, each connection parses it once and, after a few runs, reuses its plan (as an unnamed statement it cost
 * Postgres about 0.5 ms a search, most of it parsing and planning). Its answers are kept (`SearchService`), so a
 * search whose text and channels are known runs the smaller `CHECK` instead.
 */
const PLAN = new PreparedStatement<PlanRow>(
  'chat.search.plan',
  `SELECT numnode(websearch_to_tsquery('english', $3)) AS word_nodes,
          array(SELECT t FROM unnest($4::text[]) t
                WHERE t ~ '[^[:alnum:]]' OR numnode(plainto_tsquery('english', t)) > 0) AS substrings,
          ${snapshotOf('$1', 'clock_timestamp()')} AS now,
          (SELECT coalesce(json_agg(json_build_object(
                    'id', c."id", 'name', c."name", 'type', c."type", 'participants', c."participant_ids")), '[]')
             ${readableChannels('$1', '$2')}) AS channels,
          ${channelsFingerprint('$1', '$2')} AS fingerprint`,
);

/**
 * What a search whose query text and channels are kept asks first instead: the pages' moment, as the plan statement
 * reads it, and the fingerprint of the member's readable channels, which tells whether the kept ones are still theirs.
 * A small statement whose text never changes: prepared, so each connection parses and plans it once.
 */
const CHECK = new PreparedStatement<Pick<PlanRow, 'now' | 'fingerprint'>>(
  'chat.search.check',
  `SELECT ${snapshotOf('$1', 'clock_timestamp()')} AS now, ${channelsFingerprint('$1', '$2')} AS fingerprint`,
);

/** The query texts whose plan is kept, by the length of their terms (about 4 MB at the most). */
const TEXT_PLAN_CHARACTERS = 1_000_000;
/** Channels kept over all members, counted in rows (a row of a few hundred bytes: about 8 MB at the most). */
const CHANNELS_KEPT = 20_000;

interface Scope {
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

/**
 * A timestamp as the ISO text a JavaScript date prints (UTC, milliseconds, truncated as a date truncates them): a
 * search's rows carry their time as text, since node-postgres spent about a third of its time on a window's 100 rows
 * (0.13 of 0.35 ms) turning their timestamps into dates.
 */
const isoMilliseconds = (column: string) => `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** What a window reads of each message (the search vector only to rank it). */
const WINDOW_COLUMNS = `m."id", m."channel_id", m."user_id", m."content", m."created_at", m."search_vector"`;
const NEWEST_FIRST = `ORDER BY m."created_at" DESC, m."id" DESC`;

/** A measured read's conditions, stated with one statement's parameters (see `SearchService.measured`). */
type MeasuredRead = (
  p: Params,
  forms: SubstringForm[],
) => { span: string[]; holding: string[][]; rankBy: string | null };

type Member = { workspaceId: string; userId: string };

/** One search's question, and the connection its statements run on. */
interface FindInput {
  sql: Sql;
  plan: (values: unknown[]) => Promise<PlanRow>;
  check: (values: unknown[]) => Promise<Pick<PlanRow, 'now' | 'fingerprint'>>;
  member: Member;
  query: ParsedSearch;
  terms: SearchTerms;
  cursor: SearchCursor | null;
  tz: string;
}

/** Up to a page and one more hit (each resumes with the pages' bound `snapshot`), and the channels they are in. */
interface Found {
  hits: Hit[];
  channels: ChannelRow[];
  snapshot: string;
}

/** Appends query parameters and hands back their placeholders. */
class Params {
  readonly values: unknown[] = [];
  add(value: unknown): string {
    return `$${this.values.push(value)}`;
  }
}

/**
 * Message search over what the actor may read in their current workspace (issue 15). The query is parsed once
 * (`parseSearchQuery`: words, phrases, exclusions and from:/in:/before:/after:/on:/has: filters) and answered arm by arm,
 * each arm doing bounded work:
 * 1. whole words through the stemmed tsvector (`websearch_to_tsquery`), ranked by `ts_rank_cd`;
 * 2. word prefixes (`depl` finds deploy), ranked the same, for messages arm 1 did not find;
 * 3. substrings (`PLT-36`, `v2.1`, partial words), newest first, for what neither found — never for stopwords or
 *    terms under three characters; walked or read through the trigram index by how common the newest messages show
 *    the term to be (`measured`).
 * A query of filters alone is answered newest first. The word arms read their matches newest first through the
 * (workspace, created_at) index or a bitmap of the GIN index, whichever the planner finds cheaper for these terms,
 * and rank only a window of `RANK_WINDOW` of them; the next arm runs only when a page is not full yet, so a common word
 * never pays for the prefix and substring arms. Pages are keyed by a cursor (see `SearchCursor`).
 */
@Injectable()
export class SearchService {
  /** `PHRASE_WALK`; tests make it small to reach the read after the walk with a few messages. */
  phraseWalk = PHRASE_WALK;
  /** `SUBSTRING_WALK`, for the same reason. */
  substringWalk = SUBSTRING_WALK;

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly workspace: WorkspaceMembership,
    private readonly directory: UserDirectory,
    private readonly bus: BusClient,
    private readonly zones: PostgresTimeZones,
  ) {}

  /** What the plan statement said of each query's text, by its terms: it depends on nothing else. */
  private readonly textPlans = new LRUCache<string, TextPlan>({
    maxSize: TEXT_PLAN_CHARACTERS,
    // the plan repeats the substring terms of the key
    sizeCalculation: (_plan, key) => key.length * 2,
  });
  /**
   * Each member's readable channels as the plan statement last read them, by workspace and user. A search that uses
   * them checks their fingerprint first (`CHECK`), so a channel made or renamed on any replica is never missed: no
   * event has to reach this process first.
   */
  private readonly readable = new LRUCache<string, ReadableChannels>({
    maxSize: CHANNELS_KEPT,
    sizeCalculation: (kept) => kept.channels.length + 1,
  });

  async search(actor: Actor, q: string, cursorText?: string, tz = 'UTC'): Promise<SearchPage> {
    const member = await this.workspace.member(actor);
    const parsed = parseSearchQuery(q);
    if (!parsed.ok) throw new DomainError(ErrorCodes.validation, parsed.message);
    const cursor = cursorText ? decodeCursor(cursorText) : null;
    if (cursorText && !cursor) throw new DomainError(ErrorCodes.validation, SEARCH_CURSOR_INVALID);
    // the default zone needs no look-up
    if (tz !== 'UTC' && !(await this.zones.has(tz))) throw new DomainError(ErrorCodes.validation, SEARCH_TZ_INVALID);
    const query = parsed.query;
    if (isEmptySearch(query)) return { results: [], nextCursor: null };

    const terms = searchTerms(query);
    // One connection for the whole search: its statements run one after another (up to five), and under load each
    // would otherwise queue for a free connection of the pool again
    const runner = this.db.createQueryRunner();
    let found: Found | null;
    try {
      const connection = (await runner.connect()) as PoolClient;
      const plan = async (values: unknown[]) => (await preparedRows(connection, PLAN, values))[0]!;
      const check = async (values: unknown[]) => (await preparedRows(connection, CHECK, values))[0]!;
      const sql: Sql = (text, params) => runner.query(text, params);
      found = await this.find({ sql, plan, check, member, query, terms, cursor, tz });
    } finally {
      await runner.release();
    }
    if (!found) return { results: [], nextCursor: null };
    const page = found.hits.slice(0, SEARCH_LIMIT);
    return {
      results: await this.present(
        page.map((h) => h.row),
        found.channels,
        member.userId,
      ),
      nextCursor:
        found.hits.length > SEARCH_LIMIT ? encodeCursor({ ...page[page.length - 1]!.resume, s: found.snapshot }) : null,
    };
  }

  /**
   * Up to a page and one more hit, with the searcher's readable channels and the pages' bound; null when nothing can
   * match. A query text and channels seen before are taken from memory instead of the plan statement: the channels
   * after the check statement says they are still the member's (else the plan statement reads them again).
   */
  private async find(search: FindInput): Promise<Found | null> {
    const { member, query, terms, cursor, tz } = search;
    const textKey = JSON.stringify([terms.words, terms.substrings]);
    const memberKey = `${member.workspaceId}:${member.userId}`;
    const text = this.textPlans.get(textKey);
    const kept = text && this.readable.get(memberKey);
    const readPlan = async () => {
      const row = await search.plan([member.workspaceId, member.userId, terms.words ?? '', terms.substrings]);
      this.textPlans.set(textKey, { word_nodes: row.word_nodes, substrings: row.substrings });
      this.readable.set(memberKey, { channels: row.channels, fingerprint: row.fingerprint });
      return row;
    };
    // a channel made or renamed, or a DM opened, on any replica changes the fingerprint: no event has to reach here
    const checkKept = async (): Promise<TextPlan & ReadableChannels & { now: Date }> => {
      const { now, fingerprint } = await search.check([member.workspaceId, member.userId]);
      if (fingerprint === kept!.fingerprint) return { ...text!, ...kept!, now };
      this.readable.delete(memberKey);
      return readPlan();
    };
    // the people named by from:/in: (a round trip to identity) and the plan (one to Postgres) at the same time; when
    // identity fails, the plan statement still finishes before the error goes up and the connection is released
    const planning = kept ? checkKept() : readPlan();
    const people = await this.people(query).finally(() =>
      planning.then(
        () => undefined,
        () => undefined,
      ),
    );
    const planned = await planning;
    const authorIds = query.from.length ? query.from.flatMap((n) => people.get(n) ?? []) : null;
    if (authorIds?.length === 0) return null;
    const channels = this.inFilter(planned.channels, query, people, member.userId);
    if (channels.length === 0) return null;

    const arms: Arm[] = [];
    if (terms.words && planned.word_nodes > 0) arms.push('words');
    if (terms.prefixQuery) arms.push('prefixes');
    if (planned.substrings.length) arms.push('substrings');
    if (!terms.words) arms.push('filters');
    if (arms.length === 0) return null;

    const scope: Scope = {
      sql: search.sql,
      workspaceId: member.workspaceId,
      channelIds: channels.map((c) => c.id),
      authorIds,
      query,
      terms,
      substrings: planned.substrings,
      tz,
      snapshot: cursor?.s ?? planned.now.toISOString(),
    };
    const hits = await this.collect(scope, arms, cursor ?? { s: scope.snapshot, a: 0, w: null, o: 0 });
    return { hits, channels: planned.channels, snapshot: scope.snapshot };
  }

  /** Users named by `from:` and `in:` filters, by the name as typed (username or handle). */
  private async people(query: ParsedSearch): Promise<Map<string, string[]>> {
    const names = [...new Set([...query.from, ...query.in.filter((t) => t.kind !== 'channel').map((t) => t.name)])];
    const byName = new Map<string, string[]>();
    if (names.length === 0) return byName;
    const found = await this.bus.request(IdentityContracts.findByNames, { names });
    for (const name of names) {
      byName.set(
        name,
        found.filter((u) => u.username === name || u.handle?.toLowerCase() === name).map((u) => u.id),
      );
    }
    return byName;
  }

  /**
   * The readable channels an `in:` filter keeps: regular channels by name, direct messages by the other person; a bare
   * name means the channel when the searcher can read one by that name, else the direct message with that person.
   */
  private inFilter(
    channels: ChannelRow[],
    query: ParsedSearch,
    people: Map<string, string[]>,
    me: string,
  ): ChannelRow[] {
    if (query.in.length === 0) return channels;
    const channelNames = new Set(channels.filter((c) => c.type === 'regular').map((c) => c.name.toLowerCase()));
    const targets = query.in.map((t) =>
      t.kind === 'any' ? { ...t, kind: channelNames.has(t.name) ? 'channel' : 'person' } : t,
    );
    return channels.filter((c) =>
      targets.some((target) => {
        if (c.type === 'regular') return target.kind === 'channel' && c.name.toLowerCase() === target.name;
        if (target.kind === 'channel') return false;
        const partners = (c.participants ?? []).filter((p) => p !== me);
        const ids = people.get(target.name) ?? [];
        // a note-to-self DM has only the searcher in it
        return partners.length === 0 ? ids.includes(me) : partners.some((p) => ids.includes(p));
      }),
    );
  }

  /** Up to one page and one more result, from the cursor on, arm by arm and window by window. */
  private async collect(scope: Scope, arms: Arm[], from: SearchCursor): Promise<Hit[]> {
    const hits: Hit[] = [];
    const keyset = (row: HitRow): [string, string] => [row.created_at, row.id];
    let at = from;
    // the substring arm's first window when the prefix arm's read already held all of it (see `fallbacks`)
    let substringsRead: HitRow[] | null = null;
    // whether the words arm found anything in this request: then the terms are whole words, whose prefix matches are
    // mostly the words arm's own, so the page is likely to need the substring arm too (`fallbacks`); a partial word
    // (`depl`) finds nothing as a word and its prefix arm alone fills the page
    let wordsFound = false;
    while (hits.length <= SEARCH_LIMIT && at.a < arms.length) {
      const arm = arms[at.a]!;
      const ranked = arm === 'words' || arm === 'prefixes';
      const need = SEARCH_LIMIT + 1 - hits.length;
      const limit = ranked ? RANK_WINDOW : need;
      let rows: HitRow[] | null = null;
      if (at.w === null && arm === 'substrings' && substringsRead) rows = substringsRead.slice(0, limit);
      if (
        at.w === null &&
        arm === 'prefixes' &&
        wordsFound &&
        arms[at.a + 1] === 'substrings' &&
        this.fallbacksTogether(scope)
      ) {
        const read = await this.fallbacks(scope, arms, at.a);
        if (read) {
          rows = read.prefixes;
          substringsRead = read.substrings;
        }
      }
      rows ??= await this.window(scope, arms, at.a, at.w, limit);
      if (arm === 'words' && rows.length > 0) wordsFound = true;
      const nextArm: SearchCursor = { s: at.s, a: at.a + 1, w: null, o: 0 };
      const exhausted = rows.length < limit;
      if (!ranked) {
        // newest first: each result resumes right below itself
        for (const row of rows) hits.push({ row, resume: { ...at, w: keyset(row), o: 0 } });
        at = exhausted ? nextArm : { ...at, w: keyset(rows[rows.length - 1]!), o: 0 };
        continue;
      }
      // ranked within the window; the next window starts below its oldest message
      const nextWindow = exhausted ? nextArm : { ...at, w: keyset(rows[rows.length - 1]!), o: 0 };
      const ordered = [...rows].sort(
        // ISO times of one width in UTC: their order as text is their order in time
        (x, y) =>
          y.score - x.score ||
          (x.created_at < y.created_at ? 1 : x.created_at > y.created_at ? -1 : 0) ||
          (x.id < y.id ? 1 : -1),
      );
      const taken = ordered.slice(at.o, at.o + need);
      taken.forEach((row, i) => {
        const shown = at.o + i + 1;
        hits.push({ row, resume: shown < ordered.length ? { ...at, o: shown } : nextWindow });
      });
      at = at.o + taken.length < ordered.length ? { ...at, o: at.o + taken.length } : nextWindow;
    }
    return hits;
  }

  /**
   * The conditions every match meets whatever the arm: `span`, the readable channels, the snapshot and the dates (a
   * stretch of the (workspace or channel, created_at) index, read newest first); `narrowing`, the author, has:image
   * and the excluded words, which leave out messages anywhere in it.
   */
  private filters(p: Params, scope: Scope): { span: string[]; narrowing: string[] } {
    const { terms, query } = scope;
    // One channel (`in:`): its own index gives the newest first. The workspace condition is left out because the
    // channel was taken from the workspace's readable channels, and with it Postgres walks the whole workspace's
    // messages newest first (it prices the channel index's heap reads as random), 3× slower for `in:#random lunch`.
    const where =
      scope.channelIds.length === 1
        ? [`m."channel_id" = ${p.add(scope.channelIds[0])}::uuid`]
        : [
            `m."workspace_id" = ${p.add(scope.workspaceId)}`,
            `m."channel_id" = ANY(${p.add(scope.channelIds)}::uuid[])`,
          ];
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
  }

  /**
   * What one arm asks of a message on its own (the arms before it aside), and the tsquery it ranks by (null: the arm
   * is not ranked, newest first).
   */
  private arm(
    p: Params,
    scope: Scope,
    arm: Arm,
    form: SubstringForm = 'priced',
  ): { match: string; rankBy: string | null } {
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
          match: [...scope.substrings.map((t) => this.substring(p, t, form)), ...phrases].join(' AND '),
          rankBy: null,
        };
      case 'filters':
        return { match: 'true', rankBy: null };
    }
  }

  /** A message holding the term, in any case (see `SubstringForm`). */
  private substring(p: Params, term: string, form: SubstringForm): string {
    if (form === 'walked') return `strpos(lower(m."content"), lower(${p.add(term)})) > 0`;
    const pattern = p.add(`%${escapeLike(term)}%`);
    return form === 'indexed' ? `m."content" ILIKE (SELECT ${pattern}::text)` : `m."content" ILIKE ${pattern}`;
  }

  /** The newest `limit` matches of one arm below the window start (`w`), filters applied, with their rank. */
  private async window(
    scope: Scope,
    arms: Arm[],
    index: number,
    below: [string, string] | null,
    limit: number,
  ): Promise<HitRow[]> {
    const armConditions = (p: Params) => {
      const { base, excluded } = this.conditions(p, scope, arms, index, below);
      const { match, rankBy } = this.arm(p, scope, arms[index]!);
      return { base, matches: [...excluded, match], rankBy };
    };
    if (!scope.terms.phrases && !scope.query.on && arms[index] === 'substrings')
      return this.measured(scope.sql, this.substringRead(scope, arms, index, below, false), limit);
    const p = new Params();
    const { base, matches, rankBy } = armConditions(p);
    if (!scope.terms.phrases && !scope.query.on) return this.newest(scope.sql, p, [...base, ...matches], rankBy, limit);
    // A phrase: Postgres prices it as if its words came independently (7-20× too rare), so it reads every match
    // through the GIN index when walking the newest messages would find a window sooner. A day (`on:`): Postgres ANDs
    // the day's few thousand messages with a bitmap of every match of a common word in the GIN index (12 ms for the
    // 55,000 of `deploy` at a million messages, against 2 ms to check the day's messages one by one). Walk a bounded
    // stretch first; only when that holds too few matches, read the older rest the planner's way.
    const walked = `(SELECT m.* FROM "chat"."message" m WHERE ${base.join(' AND ')}
                      ORDER BY m."created_at" DESC, m."id" DESC LIMIT ${p.add(this.phraseWalk)}) m`;
    const recent = await this.newest(scope.sql, p, matches, rankBy, limit, false, walked);
    if (recent.length === limit) return recent;
    const q = new Params();
    const rest = armConditions(q);
    const older = await this.belowWalk(scope.sql, q, rest.base, this.phraseWalk, rest.matches, rest.rankBy, {
      limit: limit - recent.length,
    });
    return [...recent, ...older];
  }

  /**
   * The newest `limit` messages meeting `walkedOver` and `matches` that are older than the first `walk` messages
   * meeting `walkedOver` (a walk already read those), the planner's way.
   */
  private belowWalk(
    sql: Sql,
    q: Params,
    walkedOver: string[],
    walk: number,
    matches: string[],
    rankBy: string | null,
    { limit, flagged = false }: { limit: number; flagged?: boolean },
  ): Promise<(HitRow & { flag: boolean })[]> {
    const edge = `(SELECT e."created_at", e."id" FROM (SELECT m."created_at", m."id" FROM "chat"."message" m
                     WHERE ${walkedOver.join(' AND ')} ${NEWEST_FIRST}
                     OFFSET ${q.add(walk - 1)} LIMIT 1) e)`;
    // EXISTS first: when the walk held every message there is, no edge exists and Postgres skips the index read
    // (a one-time filter) instead of reading every match only to compare it with NULL
    const where = [`EXISTS ${edge}`, ...walkedOver, `(m."created_at", m."id") < ${edge}`, ...matches];
    return this.newest(sql, q, where, rankBy, limit, flagged);
  }

  /**
   * What a message must meet to be in an arm's window: `base`, the filters and the window start (`w`), of which
   * `span` is the stretch of messages they lie in (see `filters`); `excluded`, not found by the arms before `index`.
   */
  private conditions(
    p: Params,
    scope: Scope,
    arms: Arm[],
    index: number,
    below: [string, string] | null,
  ): { base: string[]; span: string[]; narrowing: string[]; excluded: string[] } {
    const { span, narrowing } = this.filters(p, scope);
    if (below) {
      const at = p.add(below[0]);
      span.push(
        `m."created_at" <= ${at}::timestamptz`,
        `(m."created_at", m."id") < (${at}::timestamptz, ${p.add(below[1])}::uuid)`,
      );
    }
    // each arm leaves out what the arms before it found
    const excluded = arms.slice(0, index).map((earlier) => `NOT (${this.arm(p, scope, earlier).match})`);
    return { base: [...span, ...narrowing], span, narrowing, excluded };
  }

  /**
   * The substring arm's read (after the arms before `index`, below `below`) stated for a measured read (see
   * `measured`), with `rankBy` when it is the joint read of the prefix and substring arms.
   */
  private substringRead(
    scope: Scope,
    arms: Arm[],
    index: number,
    below: [string, string] | null,
    rankedByPrefix: boolean,
  ): MeasuredRead {
    return (p, forms) => {
      const { span, narrowing, excluded } = this.conditions(p, scope, arms, index, below);
      return {
        span,
        // only the forms the statement uses: Postgres refuses a parameter it is given but cannot place
        holding: forms.map((form) => [...narrowing, ...excluded, this.arm(p, scope, 'substrings', form).match]),
        rankBy: rankedByPrefix ? this.arm(p, scope, 'prefixes').rankBy : null,
      };
    };
  }

  /**
   * The newest `limit` messages meeting `where`, ranked by `rankBy` (0 when null) — after the LIMIT: Postgres computes
   * a select-list function before a top-N sort, so ranking in the same query level would run ts_rank_cd over every
   * match a bitmap scan found (7,400 rows for "code review") to keep 100. With `flagged`, only the rows matching
   * `rankBy` are ranked and `flag` tells them apart.
   */
  private async newest(
    sql: Sql,
    p: Params,
    where: string[],
    rankBy: string | null,
    limit: number,
    flagged = false,
    from = `"chat"."message" m`,
  ): Promise<(HitRow & { flag: boolean })[]> {
    const window = `SELECT ${WINDOW_COLUMNS} FROM ${from} WHERE ${where.join(' AND ')} ${NEWEST_FIRST} LIMIT ${p.add(limit)}`;
    return this.ranked(sql, p, window, rankBy, flagged);
  }

  /**
   * The newest `limit` messages of a span (see `filters`) holding a substring, when nothing tells how common the
   * substring is. Postgres guesses it from a sample of texts: after one ANALYZE of a million messages it took the
   * ticket `PLT-36` (0.04 % of them) for common and walked 135,000 messages newest first for a page (110 ms), where
   * the trigram index reads its 415 matches in 1.5 ms; and reading every match through the index instead is as wrong
   * for an infix of a common word (`taging`: 3 % of the messages, 200 ms). So the read measures it first: one
   * statement checks the newest `substringWalk` messages of the span one by one (`walked`: the term and whatever else
   * the read asks, such as an author) and, when they hold fewer than `SUBSTRING_DENSE` matches, reads all the older
   * matches through the trigram index (`indexed`, a MATERIALIZED CTE: no order for Postgres to walk an index in) and
   * keeps the newest — a branch Postgres never runs otherwise (it sits behind a one-time filter). A term common
   * enough in the stretch that it still falls short of a window is read further by a second statement, the
   * planner's way (`priced`): walking on wins for a term that is common throughout, and a term that is only common
   * lately (a new project's name) is priced rare by the statistics and read through the index.
   *
   * The stretch is counted in messages of the span, not in messages an author or image filter keeps: the newest 250
   * of Priya's image messages in one channel took reading 10,000 of her messages, twice (28 ms for the combined query
   * of bench/search). And its end is applied to the read through the index only afterwards: inside, Postgres cannot
   * know where it lies and ANDed the trigram bitmap with a bitmap of the channel index up to it, which held every
   * message (55 ms of 58).
   */
  private async measured(
    sql: Sql,
    read: MeasuredRead,
    limit: number,
    flagged = false,
  ): Promise<(HitRow & { flag: boolean })[]> {
    const p = new Params();
    const {
      span,
      holding: [walked, indexed],
      rankBy,
    } = read(p, ['walked', 'indexed']);
    const scope = span.join(' AND ');
    const found = `(SELECT count(*) FROM walked)`;
    const window = `
      WITH walked AS MATERIALIZED (
             SELECT ${WINDOW_COLUMNS}
               FROM (SELECT m.* FROM "chat"."message" m WHERE ${scope} ${NEWEST_FIRST} LIMIT ${p.add(this.substringWalk)}) m
              WHERE ${walked.join(' AND ')} ${NEWEST_FIRST} LIMIT ${p.add(limit)}),
           edge AS MATERIALIZED (
             SELECT m."created_at", m."id" FROM "chat"."message" m WHERE ${scope}
              ${NEWEST_FIRST} OFFSET ${p.add(this.substringWalk - 1)} LIMIT 1),
           matches AS MATERIALIZED (
             SELECT ${WINDOW_COLUMNS} FROM "chat"."message" m WHERE ${scope} AND ${indexed.join(' AND ')})
      SELECT * FROM walked
      UNION ALL
      (SELECT m.* FROM matches m
        WHERE ${found} < ${SUBSTRING_DENSE} AND EXISTS (SELECT 1 FROM edge)
          AND (m."created_at", m."id") < (SELECT "created_at", "id" FROM edge)
        ${NEWEST_FIRST} LIMIT ${p.add(limit)})`;
    const recent = (await this.ranked(sql, p, window, rankBy, flagged)).slice(0, limit);
    // rare in the stretch: read through the index above (or nothing older); a window found in it: done
    if (recent.length < SUBSTRING_DENSE || recent.length === limit) return recent;
    // common in the stretch: the older rest the planner's way, which prices the term from the statistics
    const q = new Params();
    const rest = read(q, ['priced']);
    const older = await this.belowWalk(sql, q, rest.span, this.substringWalk, rest.holding[0]!, rest.rankBy, {
      limit: limit - recent.length,
      flagged,
    });
    return [...recent, ...older];
  }

  /** Ranks a window of messages (see `newest`), newest first. */
  private async ranked(
    sql: Sql,
    p: Params,
    window: string,
    rankBy: string | null,
    flagged: boolean,
  ): Promise<(HitRow & { flag: boolean })[]> {
    const flag = flagged && rankBy ? `w."search_vector" @@ ${rankBy}` : 'true';
    const score = rankBy ? `CASE WHEN ${flag} THEN ts_rank_cd(w."search_vector", ${rankBy}) ELSE 0 END` : '0::real';
    return (await sql(
      `SELECT w."id", w."channel_id", w."user_id", w."content", ${isoMilliseconds('w."created_at"')} AS created_at,
              ${flag} AS flag, ${score} AS score
         FROM (${window}) w
        ORDER BY w."created_at" DESC, w."id" DESC`,
      p.values,
    )) as (HitRow & { flag: boolean })[];
  }

  /**
   * Whether every prefix match is also a substring match, so one read can serve both fallback arms: true when the
   * query has no phrase (the prefix arm matches it stemmed, the substring arm literally) and has a prefix query, which
   * `searchTerms` makes only when every word is plain — the substring terms are then those very words — and those
   * terms are ASCII (a lexeme starting with `depl` then means the text holds `depl` in some case, which ILIKE finds).
   */
  private fallbacksTogether({ terms, substrings }: Scope): boolean {
    return (
      !terms.phrases &&
      terms.prefixQuery !== null &&
      substrings.length > 0 &&
      substrings.every((t) => /^[\x21-\x7e]+$/.test(t))
    );
  }

  /**
   * The first windows of the prefix arm and of the substring arm after it in one read: the newest substring matches
   * the earlier arms did not find, each flagged when it is a prefix match. Both fallback arms then cost one index
   * scan instead of two (the prefix arm's GIN scan of `deploy:*` alone was 9 ms at a million messages). The read is
   * exactly the two arms' windows when it holds a whole prefix window (`RANK_WINDOW` prefix matches) or everything
   * there is (fewer rows than asked); otherwise null, and the arms are read one by one as usual.
   */
  private async fallbacks(
    scope: Scope,
    arms: Arm[],
    index: number,
  ): Promise<{ prefixes: HitRow[]; substrings: HitRow[] | null } | null> {
    const limit = RANK_WINDOW + SEARCH_LIMIT + 1;
    const rows = await this.measured(scope.sql, this.substringRead(scope, arms, index, null, true), limit, true);
    const prefixes = rows.filter((r) => r.flag);
    if (prefixes.length >= RANK_WINDOW) return { prefixes: prefixes.slice(0, RANK_WINDOW), substrings: null };
    if (rows.length === limit) return null;
    return { prefixes, substrings: rows.filter((r) => !r.flag) };
  }

  private async present(rows: HitRow[], channels: ChannelRow[], me: string): Promise<SearchResult[]> {
    const byId = new Map(channels.map((c) => [c.id, c]));
    const others = rows.flatMap((r) => {
      const c = byId.get(r.channel_id);
      return c?.type === 'direct' ? (c.participants ?? []) : [];
    });
    const authors = await this.directory.authors([...rows.map((r) => r.user_id), ...others]);
    const nameOf = (id: string) => (authors.get(id) ?? UNKNOWN_AUTHOR).username;
    return rows.map((r) => {
      const c = byId.get(r.channel_id)!;
      return {
        id: r.id,
        channelId: r.channel_id,
        // a DM has no name of its own: each side sees it under the other person's name
        channelName: c.type === 'direct' ? nameOf((c.participants ?? []).find((p) => p !== me) ?? me) : c.name,
        username: nameOf(r.user_id),
        content: r.content,
        createdAt: r.created_at,
      };
    });
  }
}
