import { expect, sharedSession, test } from './support/fixtures'
import { saveScreenshot } from './support/screenshots'

/**
 * Scheduled stories end to end: the real renderer in Chromium, web mode as its own process,
 * the emulator counting the stories it receives and when.
 */

/** The page's notifications are recorded instead of shown, as if the user had allowed them. */
function recordNotifications(): void {
  const shown: { title: string; body: string }[] = []
  ;(window as unknown as { shownNotifications: typeof shown }).shownNotifications = shown
  class RecordingNotification {
    static permission = 'granted'
    static requestPermission = async () => 'granted'
    constructor(title: string, options: { body?: string } = {}) {
      shown.push({ title, body: options.body ?? '' })
    }
  }
  ;(window as unknown as { Notification: unknown }).Notification = RecordingNotification
}

const session = sharedSession({
  emulatorOptions: { groups: 20, seed: 17 },
  // A named zone with daylight saving, whatever the machine's: the picker's times are read in it.
  window: { viewport: { width: 1360, height: 900 }, locale: 'en-GB', timezoneId: 'Europe/Berlin', initScript: recordNotifications },
  pageOptions: { consoleErrors: 'except-failed-loads', acceptDialogs: true },
  // Web mode has no keyring; the owner-only file keeps the token across the restart below.
  connection: { storage: 'weak' },
})

const received = (caption: string) => session.emulator.control.stories.list().filter((s) => s.caption === caption)

/** The wall time `ms` from now on the page's clock, whole seconds, as the picker takes it; and that instant. */
async function wallTimeAhead(ms: number): Promise<{ wall: string; at: number }> {
  const { page } = session
  return page.evaluate((ahead) => {
    const at = Math.ceil((Date.now() + ahead) / 1000) * 1000
    const d = new Date(at)
    const pad = (n: number) => String(n).padStart(2, '0')
    return {
      wall: `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`,
      at,
    }
  }, ms)
}

