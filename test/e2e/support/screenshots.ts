import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import type { Page } from '@playwright/test'

const ROOT = join(import.meta.dirname, '..', '..', '..')

/**
 * Where the end-to-end run saves its screenshots. A test run writes to the ignored
 * test-results folder so it never dirties the checkout; `npm run screenshots` sets
 * STATUSDESK_SCREENSHOTS=docs to refresh the committed ones in docs/screenshots.
 */
export const SCREENSHOTS_DIR =
  process.env['STATUSDESK_SCREENSHOTS'] === 'docs' ? join(ROOT, 'docs', 'screenshots') : join(ROOT, 'test-results', 'screenshots')

/** Saves a screenshot of the page under `name`.png in the folder above. */
export async function saveScreenshot(page: Page, name: string, options: { fullPage?: boolean } = {}): Promise<string> {
  mkdirSync(SCREENSHOTS_DIR, { recursive: true })
  const path = join(SCREENSHOTS_DIR, `${name}.png`)
  await page.screenshot({ path, ...options })
  return path
}
