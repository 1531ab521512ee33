import { Injectable } from '@nestjs/common';
import { LRUCache } from 'lru-cache';
import { newestPageReads } from '@teamchat/observability';
import type { RowWithReactions } from './message-sql.js';
import { MessageStore } from './message.store.js';

const pagesKept = newestPageReads.labels({ result: 'kept' });
const pagesRead = newestPageReads.labels({ result: 'read' });

/** Rows of newest pages kept (about 2 KB each on the heap, so about 20 MB): a default page of 200 channels. */
export const NEWEST_PAGES_KEPT_ROWS = 10_000;

/**
 * A channel's newest page, kept between reads: a cache around MessageStore.newestPage. Each channel's newest page as
 * last read, oldest message first, with the workspace clock it was read at, by channel and page size (rows, not
 * messages: authors are named when answering). Every read still sends the store's one statement, which reads the page
 * only when a message of the channel changed after the kept clock — people switch between channels far more often
 * than anyone posts in them, and a kept page spares Postgres the page and its reactions, and the service the parsing.
 */
@Injectable()
export class NewestPageCache {
  private readonly pages = new LRUCache<string, { clock: Date; rows: RowWithReactions[] }>({
    maxSize: NEWEST_PAGES_KEPT_ROWS,
    sizeCalculation: (page) => Math.max(1, page.rows.length),
  });

  constructor(private readonly store: MessageStore) {}

  /** The newest `limit` rows of the channel, oldest first. */
  async newestPage(channelId: string, workspaceId: string, limit: number): Promise<RowWithReactions[]> {
    const key = `${channelId}:${limit}`;
    const kept = this.pages.get(key);
    const { clock, changed, rows } = await this.store.newestPage(channelId, workspaceId, limit, kept?.clock ?? null);
    if (kept && !changed) {
      pagesKept.inc();
      return kept.rows;
    }
    pagesRead.inc();
    if (clock) this.pages.set(key, { clock, rows });
    else this.pages.delete(key);
    return rows;
  }
}