/** Local wall times next week (Monday-based, as en-GB counts), so the week calendar's screenshot is full whatever today is. */
async function nextWeekAt(day: number, hour: number, minute: number): Promise<string> {
  const { page } = session
  return page.evaluate(
    ([d, h, m]) => {
      const date = new Date()
      date.setHours(0, 0, 0, 0)
      date.setDate(date.getDate() - ((date.getDay() + 6) % 7) + 7 + d!)
      date.setHours(h!, m!, 0, 0)
      const pad = (n: number) => String(n).padStart(2, '0')
      return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(h!)}:${pad(m!)}`
    },
    [day, hour, minute],
  )
}

async function schedule(caption: string, wall: string, options: { background?: string } = {}): Promise<void> {
  const { page } = session
  await page.getByTestId('nav-story').click()
  await page.getByTestId('story-kind-text').click()
  await page.getByTestId('story-text').fill(caption)
  if (options.background) await page.getByTestId('story-background-code').fill(options.background)
  const toggle = page.getByTestId('story-schedule-toggle')
  if (!(await toggle.isChecked())) await toggle.check()
  await page.getByTestId('story-schedule-at').fill(wall)
  await expect(page.getByTestId('story-publish')).toHaveText(/Schedule/)
  await page.getByTestId('story-publish').click()
  await expect(page.getByTestId('story-result')).toHaveAttribute('data-state', 'scheduled')
}

test.describe.configure({ mode: 'serial' })

test('a story scheduled 5 s ahead is published at its time, once, and a notification says so without the number', async ({
  appPage: page,
  emulator,
}) => {
  const caption = 'Planned five seconds ahead, call +44 7911 123456'
  const due = await wallTimeAhead(5_000)
  await schedule(caption, due.wall)
  await expect(page.getByTestId('story-result-message')).toContainText('It will be published')
  expect(received(caption)).toHaveLength(0)

  await expect.poll(() => received(caption).length, { timeout: 30_000 }).toBe(1)
  const lateness = received(caption)[0]!.receivedAt - due.at
  test.info().annotations.push({ type: 'lateness', description: `${lateness} ms after its due time` })
  console.log(`scheduled story received ${lateness} ms after its due time`)
  // Never early; the bound is loose on purpose (two shared cores): the recorded lateness is the measure.
  expect(lateness).toBeGreaterThanOrEqual(0)
  expect(lateness).toBeLessThan(5_000)

  const notifications = () =>
    page.evaluate(() => (window as unknown as { shownNotifications: { title: string; body: string }[] }).shownNotifications)
  await expect.poll(async () => (await notifications()).map((n) => n.title)).toContain('Story published')
  const text = JSON.stringify(await notifications())
  expect(text).not.toContain('7911 123456')
  expect(text).not.toContain(emulator.token)
  expect(text).not.toMatch(/\d{7,}/)

  await page.getByTestId('nav-outbox').click()
  await expect(page.getByTestId('history-entry').first()).toContainText('Planned five seconds ahead')
  expect(received(caption)).toHaveLength(1)
})

test('planned stories: list and week calendar, edit, reschedule, duplicate, cancel', async ({ appPage: page, emulator }) => {
  await schedule('Monday market day: fresh bread from 9', await nextWeekAt(0, 9, 0), { background: '#FF0B6E4F' })
  await schedule('Lunch special all week', await nextWeekAt(2, 12, 30), { background: '#FF8E24AA' })
  await schedule('Friday night live music', await nextWeekAt(4, 18, 0), { background: '#FF1565C0' })
  await schedule('Weekend opening hours', await nextWeekAt(5, 10, 15), { background: '#FFEF6C00' })

  await page.getByTestId('story-result-outbox').click()
  const items = page.getByTestId('planned-item')
  await expect(items).toHaveCount(4)
  await expect(page.getByTestId('planned-count')).toHaveText('4 stories planned')

  // Edit the caption and the time of the second.
  const lunch = items.filter({ hasText: 'Lunch special' })
  await lunch.getByTestId('planned-edit-open').click()
  await lunch.getByTestId('planned-edit-caption').fill('Lunch special: soup and bread')
  await lunch.getByTestId('planned-edit-at').fill(`${(await nextWeekAt(2, 13, 0)).slice(0, 16)}`)
  await lunch.getByTestId('planned-save').click()
  await expect(items.filter({ hasText: 'Lunch special: soup and bread' }).getByTestId('planned-item-when')).toContainText('13:00')

  // Duplicate the last, then cancel the copy.
  await items.filter({ hasText: 'Weekend opening hours' }).getByTestId('planned-duplicate').click()
  await expect(items).toHaveCount(5)
  await items.filter({ hasText: 'Weekend opening hours' }).last().getByTestId('planned-cancel').click()
  await expect(items).toHaveCount(4)

  // Reschedule the first to the Tuesday.
  const monday = items.filter({ hasText: 'Monday market' })
  await monday.getByTestId('planned-reschedule').click()
  await monday.getByTestId('planned-edit-at').fill(await nextWeekAt(1, 9, 0))
  await monday.getByTestId('planned-save').click()
  await expect(monday.getByTestId('planned-item-when')).toContainText('Tue')

  await page.mouse.move(0, 0)
  await saveScreenshot(page, 'schedule-queue')

  await page.getByTestId('planned-view-week').click()
  await page.getByTestId('planned-week-next').click()
  await expect(page.getByTestId('planned-week-item')).toHaveCount(4)
  await expect(page.getByTestId('planned-week-day')).toHaveCount(7)
  await expect(page.getByTestId('planned-week-day').nth(1)).toContainText('Monday market')
  await page.mouse.move(0, 0)
  await saveScreenshot(page, 'schedule-week')
  await page.getByTestId('planned-view-list').click()
  // None of them went out.
  expect(emulator.control.stories.list().filter((s) => /market|Lunch|Friday|Weekend/.test(s.caption ?? ''))).toHaveLength(0)
})

test('a story due while the app is stopped is not sent at start; it is sent exactly once when the user says so', async ({
  appPage: page,
  problems,
}) => {
  const caption = 'Due while the app was stopped'
  const due = await wallTimeAhead(6_000)
  await schedule(caption, due.wall)

  await session.stopApp()
  // Let real time pass the due instant with the app not running.
  const remaining = due.at + 2_000 - Date.now()
  if (remaining > 0) await new Promise((resolve) => setTimeout(resolve, remaining))
  expect(received(caption)).toHaveLength(0)

  page = await session.restartApp()
  await expect(page.getByTestId('app-frame')).toBeVisible()
  await page.getByTestId('nav-outbox').click()
  const missed = page.getByTestId('planned-item').filter({ hasText: caption })
  await expect(missed).toHaveAttribute('data-state', 'missed')
  await expect(missed.getByTestId('planned-item-missed')).toContainText('It was not sent')
  // A successful sync (the connection is fine) does not send it either.
  await page.getByTestId('sync-now').click()
  await expect(page.getByTestId('status-last-synced')).toContainText('Last synced')
  expect(received(caption)).toHaveLength(0)

  await missed.getByTestId('planned-send-now').click()
  await expect.poll(() => received(caption).length, { timeout: 30_000 }).toBe(1)
  await expect(page.getByTestId('history-entry').first()).toContainText(caption)
  await expect(missed).toHaveCount(0)
  // The other planned stories are untouched, and nothing went twice.
  await expect(page.getByTestId('planned-item')).toHaveCount(4)
  expect(received(caption)).toHaveLength(1)
  expect(problems).toEqual([])
})
