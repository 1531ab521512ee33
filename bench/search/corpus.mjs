// The messages bench/search seeds: team-chat lines drawn from a fixed vocabulary with a skewed (Zipf–Mandelbrot)
// frequency, common two- and three-word phrases, ticket and version tokens (`PLT-3699`, `v2.13`) and a few rare
// project code names, generated from a seeded PRNG so every run of the same size stores exactly the same text.

/** ~335 chat words, most frequent first: a word's rank sets its frequency. */
const WORDS = `
the i to a and is it we on for that in you this of be can with have it's not are just so do at
what if from but will my me our was there or up as get about all now out need think any one know should go
deploy build test fix release bug review merge staging prod error
failed today update check thanks please looks issue team ok yes no
branch server api database query ticket sprint standup meeting call sync
ship done ready working broken green pipeline logs alert incident
customer user support feedback design spec docs link thread
tomorrow yesterday morning afternoon week monday friday later soon
quick great cool nice sure maybe yeah sorry lgtm ping commit repo
config flag feature version upgrade patch rollback hotfix migration
latency timeout retry cache memory cpu disk queue worker job
dashboard metrics graph chart report numbers plan roadmap priority
blocker blocked estimate scope demo launch announcement notes
client contract invoice billing payment pricing plan renewal
onboarding training hiring interview candidate offer
lunch coffee office remote home travel holiday vacation
question answer idea proposal decision agree disagree
frontend backend mobile android ios web browser safari chrome
login password session token cookie permission role admin
email notification webhook integration export import upload download
slow fast weird strange flaky random again still already
tests unit integration coverage lint typescript node python
container docker image cluster node pod service endpoint
certificate dns domain cdn proxy gateway network firewall
postgres redis index vacuum replica backup restore snapshot
monitoring tracing sentry grafana prometheus pagerduty oncall
postmortem retro outage downtime sla uptime status
draft final approved pending merged closed reopened
screenshot video recording slides doc sheet wiki
budget forecast quarter revenue churn growth funnel
legal compliance audit security vulnerability gdpr privacy
laptop monitor keyboard headset vpn wifi printer
birthday cake party welcome congrats kudos shoutout
refactor cleanup rename typo comment style formatting
benchmark profiler flamegraph heap leak deadlock regression
terraform helm kubernetes ansible nginx envoy kafka
sharding partition throughput backpressure idempotency
`
  .trim()
  .split(/\s+/);

export const VOCABULARY = [...new Set(WORDS)];

/** Phrases people type over and over; each stands in for one word of a message. */
export const PHRASES = [
  'deploy failed',
  'the deploy failed again',
  'merge request',
  'code review',
  'looks good to me',
  'on staging',
  'in prod',
  'rolled back',
  'the build is green',
  'the build is red',
  'can you take a look',
  'ship it',
  'out of office',
  'release notes',
  'stand up in five',
  'thanks for the review',
  'any update on this',
  'on call this week',
  'waiting on the customer',
  'the tests are flaky',
  'the deploy of the api',
  'fixed in the next release',
  'let me check the logs',
  'happy friday',
];

/** Project code names: each turns up in about one message in ten thousand. */
export const CODE_NAMES = ['okapi', 'quetzal', 'zanzibar', 'marzipan', 'kestrel'];

/** One version token `v2.0` … `v2.19`; ticket tokens are `PLT-1000` … `PLT-9999`. */
export const VERSIONS = 20;

// Zipf–Mandelbrot: P(rank r) ∝ 1 / (r + 3)^1.1 — "the" in about half the messages, the rarest word in ~0.4 %
const ZIPF_S = 1.1;
const ZIPF_Q = 3;
const PER_WORD = { ticket: 0.004, version: 0.003, phrase: 0.02, codeName: 0.00005 };
const IMAGE_SHARE = 0.1;
const IMAGE_ONLY_SHARE = 0.25;

/** mulberry32: a small seeded PRNG, so the corpus is the same on every run. */
export const prng = (seed) => {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
};

const cumulative = (weights) => {
  const total = weights.reduce((s, w) => s + w, 0);
  let acc = 0;
  return weights.map((w) => (acc += w / total));
};

const pick = (cdf, u) => {
  let lo = 0;
  let hi = cdf.length - 1;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (cdf[mid] < u) lo = mid + 1;
    else hi = mid;
  }
  return lo;
};

const WORD_CDF = cumulative(VOCABULARY.map((_, r) => (r + 1 + ZIPF_Q) ** -ZIPF_S));

/**
 * Generates messages for `slots` (each `{ weight, users: [{ id, weight }] }`, a channel of a workspace with who posts
 * there), in created_at order from `start` over `spanMs`. `next()` returns the next message or null after `count`.
 */
export const messageStream = ({ count, slots, start, spanMs, seed = 15 }) => {
  const random = prng(seed);
  const slotCdf = cumulative(slots.map((s) => s.weight));
  const userCdfs = slots.map((s) => cumulative(s.users.map((u) => u.weight)));
  const word = () => {
    let u = random();
    if (u < PER_WORD.ticket) return `PLT-${1000 + Math.floor(random() * 9000)}`;
    if ((u -= PER_WORD.ticket) < PER_WORD.version) return `v2.${Math.floor(random() * VERSIONS)}`;
    if ((u -= PER_WORD.version) < PER_WORD.phrase) return PHRASES[Math.floor(random() * PHRASES.length)];
    if ((u -= PER_WORD.phrase) < PER_WORD.codeName) return CODE_NAMES[Math.floor(random() * CODE_NAMES.length)];
    return VOCABULARY[pick(WORD_CDF, random())];
  };
  const text = () => {
    // mostly short lines (mean ≈ 9 words), now and then a long paste
    const n =
      random() < 0.02 ? 30 + Math.floor(random() * 90) : Math.min(60, 1 + Math.floor(-Math.log(1 - random()) * 8));
    let s = Array.from({ length: n }, word).join(' ');
    if (random() < 0.5) s = s[0].toUpperCase() + s.slice(1);
    const end = random();
    return end < 0.2 ? `${s}.` : end < 0.3 ? `${s}?` : end < 0.35 ? `${s}!` : s;
  };
  let i = 0;
  return {
    next() {
      if (i >= count) return null;
      const s = pick(slotCdf, random());
      const slot = slots[s];
      const user = slot.users[pick(userCdfs[s], random())];
      const image = random() < IMAGE_SHARE;
      const content = image && random() < IMAGE_ONLY_SHARE ? null : text();
      const createdAt = new Date(start + ((i + random()) / count) * spanMs);
      i++;
      return {
        workspaceId: slot.workspaceId,
        channelId: slot.channelId,
        userId: user.id,
        content,
        imageUrl: image
          ? `/objects/bench-search/${i.toString(36)}-${Math.floor(random() * 1e9).toString(36)}.png`
          : null,
        createdAt,
      };
    },
  };
};
