import { Inject, Injectable } from '@nestjs/common';
import { BusClient, DomainError } from '@teamchat/bus';
import { WorkspaceMembership } from '@teamchat/service-kit';
import {
  ErrorCodes,
  IdentityContracts,
  SEARCH_CURSOR_INVALID,
  SEARCH_TZ_INVALID,
  isEmptySearch,
  parseSearchQuery,
  type Actor,
  type ParsedSearch,
  type SearchPage,
  type SearchResult,
} from '@teamchat/contracts';
import { UNKNOWN_AUTHOR, UserDirectory } from '../common/user-directory.service.js';
import { dmTitleFor } from '../channels/dm-title.js';
import {
  MESSAGE_SEARCH_ENGINE,
  type MessageHit,
  type MessageSearchEngine,
  type ReadableChannel,
  type SearchScope,
} from '../search/message-search-engine.js';
import { PostgresTimeZones } from './time-zones.js';

/**
 * Message search over what the actor may read in their current workspace (issue 15). This service decides who may
 * read what and how results are shown: it checks the request, resolves the people `from:`/`in:` name through
 * identity, narrows the readable channels by `in:`, and names each hit's channel and author. Finding and ordering the
 * messages is the bound `MessageSearchEngine`'s (`MESSAGE_SEARCH_ENGINE`; see services/chat/README.md, "Search").
 */
@Injectable()
export class SearchService {
  constructor(
    private readonly workspace: WorkspaceMembership,
    private readonly directory: UserDirectory,
    private readonly bus: BusClient,
    private readonly zones: PostgresTimeZones,
    @Inject(MESSAGE_SEARCH_ENGINE) private readonly engine: MessageSearchEngine,
  ) {}

  async search(actor: Actor, q: string, cursorText?: string, tz = 'UTC'): Promise<SearchPage> {
    const member = await this.workspace.member(actor);
    const parsed = parseSearchQuery(q);
    if (!parsed.ok) throw new DomainError(ErrorCodes.validation, parsed.message);
    if (cursorText && !this.engine.isCursor(cursorText))
      throw new DomainError(ErrorCodes.validation, SEARCH_CURSOR_INVALID);
    // the default zone needs no look-up
    if (tz !== 'UTC' && !(await this.zones.has(tz))) throw new DomainError(ErrorCodes.validation, SEARCH_TZ_INVALID);
    const query = parsed.query;
    if (isEmptySearch(query)) return { results: [], nextCursor: null };

    // the people named by from:/in: (a round trip to identity) while the engine's first statement runs (one to
    // Postgres); the engine asks for them once it has read the readable channels
    const people = this.people(query);
    // its failure is answered below or through `scope`; this keeps it from counting as unhandled meanwhile
    people.catch(() => undefined);
    const scope = async (readable: ReadableChannel[]): Promise<SearchScope | null> => {
      const named = await people;
      const authorIds = query.from.length ? query.from.flatMap((n) => named.get(n) ?? []) : null;
      if (authorIds?.length === 0) return null;
      const channels = this.inFilter(readable, query, named, member.userId);
      return channels.length ? { channelIds: channels.map((c) => c.id), authorIds } : null;
    };
    let page;
    try {
      page = await this.engine.search({
        workspaceId: member.workspaceId,
        userId: member.userId,
        query,
        timeZone: tz,
        cursor: cursorText || null,
        scope,
      });
    } catch (err) {
      // identity's failure is the one to answer when both failed, as when the engine never asked for the people
      await people;
      throw err;
    }
    return {
      results: await this.present(page.hits, page.channels, member.userId),
      nextCursor: page.nextCursor,
    };
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
    channels: ReadableChannel[],
    query: ParsedSearch,
    people: Map<string, string[]>,
    me: string,
  ): ReadableChannel[] {
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

  private async present(hits: MessageHit[], channels: ReadableChannel[], me: string): Promise<SearchResult[]> {
    const byId = new Map(channels.map((c) => [c.id, c]));
    const others = hits.flatMap((h) => {
      const c = byId.get(h.channelId);
      return c?.type === 'direct' ? (c.participants ?? []) : [];
    });
    const authors = await this.directory.authors([...hits.map((h) => h.userId), ...others]);
    const nameOf = (id: string) => (authors.get(id) ?? UNKNOWN_AUTHOR).username;
    return hits.map((h) => {
      const c = byId.get(h.channelId)!;
      return {
        id: h.id,
        channelId: h.channelId,
        channelName: c.type === 'direct' ? dmTitleFor(c.participants, me, nameOf) : c.name,
        username: nameOf(h.userId),
        content: h.content,
        createdAt: h.createdAt,
      };
    });
  }
}
