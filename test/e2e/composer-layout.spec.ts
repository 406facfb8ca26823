/// <reference lib="dom" />
import type { Locator } from '@playwright/test'
import { expect, sharedSession, test } from './support/fixtures'
import { saveScreenshot } from './support/screenshots'

/** The desktop window's sizes worth checking: the two common ones and the smallest it allows. */
const SIZES = [
  { width: 1280, height: 800, shot: 'composer-1280x800' },
  { width: 1024, height: 640, shot: 'composer-1024x640' },
  { width: 880, height: 600, shot: null },
] as const

const session = sharedSession({
  emulatorOptions: { groups: 120, seed: 5 },
  window: { viewport: { width: 1280, height: 800 }, locale: 'en-GB' },
  pageOptions: { consoleErrors: 'all' },
  connection: { storage: 'session' },
})

/** Wholly inside the window and not covered by anything: what "in view" means to a user. */
async function expectInView(locator: Locator): Promise<void> {
  await expect(locator).toBeVisible()
  const box = (await locator.boundingBox())!
  const viewport = session.page.viewportSize()!
  expect(box.y, 'top edge').toBeGreaterThanOrEqual(0)
  expect(box.x, 'left edge').toBeGreaterThanOrEqual(0)
  expect(box.y + box.height, 'bottom edge').toBeLessThanOrEqual(viewport.height)
  expect(box.x + box.width, 'right edge').toBeLessThanOrEqual(viewport.width)
  const onTop = await locator.evaluate((el) => {
    const rect = el.getBoundingClientRect()
    const hit = document.elementFromPoint(rect.left + rect.width / 2, rect.top + rect.height / 2)
    return hit !== null && (el === hit || el.contains(hit))
  })
  expect(onTop, 'nothing covers it').toBe(true)
}

test.describe.configure({ mode: 'serial' })

test('Ctrl+N opens the composer with the keyboard in its text', async ({ appPage: page }) => {
  await page.getByTestId('group-row').first().click()
  await page.keyboard.press('Control+n')
  await expect(page.getByTestId('story-view')).toBeVisible()
  await expect(page.getByTestId('story-text')).toBeFocused()
  await page.keyboard.type('Typed straight away')
  await expect(page.getByTestId('story-text')).toHaveValue('Typed straight away')
})

test('Morning Breeze previews in the bundled open face and says it is an approximation', async ({ appPage: page }) => {
  await page.getByTestId('story-font-MORNINGBREEZE_REGULAR').click()
  await expect(page.getByTestId('story-font-note')).toContainText('approximation of the provider’s own')
  const faces = await page.evaluate(async () => (await document.fonts.load('400 32px "Comic Neue"', 'Aa')).length)
  expect(faces).toBeGreaterThan(0)
  const family = await page.getByTestId('story-preview-text').evaluate((el) => getComputedStyle(el).fontFamily)
  expect(family.startsWith('"Comic Neue"')).toBe(true)
  await page.getByTestId('story-font-SYSTEM').click()
  await expect(page.getByTestId('story-font-note')).toBeHidden()
})

for (const size of SIZES) {
  test(`at ${size.width}×${size.height}, Publish and its result stay in view`, async ({ appPage: page, emulator }) => {
    await page.setViewportSize({ width: size.width, height: size.height })
    await page.getByTestId('nav-story').click()
    await page.getByTestId('story-kind-text').click()
    const caption = `Layout check at ${size.width}×${size.height}`
    await page.getByTestId('story-text').fill(caption)
    // Open the longest part of the form, so the page has every reason to grow.
    await page.getByTestId('story-audience-everyone').check()
    await page.getByTestId('story-exclude-toggle').click()

    await expectInView(page.getByTestId('story-publish'))
    await page.getByTestId('story-publish').click()
    const result = page.getByTestId('story-result')
    await expect(result).toHaveAttribute('data-state', 'sent', { timeout: 20_000 })
    await expectInView(result)
    await expectInView(page.getByTestId('story-publish'))
    await expectInView(page.getByTestId('story-preview'))
    expect(emulator.control.stories.list().filter((s) => s.caption === caption)).toHaveLength(1)

    if (size.shot) {
      await page.mouse.move(0, 0)
      await saveScreenshot(page, size.shot)
    }
    await page.getByTestId('story-exclude-toggle').click()
    await page.getByTestId('story-result-dismiss').click()
  })
}

