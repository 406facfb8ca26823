import type { Page } from '@playwright/test'
import { expect, test } from './support/fixtures'
import { saveScreenshot } from './support/screenshots'

/**
 * The posting queue end to end: times set in Settings, a story added to the queue from the
 * composer and seen in its slot on the calendar, moved to another slot, and sent there once by
 * web mode's own clock. Slots are whole minutes, so the first one is set a little under a minute
 * ahead: the spec takes as long as the wait for it.
 */

test.use({
  emulatorOptions: { groups: 5, seed: 27 },
  // A named zone with daylight saving, whatever the machine's: the queue starts in the page's zone.
  locale: 'en-GB',
  timezoneId: 'Europe/Berlin',
  viewport: { width: 1360, height: 900 },
  pageOptions: { consoleErrors: 'except-failed-loads' },
  // Web mode has no keyring.
  connection: { storage: 'session' },
})

/** The first whole minutes at least `ahead` ms from now on the page's clock, as "HH:MM", and their instants. */
async function minutesAhead(page: Page, ahead: number, count: number): Promise<Array<{ time: string; at: number }>> {
  return page.evaluate(
    ([ms, n]) => {
      const first = Math.ceil((Date.now() + ms!) / 60_000) * 60_000
      const pad = (value: number) => String(value).padStart(2, '0')
      return Array.from({ length: n! }, (_, i) => {
        const date = new Date(first + i * 60_000)
        return { time: `${pad(date.getHours())}:${pad(date.getMinutes())}`, at: date.getTime() }
      })
    },
    [ahead, count],
  )
}

async function addToQueue(page: Page, caption: string): Promise<string> {
  await page.getByTestId('nav-story').click()
  await page.getByTestId('story-kind-text').click()
  await page.getByTestId('story-text').fill(caption)
  await page.getByTestId('story-add-to-queue').click()
  const slot = page.getByTestId('story-queue-slot')
  await expect(slot).toHaveCount(1)
  await expect(slot).toHaveAttribute('data-at', /Z$/)
  const at = (await slot.getAttribute('data-at'))!
  await saveScreenshot(page, 'posting-queue-add')
  await page.getByTestId('story-queue-confirm-button').click()
  await expect(page.getByTestId('story-result')).toHaveAttribute('data-state', 'scheduled')
  return at
}

test('slots set in Settings, a story added to the queue, seen on the calendar, moved, and sent there once', async ({
  connectedPage: page,
  emulator,
  problems,
}) => {
  test.setTimeout(150_000)
  const received = (caption: string) => emulator.control.stories.list().filter((story) => story.caption === caption)

  await page.getByTestId('nav-settings').click()
  const section = page.getByTestId('settings-queue')
  await section.scrollIntoViewIfNeeded()
  await expect(section.getByTestId('queue-zone')).toHaveValue('Europe/Berlin')
  await expect(section.getByTestId('queue-empty')).toBeVisible()
  // Far enough ahead that the first story still finds the first slot free after the queue's margin.
  const slots = await minutesAhead(page, 25_000, 3)
  for (const { time } of slots) {
    await section.getByTestId('queue-new-time').fill(time)
    await section.getByTestId('queue-add-time').click()
    await expect(section.locator(`[data-testid="queue-time-row"][data-time="${time}"]`)).toBeVisible()
  }
  // A new time is on every day; one of them narrowed to Monday to Friday and back.
  const last = section.locator(`[data-testid="queue-time-row"][data-time="${slots[2]!.time}"]`)
  await last.getByTestId('queue-preset-weekdays').click()
  await expect(section.getByTestId('queue-count')).toHaveText('19 times a week')
  await last.getByTestId('queue-preset-every-day').click()
  await expect(section.getByTestId('queue-count')).toHaveText('21 times a week')
  await page.mouse.move(0, 0)
  await saveScreenshot(page, 'posting-queue-settings')

  const first = await addToQueue(page, 'Queued first: bread at the corner shop')
  const second = await addToQueue(page, 'Queued second: cakes on the counter')
  expect(Date.parse(second)).toBeGreaterThan(Date.parse(first))
  expect(slots.map((slot) => new Date(slot.at).toISOString())).toContain(first)

  // The calendar shows both in their slots, and the third slot free.
  await page.getByTestId('nav-outbox').click()
  await page.getByTestId('planned-view-week').click()
  const chips = page.getByTestId('planned-week-item')
  await expect(chips).toHaveCount(2)
  await expect(chips.first()).toContainText('bread')
  await expect(chips.first()).toHaveAttribute('data-queued', 'true')
  await expect(page.locator('[data-testid="planned-week-slot"][data-taken="false"]').first()).toBeVisible()

  // The second moves to the first's slot from the keyboard: the two change places.
  const cakes = chips.filter({ hasText: 'cakes' })
  await cakes.getByTestId('queue-move-open').focus()
  await page.keyboard.press('Enter')
  const target = cakes.locator(`[data-testid="queue-move-target"][data-at="${first}"]`)
  await expect(target).toContainText('changes places with')
  for (let step = 0; step < 12 && !(await target.evaluate((element) => element === document.activeElement)); step++)
    await page.keyboard.press('ArrowDown')
  await expect(target).toBeFocused()
  await saveScreenshot(page, 'posting-queue-week')
  await page.keyboard.press('Enter')
  await expect(chips.first()).toContainText('cakes')
  await expect(chips.nth(1)).toContainText('bread')

  // Web mode sends the story in the first slot at its time, once; the other waits for its own.
  const due = Date.parse(first)
  await expect.poll(() => received('Queued second: cakes on the counter').length, { timeout: due - Date.now() + 30_000 }).toBe(1)
  const sent = received('Queued second: cakes on the counter')[0]!
  expect(sent.receivedAt).toBeGreaterThanOrEqual(due)
  await expect(chips).toHaveCount(1)
  await expect(chips.first()).toContainText('bread')
  expect(received('Queued first: bread at the corner shop')).toHaveLength(0)
  await page.waitForTimeout(2_000)
  expect(received('Queued second: cakes on the counter')).toHaveLength(1)
  expect(problems).toEqual([])
})
