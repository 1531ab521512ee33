// `npm test`: lint, type-check, build, then every jest project (unit, integration), then the browser journeys on
// Playwright; ends with one machine-readable line `N passed, N failed[, N skipped]` summed over everything that ran.
// Parts: `node scripts/test.mjs [lint] [typecheck] [build] [openapi] [jest] [e2e]` (none named: all of them).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { root } from './packages.mjs';

const bin = (name) => join(root, 'node_modules', '.bin', name);
const totals = { passed: 0, failed: 0, skipped: 0 };
const failures = [];

const step = (name, cmd, args, env = {}) => {
  process.stdout.write(`\n== ${name}\n`);
  const started = Date.now();
  const r = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  const ok = r.status === 0;
  process.stdout.write(`== ${name}: ${ok ? 'ok' : 'FAILED'} (${((Date.now() - started) / 1000).toFixed(1)} s)\n`);
  return ok;
};
const check = (name, cmd, args, env) => {
  if (step(name, cmd, args, env)) totals.passed++;
  else {
    totals.failed++;
    failures.push(name);
  }
};

const only = process.argv.slice(2);
const wants = (part) => only.length === 0 || only.includes(part);

if (wants('lint')) {
  spawnSync(bin('nx'), ['show', 'projects'], { cwd: root, stdio: 'ignore' }); // warms the project graph for module boundaries
  check('lint', bin('eslint'), ['.', '--max-warnings=0']);
}
if (wants('typecheck')) {
  check('typecheck (server)', bin('tsc'), ['-p', 'tsconfig.json']);
  if (existsSync(join(root, 'web', 'tsconfig.json'))) check('typecheck (web)', bin('tsc'), ['-p', 'web/tsconfig.json']);
  if (existsSync(join(root, 'deploy', 'k6', 'tsconfig.json')))
    check('typecheck (k6 scenarios)', bin('tsc'), ['-p', 'deploy/k6/tsconfig.json']);
}
if (wants('build')) check('build', process.execPath, [join(root, 'scripts', 'build.mjs')]);
if (wants('openapi')) {
  // the document the gateway serves, made from the route table, linted with Spectral's OpenAPI rules
  const doc = join(root, 'test-results', 'openapi.json');
  mkdirSync(join(root, 'test-results'), { recursive: true });
  if (step('openapi document', process.execPath, [join(root, 'scripts', 'openapi.mjs'), doc]))
    check('spectral (spectral:oas)', bin('spectral'), [
      'lint',
      doc,
      '--ruleset',
      join(root, '.spectral.yaml'),
      '--fail-severity=warn',
    ]);
  else {
    totals.failed++;
    failures.push('openapi document');
  }
}

if (wants('jest')) {
  const out = join(root, 'test-results');
  mkdirSync(out, { recursive: true });
  const report = join(out, 'jest.json');
  rmSync(report, { force: true });
  step(
    'jest (server, web)',
    process.execPath,
    [
      '--experimental-vm-modules',
      bin('jest').replace(/\.bin\/jest$/, 'jest/bin/jest.js'),
      '--json',
      `--outputFile=${report}`,
      '--maxWorkers=2',
      ...(process.env.JEST_ARGS ? process.env.JEST_ARGS.split(' ') : []),
    ],
    { NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --max-old-space-size=4096`.trim() },
  );
  if (existsSync(report)) {
    const r = JSON.parse(readFileSync(report, 'utf8'));
    totals.passed += r.numPassedTests;
    totals.failed += r.numFailedTests;
    totals.skipped += r.numPendingTests + (r.numTodoTests ?? 0);
    // a suite that crashed before running its tests counts as one failure
    const crashed = r.testResults.filter((s) => s.status === 'failed' && s.assertionResults.length === 0);
    totals.failed += crashed.length;
    for (const s of r.testResults.filter((x) => x.status === 'failed')) failures.push(s.name.replace(`${root}/`, ''));
  } else {
    totals.failed++;
    failures.push('jest produced no report');
  }
}

if (wants('e2e')) {
  // the browser journeys (playwright.config.ts); their counts come from Playwright's JSON report
  const out = join(root, 'test-results');
  mkdirSync(out, { recursive: true });
  const report = join(out, 'playwright.json');
  rmSync(report, { force: true });
  const ran = step(
    'playwright (browser journeys)',
    bin('playwright'),
    ['test', ...(process.env.PLAYWRIGHT_ARGS ? process.env.PLAYWRIGHT_ARGS.split(' ') : [])],
    { PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1' },
  );
  let counted = false;
  if (existsSync(report)) {
    const r = JSON.parse(readFileSync(report, 'utf8'));
    const stats = r.stats ?? {};
    if (typeof stats.expected === 'number') {
      counted = true;
      // expected: passed; unexpected: failed; flaky: passed only on a retry (counted as failed: CI must not hide it)
      totals.passed += stats.expected;
      totals.failed += stats.unexpected + (stats.flaky ?? 0);
      totals.skipped += stats.skipped ?? 0;
      const failed = [];
      const walk = (suite) => {
        for (const spec of suite.specs ?? [])
          for (const t of spec.tests ?? [])
            if (t.status === 'unexpected' || t.status === 'flaky') failed.push(`${spec.file}: ${spec.title}`);
        for (const child of suite.suites ?? []) walk(child);
      };
      for (const suite of r.suites ?? []) walk(suite);
      failures.push(...failed.map((f) => `e2e/${f}`));
      // errors outside any test (global setup, a worker fixture, a file that does not load) fail the run
      const outside = (r.errors ?? []).length;
      if (outside > 0 || (!ran && stats.unexpected === 0 && !(stats.flaky > 0))) {
        totals.failed += Math.max(outside, 1);
        failures.push('playwright (errors outside the tests)');
      }
    }
  }
  if (!counted) {
    totals.failed++;
    failures.push('playwright produced no report');
  }
}

if (failures.length) process.stdout.write(`\nFailed: ${failures.join(', ')}\n`);
process.stdout.write(
  `\n${totals.passed} passed, ${totals.failed} failed${totals.skipped ? `, ${totals.skipped} skipped` : ''}\n`,
);
process.exit(totals.failed > 0 ? 1 : 0);