test('an error after Publish is in view too, at the smallest window', async ({ appPage: page, emulator }) => {
  await page.setViewportSize({ width: 880, height: 600 })
  emulator.control.faults.add({ type: 'status', route: 'stories', status: 403, times: 1 })
  await page.getByTestId('nav-story').click()
  await page.getByTestId('story-text').fill('Refused by the server')
  await page.getByTestId('story-publish').click()
  await expectInView(page.getByTestId('story-error'))
  await page.getByTestId('story-error-dismiss').click()
  await page.getByTestId('story-text').fill('')
})

test('label chips end in an ellipsis, never mid-word, and the +N count is never cut', async ({ appPage: page }) => {
  await page.setViewportSize({ width: 880, height: 600 })
  await page.getByTestId('nav-groups').click()
  await page.getByTestId('groups-sort').selectOption('name')
  const rows = page.getByTestId('group-row')
  await expect(rows.first()).toBeVisible()
  const report = await page.evaluate(() => {
    const out: { chips: number; clippedWithoutEllipsis: string[]; moreCut: string[]; overlapping: string[] } = {
      chips: 0,
      clippedWithoutEllipsis: [],
      moreCut: [],
      overlapping: [],
    }
    for (const row of document.querySelectorAll<HTMLElement>('[data-testid="group-row"]')) {
      const time = row.querySelector<HTMLElement>('[data-testid="group-row-time"]')!.getBoundingClientRect()
      for (const chip of row.querySelectorAll<HTMLElement>('[data-testid="label-chip"]')) {
        out.chips++
        const text = chip.querySelector<HTMLElement>('.text')!
        if (text.scrollWidth > text.clientWidth && getComputedStyle(text).textOverflow !== 'ellipsis')
          out.clippedWithoutEllipsis.push(chip.title)
        if (chip.getBoundingClientRect().right > time.left) out.overlapping.push(chip.title)
      }
      const more = row.querySelector<HTMLElement>('[data-testid="group-row-more-labels"]')
      if (more && (more.scrollWidth > more.clientWidth || more.getBoundingClientRect().right > time.left))
        out.moreCut.push(more.textContent ?? '')
    }
    return out
  })
  expect(report.chips).toBeGreaterThan(0)
  expect(report).toEqual({ chips: report.chips, clippedWithoutEllipsis: [], moreCut: [], overlapping: [] })
  await expect(rows.first().getByTestId('group-row-size')).toBeVisible()
})

test('the labels popover closes on a click outside it and on Escape', async ({ appPage: page }) => {
  await page.getByTestId('filter-labels').click()
  await expect(page.getByTestId('labels-popover')).toBeVisible()
  await page.getByTestId('groups-count').click()
  await expect(page.getByTestId('labels-popover')).toBeHidden()

  await page.getByTestId('filter-labels').click()
  await page.getByTestId('labels-popover').locator('input').first().check()
  await page.keyboard.press('Escape')
  await expect(page.getByTestId('labels-popover')).toBeHidden()
  await expect(page.getByTestId('filter-labels')).toBeFocused()
  await page.getByTestId('filters-clear').click()
})

test('the participants count reads as written, not in capitals', async ({ appPage: page, problems }) => {
  await page.getByTestId('group-row').first().click()
  const count = page.getByTestId('participants-count')
  await expect(count).toBeVisible()
  expect(await count.evaluate((el) => (el as HTMLElement).innerText)).toMatch(/^[\d,]+ of [\d,]+$/)
  await page.getByTestId('detail-close').click()
  expect(problems).toEqual([])
})
