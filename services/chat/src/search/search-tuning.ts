// The Postgres search engine's tuning constants, each with the measurement that chose it (bench/search; the journal's
// dated entries stay in the git history of bench/search/README.md).
import { SEARCH_LIMIT } from '@teamchat/contracts';

/**
 * How many of an arm's newest matches are ranked together: two pages, which bounds the rows a common word reads.
 *
 * Why two pages and not one page and one (`SEARCH_LIMIT + 1`): bench/search 2026-12-06 03:13–03:30 ran three of eight
 * runs with a window of 51. The walked windows read half as much (phrase p95 6.0–10.1 ms against 7.7–11.6, `in:`
 * 5.1–8.3 against 8.0–11.5), but page 1 then ranks the newest 51 matches: nearly the newest 50, reordered — ranking in
 * name only. The rarest common word (`idempotency`, 0.47 % of a million messages) walks 21,000–22,000 messages for its
 * window of 100 (4.2–5.0 ms warm, 2026-11-29 and 2026-12-02), about twice what a window of 51 reads. Kept at two pages.
 */
export const RANK_WINDOW = SEARCH_LIMIT * 2;

/**
 * How many of the newest readable messages a phrase search (or one limited to a day) checks before it reads the rest
 * through the index: enough for a window of a phrase in one message of 150, about 2 ms of walking at a million
 * messages; a day of a busy workspace is a few thousand messages.
 *
 * Why walk at all: Postgres prices a phrase as if its words came independently (7–20× too rare), so it read every
 * phrase match through the GIN index when walking the newest messages finds a window sooner. With the walk
 * (bench/search 2026-11-24, a million messages): `"code review"` p50 / p95 17.6 / 40.4 → 9.0 / 11.0 ms,
 * `"deploy failed" in:#deploys before:…` 24.9 / 47.3 → 8.1 / 16.0, whole mix p95 27.5 → 21.7. For `on:`, Postgres ANDed
 * the day's messages with a bitmap of every match of a common word (12 ms for `deploy`) where checking the day's
 * messages one by one takes about 1–2 ms.
 */
export const PHRASE_WALK = 15_000;

/**
 * How many of the newest readable messages the substring arm checks one by one before it reads the rest: the stretch
 * in which it measures how common the term is (about 0.3 ms at a million messages).
 *
 * Why measure: Postgres prices `ILIKE '%PLT-36%'` from the 1,000 texts of `content`'s statistics; after one ANALYZE two
 * of them held the ticket (0.04 % of the messages) and the read walked 135,000 messages for a page (110 ms) where the
 * trigram index reads its 415 matches in 1.5 ms. Always reading the index instead was tried and reverted (8d8a363):
 * `taging` (an infix of staging, 3 % of the messages) 14.4 → 201.8 ms p50. With the measured read, on a corpus whose
 * sample mispriced `PLT-50`, 116.8 → 6.5 ms (bench/search 2026-11-29, service time, alternated pairs).
 */
export const SUBSTRING_WALK = 250;

/**
 * How many matches in that stretch (2 of 250: 0.8 %) make a term common enough for walking on through the older
 * messages to find a page sooner than reading every older match through the trigram index. Below it the term is rare
 * (a ticket, a code name) and the index wins; at it or above, a term common throughout is found by walking on, and one
 * common only lately is priced rare by the statistics and read through the index by the planner's own choice
 * (bench/search 2026-11-29).
 */
export const SUBSTRING_DENSE = 2;

/**
 * The query texts whose plan is kept, by the length of their terms (the plan repeats the substring terms of the key,
 * so a character counts twice: about 4 MB of texts at the most). The plan statement, unnamed, cost Postgres about
 * 0.5 ms a search, most of it parsing and planning; a text seen before skips its text part.
 */
export const TEXT_PLAN_CHARACTERS = 1_000_000;

/**
 * Channels kept over all members, counted in rows (a row of a few hundred bytes: about 8 MB at the most). A search
 * whose channels are kept runs the small check statement instead of the plan statement: bench/search 2026-12-01, the
 * check then the read took 1.27 ms at the median over one connection against 1.45 for one joined statement, and the
 * separate check answered a mix 0.16–0.41 ms sooner at the median through the product (three alternated pairs;
 * measured again on 2026-12-05: sooner in 31 of 32 queries).
 */
export const CHANNELS_KEPT = 20_000;
