// What the plan statement read, kept between searches: named caches with their own bounds (see search-tuning.ts).
import { Injectable } from '@nestjs/common';
import { LRUCache } from 'lru-cache';
import type { Member, PlanRow } from './search-plan.statements.js';
import type { SearchTerms } from './search-query.js';
import { CHANNELS_KEPT, TEXT_PLAN_CHARACTERS } from './search-tuning.js';

/** What the plan statement says of a query's text alone: it never changes, so it is kept. */
export type TextPlan = Pick<PlanRow, 'word_nodes' | 'substrings'>;

/** The channels a member can read, and their fingerprint (see `channelsFingerprint`). */
export type KeptChannels = Pick<PlanRow, 'channels' | 'fingerprint'>;

/** The plan statement's answer for each query text, by its terms: it depends on nothing else. */
@Injectable()
export class SearchTextPlanCache {
  private readonly plans = new LRUCache<string, TextPlan>({
    maxSize: TEXT_PLAN_CHARACTERS,
    // the plan repeats the substring terms of the key
    sizeCalculation: (_plan, key) => key.length * 2,
  });

  get(terms: SearchTerms): TextPlan | undefined {
    return this.plans.get(textKey(terms));
  }

  set(terms: SearchTerms, plan: TextPlan): void {
    this.plans.set(textKey(terms), plan);
  }
}

/**
 * Each member's readable channels as the plan statement last read them, by workspace and user. A search that uses
 * them checks their fingerprint first (the check statement), so a channel made or renamed on any replica is never
 * missed: no event has to reach this process first.
 */
@Injectable()
export class ReadableChannelsCache {
  private readonly kept = new LRUCache<string, KeptChannels>({
    maxSize: CHANNELS_KEPT,
    sizeCalculation: (kept) => kept.channels.length + 1,
  });

  get(member: Member): KeptChannels | undefined {
    return this.kept.get(memberKey(member));
  }

  set(member: Member, channels: KeptChannels): void {
    this.kept.set(memberKey(member), channels);
  }

  delete(member: Member): void {
    this.kept.delete(memberKey(member));
  }
}

const textKey = (terms: SearchTerms): string => JSON.stringify([terms.words, terms.substrings]);
const memberKey = (member: Member): string => `${member.workspaceId}:${member.userId}`;
