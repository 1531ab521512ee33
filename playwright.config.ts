// The browser journeys (`e2e/**/*.e2e.ts`) on Debian's Chromium. `npm test` runs them after jest and counts them in
// its `N passed, N failed` line from the JSON report; alone: `npx playwright test` (build first: `npm run build`).
import { defineConfig } from '@playwright/test';
import { CHROMIUM, DESKTOP } from './e2e/support.js';

// one worker (E2E_WORKERS for more, each with its own stack). Two took 6.0–6.2 min for the 73 journeys on a faster
// 2-core machine against 7.0 min with one; on a slower one, two workers' Chromiums and product stacks starved each
// other (pages taking over 10 s to render: 4 of 74 journeys timed out, from the build before this change too), and
// four chat files took 5.0 min with one worker, all passing, against 5.9 min with two, three failing
const workers = Number(process.env.E2E_WORKERS ?? 1);

export default defineConfig({
  testDir: 'e2e',
  testMatch: '**/*.e2e.ts',
  globalSetup: './e2e/global-setup.ts',
  // traces and failure screenshots; not `test-results/` itself, which Playwright empties before each run
  outputDir: 'test-results/playwright',
  // tests are independent: any worker may take any test (each worker runs its own product stack)
  fullyParallel: true,
  workers,
  forbidOnly: !!process.env.CI,
  retries: 0,
  timeout: 90_000,
  expect: { timeout: 10_000 },
  globalTimeout: 30 * 60_000,
  reporter: [['list'], ['json', { outputFile: 'test-results/playwright.json' }]],
  use: {
    browserName: 'chromium',
    launchOptions: CHROMIUM,
    // a dark system: the default theme, as the screenshots show it (a light system gets the light theme)
    colorScheme: 'dark',
    viewport: DESKTOP,
    reducedMotion: 'reduce',
    actionTimeout: 15_000,
    navigationTimeout: 30_000,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
});
