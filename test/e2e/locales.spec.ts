/// <reference lib="dom" />
import type { Page } from '@playwright/test'
import { seriousViolations } from './support/axe'
import { expect, test } from './support/fixtures'
import { clippedControls } from './support/overflow'
import { saveScreenshot } from './support/screenshots'

/** A region of each translated language, with a word of its interface to recognise it by. */
const LOCALES = [
  { tag: 'en-US', dir: 'ltr', groups: 'Groups' },
  { tag: 'es-MX', dir: 'ltr', groups: 'Grupos' },
  { tag: 'pt-BR', dir: 'ltr', groups: 'Grupos' },
  { tag: 'ru-RU', dir: 'ltr', groups: 'Группы' },
  { tag: 'id-ID', dir: 'ltr', groups: 'Grup' },
  { tag: 'ar-EG', dir: 'rtl', groups: 'المجموعات' },
] as const
const SCREENSHOTS = new Set(['ar-EG', 'es-MX'])

test.describe.configure({ mode: 'serial' })

test.use({ emulatorOptions: { groups: 300, seed: 11 }, connection: { storage: 'session' } })

async function expectNothingClipped(page: Page, view: string, found: Record<string, string[]>): Promise<void> {
  // Fonts and lazy translations settle before measuring.
  await page.evaluate(() => document.fonts.ready)
  const clipped = await clippedControls(page)
  if (clipped.length > 0) found[view] = clipped
}

test('the connect view speaks the system language, mirrored in Arabic, with nothing clipped', async ({ browser, app }) => {
  const found: Record<string, string[]> = {}
  for (const locale of LOCALES) {
    const context = await browser.newContext({ viewport: { width: 1024, height: 720 }, locale: locale.tag })
    const page = await context.newPage()
    await page.goto(app.url)
    await expect(page.locator('html')).toHaveAttribute('lang', locale.tag)
    await expect(page.locator('html')).toHaveAttribute('dir', locale.dir)
    await expect(page.getByTestId('connect-submit')).toBeVisible()
    await expectNothingClipped(page, `connect (${locale.tag})`, found)
    if (locale.tag === 'ar-EG') await saveScreenshot(page, 'connect-ar')
    await context.close()
  }
  expect(found).toEqual({})
})

test('the check finds a control whose text does not fit', async ({ page }) => {
  await page.setContent(`
    <nav><button style="width: 60px; white-space: nowrap; overflow: hidden">Synchronisieren jetzt</button></nav>
    <div style="width: 80px; overflow: hidden"><h2 style="width: 200px; white-space: nowrap">A long header</h2></div>
    <button style="width: 300px">Fits</button>`)
  const found = await clippedControls(page)
  expect(found).toHaveLength(2)
  expect(found[0]).toMatch(/Synchronisieren jetzt.*wider than its box/)
  expect(found[1]).toMatch(/A long header.*cut off/)
})

test.describe(() => {
  // A narrow window, the hardest case for longer languages.
  test.use({ viewport: { width: 1024, height: 720 }, locale: 'en-GB' })

  test('every view in every language, chosen in Settings, shows its controls whole', async ({ connectedPage: page }) => {
    test.setTimeout(240_000)

    const found: Record<string, string[]> = {}
    for (const locale of LOCALES) {
      await page.getByTestId('nav-settings').click()
      await page.getByTestId('settings-locale').selectOption(locale.tag)
      await expect(page.locator('html')).toHaveAttribute('lang', locale.tag)
      await expect(page.locator('html')).toHaveAttribute('dir', locale.dir)
      await expect(page.getByTestId('nav-groups')).toContainText(locale.groups)
      await expectNothingClipped(page, `settings (${locale.tag})`, found)
      const short = locale.tag.split('-')[0]

      await page.getByTestId('nav-groups').click()
      await expect(page.getByTestId('group-row').first()).toBeVisible()
      await page.getByTestId('group-row').first().click()
      await expect(page.getByTestId('group-detail')).toBeVisible()
      await expect(page.getByTestId('detail-loading')).toHaveCount(0)
      await expectNothingClipped(page, `groups and detail (${locale.tag})`, found)
      if (SCREENSHOTS.has(locale.tag)) await saveScreenshot(page, `groups-${short}`)
      if (locale.dir === 'rtl') {
        // A phone number inside an Arabic sentence is set apart, so its plus sign stays in front of it.
        const owner = page.getByTestId('detail-name-owner')
        if (await owner.count()) await expect(owner).toContainText('\u2066+')
        await expect(page.getByTestId('participant-id').first()).toHaveJSProperty('tagName', 'BDI')
        // Mirrored, the groups and the detail still pass the accessibility audit.
        expect(await seriousViolations(page)).toEqual([])
      }

      await page.getByTestId('nav-story').click()
      await expect(page.getByTestId('story-view')).toBeVisible()
      await expectNothingClipped(page, `composer (${locale.tag})`, found)
      if (SCREENSHOTS.has(locale.tag)) await saveScreenshot(page, `composer-${short}`)

      await page.getByTestId('nav-outbox').click()
      await expect(page.getByTestId('outbox-view')).toBeVisible()
      await expectNothingClipped(page, `outbox (${locale.tag})`, found)
    }
    expect(found).toEqual({})

    // Back to the system's language: the setting is cleared, not left at the last one tried.
    await page.getByTestId('nav-settings').click()
    await page.getByTestId('settings-locale').selectOption('')
    await expect(page.locator('html')).toHaveAttribute('lang', 'en-GB')
  })
})
