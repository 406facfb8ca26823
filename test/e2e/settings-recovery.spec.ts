import { writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { expect, test } from './support/fixtures'

test.use({
  viewport: { width: 1280, height: 800 },
  locale: 'en-GB',
  emulatorOptions: { groups: 20, seed: 3 },
  connection: { storage: 'weak' },
})

test('settings reset after a damaged file is said on the main screen, once, with a link to Settings', async ({
  connectedPage: page,
  app,
}) => {
  await expect(page.getByTestId('recovery-banner')).toHaveCount(0)

  await app.stop()
  await writeFile(join(app.dataDir, 'settings.json'), '{ this is not json')
  app = await app.restart()
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
