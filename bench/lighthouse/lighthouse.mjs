#!/usr/bin/env node
// Lighthouse on the product's landing page (issue 19) or, with --signed-in, on a signed-in member's channel screen
// (issue 70): performance, accessibility, best practices and SEO, each ≥ 95, served by `npm start`'s standalone
// server (with its compression) and measured in Debian's Chromium.
//
//   npm run build && (cd web && npx vite build)
//   node bench/lighthouse/lighthouse.mjs [--path /login | --signed-in] [--preset mobile|desktop] [--runs 3] [--json f]
//
// Prints one line per category (the median of the runs) and exits 1 when any is under the target.
import { writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import puppeteer from 'puppeteer-core';
import { seedProduct } from '../http/http.mjs';
import { startStandalone } from '../http/servers.mjs';

export const TARGET = 95;
export const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];
/** Debian's Chromium, as the browser journeys use it; flags that keep it off this machine's closed network. */
export const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
];

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
};

/**
 * Runs Lighthouse `runs` times on `path` of a fresh standalone server; resolves with the scores (0–100) per run.
 * `signedIn`: the path is the channel screen of bench/http's reader (an admin of a workspace of three channels whose
 * #general holds 60 messages from a colleague), every request carrying the reader's session cookie.
 */
export const runLighthouse = async ({ path = '/', preset = 'mobile', runs = 3, signedIn = false } = {}) => {
  const server = await startStandalone({ logLevel: 'warn' });
  const seed = signedIn ? await seedProduct(server.url) : undefined;
  if (seed) path = `/channel/${seed.channelId}`;
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    chromeFlags: CHROME_FLAGS,
  });
  try {
    if (seed) {
      // the reader's session in the browser's own cookie jar, kept by Lighthouse (no storage reset between runs)
      const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
      const eq = seed.cookie.indexOf('=');
      const [name, value] = [seed.cookie.slice(0, eq), seed.cookie.slice(eq + 1)];
      await browser.setCookie(
        { name, value, url: server.url, httpOnly: true },
        { name: 'tc_signed_in', value: '1', url: server.url },
      );
      await browser.disconnect();
    }
    const results = [];
    for (let i = 0; i < runs; i++) {
      const config =
        preset === 'desktop' ? (await import('lighthouse/core/config/desktop-config.js')).default : undefined;
      const result = await lighthouse(
        `${server.url}${path}`,
        {
          port: chrome.port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: CATEGORIES,
          disableStorageReset: signedIn,
        },
        config,
      );
      const lhr = result.lhr;
      results.push({
        scores: Object.fromEntries(CATEGORIES.map((c) => [c, Math.round((lhr.categories[c]?.score ?? 0) * 100)])),
        metrics: {
          fcpMs: lhr.audits['first-contentful-paint']?.numericValue,
          lcpMs: lhr.audits['largest-contentful-paint']?.numericValue,
          tbtMs: lhr.audits['total-blocking-time']?.numericValue,
          cls: lhr.audits['cumulative-layout-shift']?.numericValue,
        },
        finalUrl: lhr.finalDisplayedUrl,
        consoleErrors: (lhr.audits['errors-in-console']?.details?.items ?? []).map(
          (i) =>
            `${i.source ?? ''}: ${String(i.description ?? '').slice(0, 160)} ${i.sourceLocation?.url ?? i.url ?? ''}`,
        ),
        failing: Object.values(lhr.audits)
          .filter((a) => a.score !== null && a.score < 0.9 && a.scoreDisplayMode !== 'informative')
          .map((a) => `${a.id} (${a.score})`),
      });
    }
    return { url: `${server.url}${path}`, preset, runs: results };
  } finally {
    await chrome.kill();
    await server.close();
  }
};

const main = async () => {
  const { values } = parseArgs({
    options: {
      path: { type: 'string', default: '/' },
      preset: { type: 'string', default: 'mobile' },
      runs: { type: 'string', default: '3' },
      json: { type: 'string' },
      'signed-in': { type: 'boolean', default: false },
    },
  });
  const report = await runLighthouse({
    path: values.path,
    preset: values.preset,
    runs: Number(values.runs),
    signedIn: values['signed-in'],
  });
  if (values.json) writeFileSync(values.json, JSON.stringify(report, null, 2));
  let ok = true;
  console.log(
    `Lighthouse ${values.preset} on ${new URL(report.url).pathname}${values['signed-in'] ? ' (signed in)' : ''}, median of ${report.runs.length} runs (target ≥ ${TARGET}):`,
  );
  for (const c of CATEGORIES) {
    const score = median(report.runs.map((r) => r.scores[c]));
    // a member's screens are kept from crawlers on purpose (robots.txt disallows /channel/): SEO is no target there
    if (values['signed-in'] && c === 'seo') {
      console.log(
        `  ${c.padEnd(15)} ${String(score).padStart(3)} (no target: robots.txt keeps /channel/ from crawlers)`,
      );
      continue;
    }
    ok &&= score >= TARGET;
    console.log(`  ${c.padEnd(15)} ${String(score).padStart(3)} ${score >= TARGET ? '✓' : '✗'}`);
  }
  const errors = [...new Set(report.runs.flatMap((r) => r.consoleErrors))];
  if (errors.length) console.log(`  console errors: ${errors.join('; ')}`);
  const m = report.runs.map((r) => r.metrics);
  console.log(
    `  FCP ${Math.round(median(m.map((x) => x.fcpMs)))} ms, LCP ${Math.round(median(m.map((x) => x.lcpMs)))} ms, ` +
      `TBT ${Math.round(median(m.map((x) => x.tbtMs)))} ms, CLS ${median(m.map((x) => x.cls)).toFixed(3)}`,
  );
  const failing = [...new Set(report.runs.flatMap((r) => r.failing))];
  if (failing.length) console.log(`  audits under 0.9: ${failing.join(', ')}`);
  process.exitCode = ok ? 0 : 1;
};

if (import.meta.url === `file://${process.argv[1]}`) await main();
