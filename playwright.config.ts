// The browser journeys (`e2e/**/*.e2e.ts`) on Debian's Chromium. `npm test` runs them after jest and counts them in
// its `N passed, N failed` line from the JSON report; alone: `npx playwright test` (build first: `npm run build`).
import { defineConfig } from '@playwright/test';
import { CHROMIUM, DESKTOP } from './e2e/support.js';

// two workers, each with its own stack: on a shared 2-core machine the 73 journeys took 6.0–6.2 min with two and
// 7.0 min with one
const workers = Number(process.env.E2E_WORKERS ?? 2);

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
