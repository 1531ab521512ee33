// The plan of a search, taken from the caches where it can be: wraps the plan and check statements from outside.
import { Injectable } from '@nestjs/common';
import type { Member, PlanRow, PlanStatements } from './search-plan.statements.js';
import { ReadableChannelsCache, SearchTextPlanCache, type KeptChannels, type TextPlan } from './search-plan.caches.js';
import type { SearchTerms } from './search-query.js';

/** What a search's arms start from: the query text's plan, the readable channels and the pages' moment. */
export type SearchPlan = TextPlan & KeptChannels & Pick<PlanRow, 'now'>;

/**
 * A query text and channels seen before are taken from memory instead of the plan statement: the channels only after
 * the check statement says they are still the member's (else the plan statement reads them again). A channel made or
 * renamed, or a DM opened, on any replica changes the fingerprint: no event has to reach this process.
 */
@Injectable()
export class CachedSearchPlanner {
  constructor(
    private readonly texts: SearchTextPlanCache,
    private readonly channels: ReadableChannelsCache,
  ) {}

  plan(statements: PlanStatements, member: Member, terms: SearchTerms): Promise<SearchPlan> {
    const text = this.texts.get(terms);
    const kept = text && this.channels.get(member);
    const read = async (): Promise<SearchPlan> => {
      const row = await statements.plan(member, terms.words, terms.substrings);
      this.texts.set(terms, { word_nodes: row.word_nodes, substrings: row.substrings });
      this.channels.set(member, { channels: row.channels, fingerprint: row.fingerprint });
      return row;
    };
    if (!text || !kept) return read();
    return (async () => {
      const { now, fingerprint } = await statements.check(member);
      if (fingerprint === kept.fingerprint) return { ...text, ...kept, now };
      this.channels.delete(member);
      return read();
    })();
  }
}
