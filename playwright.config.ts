import { defineConfig } from '@playwright/test'
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './test/e2e/support/chromium'

export default defineConfig({
  testDir: 'test/e2e',
  testMatch: '**/*.spec.ts',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  retries: 0,
  // `npm test` reads the JSON report for its summary of both suites.
  reporter: [['list'], ['json', { outputFile: 'test-results/reports/e2e.json' }]],
  // Its own folder, which Playwright empties at each run: the unit report and the screenshots live beside it.
  outputDir: 'test-results/e2e',
  use: {
    browserName: 'chromium',
    headless: true,
    launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS },
    trace: 'retain-on-failure',
  },
})
