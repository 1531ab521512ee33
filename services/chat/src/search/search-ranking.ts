// The order of results within one ranked window.
import type { HitRow } from './window-reads.js';

/**
 * Denser first (`ts_rank_cd`), then newer, then the higher id — the same total order on every page, which the
 * cursor's count of shown results (`o`) relies on. ISO times of one width in UTC: their order as text is their order
 * in time.
 */
export const byRank = (x: HitRow, y: HitRow): number =>
  y.score - x.score ||
  (x.created_at < y.created_at ? 1 : x.created_at > y.created_at ? -1 : 0) ||
  (x.id < y.id ? 1 : -1);
