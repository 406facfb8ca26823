import { writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { type BrowserContext, type Page, expect, test } from '@playwright/test'
import { type Emulator, startEmulator } from '../../src-main/emulator'
import { type WebApp, startWebApp } from './support/web-app'

let emulator: Emulator
let app: WebApp
let context: BrowserContext
let page: Page

test.beforeAll(async ({ browser }) => {
  emulator = await startEmulator({ groups: 20, seed: 3 })
  app = await startWebApp()
  context = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'en-GB' })
  page = await context.newPage()
})

test.afterAll(async () => {
  await context?.close()
  await app?.stop({ removeData: true })
  await emulator?.stop().catch(() => undefined)
})

test('settings reset after a damaged file is said on the main screen, once, with a link to Settings', async () => {
  await page.goto(app.url)
  await page.getByTestId('connect-base-url').fill(emulator.baseUrl)
  await page.getByTestId('connect-token').fill(emulator.token)
  await page.getByTestId('connect-storage-weak').check()
  await page.getByTestId('connect-submit').click()
  await expect(page.getByTestId('groups-count')).toHaveText('20 groups', { timeout: 60_000 })
  await expect(page.getByTestId('recovery-banner')).toHaveCount(0)

  await app.stop()
  await writeFile(join(app.dataDir, 'settings.json'), '{ this is not json')
  app = await startWebApp({ dataDir: app.dataDir })
  await page.goto(app.url)

  await expect(page.getByTestId('groups-view')).toBeVisible()
  const banner = page.getByTestId('recovery-banner')
  await expect(banner).toContainText('Your settings could not be read and are back to their defaults.')
  await page.getByTestId('recovery-banner-open').click()
  await expect(page.locator('#main-content')).toHaveAttribute('data-section', 'settings')
  await expect(page.getByTestId('recovery-settings')).toContainText('settings.json.unreadable-')
  await expect(banner).toHaveCount(0)

  // Once: the same run shown again (a reload) does not say it a second time.
  await page.reload()
  await expect(page.getByTestId('app-frame')).toBeVisible()
  await page.getByTestId('nav-groups').click()
  await expect(page.getByTestId('groups-view')).toBeVisible()
  await expect(banner).toHaveCount(0)
})
