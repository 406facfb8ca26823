/// <reference lib="dom" />
import type { Page } from '@playwright/test'
import { expect, test } from './support/fixtures'

test.use({ viewport: { width: 1280, height: 800 }, locale: 'en-GB' })

interface Focused {
  testid: string | null
  tag: string
  ring: boolean
}

/** What has the focus, and whether it is drawn with a visible ring (outline or box shadow). */
function focused(page: Page): Promise<Focused> {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null
    if (!el || el === document.body) return { testid: null, tag: 'body', ring: false }
    const style = getComputedStyle(el)
    const outline = style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) >= 1
    const shadow = style.boxShadow !== 'none'
    // A radio hidden inside its label shows focus on the label (:focus-within).
    const label = el.closest('label')
    const labelRing = label ? getComputedStyle(label).outlineStyle !== 'none' : false
    return { testid: el.dataset['testid'] ?? null, tag: el.tagName.toLowerCase(), ring: outline || shadow || labelRing }
  })
}

/** Presses Tab until the element with `testid` has the focus; every stop on the way must show its ring. */
async function tabTo(page: Page, testid: string, unringed: string[], limit = 60): Promise<void> {
  for (let i = 0; i < limit; i++) {
    await page.keyboard.press('Tab')
    const now = await focused(page)
    if (now.tag !== 'body' && !now.ring) unringed.push(now.testid ?? now.tag)
    if (now.testid === testid) return
  }
  throw new Error(`${testid} was not reached with ${limit} presses of Tab`)
}

test('connects the demo, finds a group, opens it and publishes a story with the keyboard alone', async ({ page, app }) => {
  test.setTimeout(120_000)
  // Every pointer event the page sees is counted: the journey must not need one.
  await page.addInitScript(() => {
    const counter = window as unknown as { pointerEvents: number }
    counter.pointerEvents = 0
    for (const type of ['pointerdown', 'mousedown', 'mouseup', 'mousemove', 'wheel']) {
      window.addEventListener(type, () => counter.pointerEvents++, true)
    }
  })
  const unringed: string[] = []

  await page.goto(app.url)
  await expect(page.getByTestId('connect-view')).toBeVisible()
  await tabTo(page, 'connect-demo', unringed)
  await page.keyboard.press('Enter')
  const rows = page.getByTestId('group-row')
  await expect(rows.first()).toBeVisible({ timeout: 60_000 })

  // Find a group by a word of its name, as someone who knows what they are after.
  const name = (await rows.nth(2).getByTestId('group-row-name').textContent())!.trim()
  await page.keyboard.press('Control+f')
  await expect(page.getByTestId('groups-search')).toBeFocused()
  await page.keyboard.type(name)
  await expect(rows.first().getByTestId('group-row-name')).toHaveText(name)
  await page.keyboard.press('ArrowDown')
  await page.keyboard.press('Enter')
  await expect(page.getByTestId('group-detail')).toBeVisible()
  await expect(page.getByTestId('group-detail')).toContainText(name)

  await page.keyboard.press('Control+n')
  await expect(page.getByTestId('story-view')).toBeVisible()
  await tabTo(page, 'story-text', unringed)
  await page.keyboard.type('Open today from 9 to 5')
  await tabTo(page, 'story-publish', unringed)
  await page.keyboard.press('Enter')
  await expect(page.getByTestId('story-result')).toContainText('Published', { timeout: 30_000 })
  // The result is announced: a live region that was in the page before the press now says it.
  await expect(page.getByTestId('story-announcer')).toHaveAttribute('role', 'status')
  await expect(page.getByTestId('story-announcer')).toHaveText('Published.')

  expect(unringed, 'controls focused without a visible focus ring').toEqual([])
  expect(await page.evaluate(() => (window as unknown as { pointerEvents: number }).pointerEvents)).toBe(0)
})
