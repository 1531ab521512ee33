import { Injectable } from '@nestjs/common';
import { BusClient } from '@teamchat/bus';
import { IdentityContracts } from '@teamchat/contracts';

export interface Author {
  username: string;
  agentId: string | null;
  /** The handle they are also mentioned by (`@handle`), when they chose one. */
  handle?: string | null;
}

export const UNKNOWN_AUTHOR: Author = { username: 'Unknown', agentId: null };

const TTL_MS = 30_000;
const MAX_ENTRIES = 20_000;

/**
 * Usernames (and handles) of message authors and mentioned members, asked from identity (chat stores only user ids). A
 * short cache keeps the hot paths (every live message, the Mentions view) to one bus call per user per half minute; a
 * renamed user, or a new handle, shows up within that time.
 */
@Injectable()
export class UserDirectory {
  private readonly cache = new Map<string, { author: Author; expires: number }>();

  constructor(private readonly bus: BusClient) {}

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
      const profiles = await this.bus.request(IdentityContracts.getMany, { userIds: missing });
      if (this.cache.size + profiles.length > MAX_ENTRIES) this.cache.clear();
      for (const p of profiles) {
        const author = { username: p.username, agentId: p.agentId, handle: p.handle ?? null };
        this.cache.set(p.id, { author, expires: now + TTL_MS });
        result.set(p.id, author);
      }
    }
    return result;
  }

  async author(userId: string): Promise<Author> {
    return (await this.authors([userId])).get(userId) ?? UNKNOWN_AUTHOR;
  }
}
