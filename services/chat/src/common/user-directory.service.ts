import { Injectable, Optional } from '@nestjs/common';
import { BusClient } from '@teamchat/bus';
import { IdentityContracts, IdentityEvents, type UserProfile } from '@teamchat/contracts';
import { ProcessEvents, WorkspaceMembership } from '@teamchat/service-kit';

export interface Author {
  username: string;
  agentId: string | null;
  /** The handle they are also mentioned by (`@handle`), when they chose one. */
  handle?: string | null;
}

export const UNKNOWN_AUTHOR: Author = { username: 'Unknown', agentId: null };

/**
 * A backstop only: identity announces every profile change and every closed account, and each chat process applies
 * them (see the constructor); this bounds what a change made behind identity's back, or an event lost while the bus
 * reconnected unnoticed, can leave stale.
 */
export const AUTHOR_TTL_MS = 10 * 60_000;
const MAX_ENTRIES = 20_000;

const authorOf = (p: Pick<UserProfile, 'username' | 'agentId' | 'handle'>): Author => ({
  username: p.username,
  agentId: p.agentId,
  handle: p.handle ?? null,
});

/**
 * Usernames (and handles) of message authors and mentioned members, asked from identity (chat stores only user ids)
 * once and then kept: every live message, page and Mentions view needs them. `identity.user.updated` replaces a kept
 * profile and `identity.user.deleted` drops it in every chat process (`ProcessEvents`), so a new handle is mentioned
 * by, and a closed account shown as Unknown, from the next request on.
 */
@Injectable()
export class UserDirectory {
  private readonly cache = new Map<string, { author: Author; expires: number }>();
  /** Bumped by every event: a look-up that started before one does not keep what it read. */
  private generation = 0;

  constructor(
    private readonly bus: BusClient,
    @Optional() events?: ProcessEvents,
    @Optional() membership?: WorkspaceMembership,
  ) {
    // a workspace's members were just confirmed in one look-up: their names in one more, not one each at first post
    membership?.onRoster((_workspaceId, userIds) => {
      this.authors(userIds).catch(() => undefined); // a failed warm-up only means each name is asked when needed
    });
    events?.on(IdentityEvents.userUpdated, (profile) => {
      this.generation++;
      if (this.cache.has(profile.id))
        this.cache.set(profile.id, { author: authorOf(profile), expires: Date.now() + AUTHOR_TTL_MS });
    });
    events?.on(IdentityEvents.userDeleted, ({ userId }) => {
      this.generation++;
      this.cache.delete(userId);
    });
    events?.onReset(() => {
      this.generation++;
      this.cache.clear();
    });
  }

  async authors(userIds: Iterable<string>): Promise<Map<string, Author>> {
    const now = Date.now();
    const result = new Map<string, Author>();
    const missing: string[] = [];
    for (const id of new Set(userIds)) {
      const hit = this.cache.get(id);
      if (hit && hit.expires > now) result.set(id, hit.author);
      else missing.push(id);
    }
    if (missing.length > 0) {
      const generation = this.generation;
      const profiles = await this.bus.request(IdentityContracts.getMany, { userIds: missing });
      const keep = generation === this.generation;
      if (keep && this.cache.size + profiles.length > MAX_ENTRIES) this.cache.clear();
      for (const p of profiles) {
        const author = authorOf(p);
        if (keep) this.cache.set(p.id, { author, expires: now + AUTHOR_TTL_MS });
        result.set(p.id, author);
      }
    }
    return result;
  }

  async author(userId: string): Promise<Author> {
    return (await this.authors([userId])).get(userId) ?? UNKNOWN_AUTHOR;
  }
}
