/// <reference lib="dom" />
import { readFile, readdir } from 'node:fs/promises'
import { join } from 'node:path'
import { parse } from 'csv-parse/sync'
import { fillConnect } from './support/accounts-helpers'
import { expect, sharedSession, test } from './support/fixtures'
import { saveScreenshot } from './support/screenshots'

const GROUPS = 5000

const session = sharedSession({
  emulatorOptions: { groups: GROUPS, seed: 42 },
  appOptions: { downloads: true },
  window: { viewport: { width: 1360, height: 860 }, locale: 'en-GB', permissions: ['clipboard-read', 'clipboard-write'] },
  // Requests refused while the emulator is stopped are the point of the offline test.
  pageOptions: { consoleErrors: 'except-failed-loads' },
})

const rows = () => session.page.getByTestId('group-row')
const count = () => session.page.getByTestId('groups-count')

async function shoot(name: string): Promise<void> {
  const { page } = session
  await page.mouse.move(0, 0)
  // Toasts leave by themselves too, so they are dismissed in one go rather than one by one.
  await page.evaluate(() => document.querySelectorAll<HTMLElement>('[data-testid="toast-dismiss"]').forEach((b) => b.click()))
  await expect(page.getByTestId('toast')).toHaveCount(0)
  await saveScreenshot(page, name)
}

async function setTheme(theme: 'light' | 'dark'): Promise<void> {
  const { page } = session
  await page.getByTestId('nav-settings').click()
  await page.getByTestId(`theme-${theme}`).check({ force: true })
  await expect(page.locator('html')).toHaveAttribute('data-theme', theme)
  await page.getByTestId('nav-groups').click()
}

/** Does `action` and waits for the list to show the answer to the query it made. */
/**
 * Runs `action` (a search or a filter), then waits until the list shows fewer than all the
 * groups. A version change alone is not enough: pictures arriving or the cache check finishing
 * also refresh the list, with every group still in it.
 */
async function narrowList(action: () => Promise<void>): Promise<number> {
  const list = session.page.getByTestId('group-list')
  await action()
  await expect.poll(async () => Number(await list.getAttribute('data-matching'))).toBeLessThan(GROUPS)
  return Number(await list.getAttribute('data-matching'))
}

async function visibleNames(): Promise<string[]> {
  return rows().getByTestId('group-row-name').allTextContents()
}

test.describe.configure({ mode: 'serial' })

test('connects to the account and lists its 5,000 groups, keeping only visible rows in the page', async ({ appPage: page, emulator }) => {
  await fillConnect(page, { baseUrl: emulator.baseUrl, token: emulator.token, label: 'Shop account', storage: 'session' })

  await expect(page.getByTestId('app-frame')).toBeVisible()
  await expect(count()).toHaveText('5,000 groups', { timeout: 60_000 })
  await expect(page.getByTestId('status-online')).toHaveAttribute('data-online', 'true')
  await expect(page.getByTestId('status-last-synced')).toContainText('Last synced')
  await expect(rows().first()).toBeVisible()

  const mounted = await page.locator('[data-testid="group-list"] [role="option"]').count()
  expect(mounted).toBeGreaterThan(5)
  expect(mounted).toBeLessThan(80)
  await expect(page.getByTestId('group-list')).toHaveAttribute('data-matching', String(GROUPS))

  // Scrolling far down fetches that window and still keeps the page small.
  await page.getByTestId('group-list').evaluate((el) => (el.scrollTop = el.scrollHeight / 2))
  await expect(page.locator('[data-testid="group-row"][data-index="2500"]')).toBeVisible()
  expect(await page.locator('[data-testid="group-list"] [role="option"]').count()).toBeLessThan(80)
  await page.getByTestId('group-list').evaluate((el) => (el.scrollTop = 0))

  await shoot('groups-light')
})

test('searches ignoring case and accents, filters and sorts', async ({ appPage: page }) => {
  expect(await narrowList(() => page.getByTestId('groups-search').fill('cafe lumiere'))).toBeGreaterThan(0)
  const names = await visibleNames()
  expect(names.length).toBeGreaterThan(0)
  for (const name of names) expect(name).toContain('Café Lumière')
  await page.getByTestId('groups-search-clear').click()
  await expect(count()).toHaveText('5,000 groups')

  expect(await narrowList(() => page.getByTestId('filter-unread').click())).toBeGreaterThan(0)
  const unreadRows = rows()
  const shown = await unreadRows.count()
  for (let i = 0; i < shown; i++) await expect(unreadRows.nth(i).getByTestId('group-row-unread')).toBeVisible()

  await page.getByTestId('groups-sort').selectOption('unread')
  await expect(async () => {
    const badges = await rows().getByTestId('group-row-unread').allTextContents()
    expect(badges[0]).toBe('999+')
  }).toPass()
  await page.getByTestId('filter-unread').click()
  await expect(count()).toHaveText('5,000 groups')

  await page.getByTestId('groups-sort').selectOption('name')
  await expect(async () => {
    const sorted = await visibleNames()
    const collator = new Intl.Collator(undefined, { sensitivity: 'base', numeric: true })
    // Leading emoji and symbols do not count: a name files under its first letter or digit.
    const key = (name: string) => name.replace(/^[^\p{L}\p{N}]+/u, '')
    expect(sorted.length).toBeGreaterThan(5)
    expect([...sorted].sort((a, b) => collator.compare(key(a), key(b)))).toEqual(sorted)
  }).toPass()
  await page.getByTestId('groups-sort').selectOption('recent')
})

test('opens a group from the keyboard and closes it with Escape', async ({ appPage: page }) => {
  await page.keyboard.press('Control+f')
  await expect(page.getByTestId('groups-search')).toBeFocused()
  // From the search box, Down goes to the list (its first row); two more reach the third.
  await page.keyboard.press('ArrowDown')
  await expect(page.getByTestId('group-list')).toBeFocused()
  await expect(page.getByTestId('group-list')).toHaveAttribute('aria-activedescendant', 'group-option-0')
  await page.keyboard.press('ArrowDown')
  await page.keyboard.press('ArrowDown')
  await page.keyboard.press('Enter')
  const third = page.locator('[data-testid="group-row"][data-index="2"]')
  await expect(page.getByTestId('group-detail')).toBeVisible()
  await expect(page.getByTestId('detail-name')).toHaveText((await third.getByTestId('group-row-name').textContent()) ?? '')
  await expect(third).toHaveAttribute('aria-selected', 'true')
  await page.keyboard.press('Escape')
  await expect(page.getByTestId('group-detail')).toBeHidden()
})

test('shows a group in full and copies its invite link', async ({ appPage: page }) => {
  expect(await narrowList(() => page.getByTestId('filter-admin').click())).toBeGreaterThan(0)
  await rows().first().click()
  await expect(page.getByTestId('group-detail')).toBeVisible()
  await expect(page.getByTestId('detail-flags')).toBeVisible()
  await expect(page.getByTestId('detail-participants')).toBeVisible()
  await expect(page.getByTestId('message-view')).toBeVisible()

  const link = (await page.getByTestId('detail-invite-link').textContent()) ?? ''
  expect(link).toMatch(/^https:\/\/chat\.whatsapp\.com\/\w+$/)
  await page.getByTestId('copy-invite').click()
  await expect(page.getByTestId('toast').filter({ hasText: 'Copied' })).toBeVisible()
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link)

  await shoot('detail-light')
  await setTheme('dark')
  await expect(page.getByTestId('group-detail')).toBeVisible()
  await shoot('detail-dark')

  const someone = ((await page.getByTestId('participant-id').nth(3).textContent()) ?? '').trim()
  await page.getByTestId('participants-search').fill(someone.slice(-9))
  await expect(page.getByTestId('participant-id').first()).toHaveText(someone)
  await expect(page.getByTestId('participants-count')).toHaveText(/^1 of /)
  await page.getByTestId('participants-search').fill('')

  await page.getByTestId('detail-close').click()
  await page.getByTestId('filter-admin').click()
  await expect(count()).toHaveText('5,000 groups')
  await shoot('groups-dark')
  await setTheme('light')
})

test('exports the filtered groups and a group’s participants to CSV files', async ({ appPage: page, app }) => {
  const matching = await narrowList(() => page.getByTestId('filter-pinned').click())
  expect(matching).toBeGreaterThan(0)
  expect(matching).toBeLessThan(GROUPS)
  await page.getByTestId('groups-export').click()
  await expect(page.getByTestId('toast').filter({ hasText: `Saved ${matching} rows` })).toBeVisible()

  const { downloads } = app
  const [file] = (await readdir(downloads)).filter((name) => name.startsWith('groups-'))
  const text = await readFile(join(downloads, file!), 'utf8')
  expect(text.charCodeAt(0)).toBe(0xfeff)
  const records = parse(text, { bom: true, columns: true }) as Array<Record<string, string>>
  expect(records).toHaveLength(matching)
  expect(records.every((r) => r['pinned'] === 'true')).toBe(true)
  expect(records.map((r) => r['name'])).toEqual(expect.arrayContaining(await visibleNames()))

  await rows().first().click()
  const size = Number((await page.getByTestId('participants-count').textContent())?.split(' of ')[1]?.replace(/\D/g, ''))
  await page.getByTestId('participants-export').click()
  await expect(page.getByTestId('toast').filter({ hasText: `Saved ${size} rows` })).toBeVisible()
  const [participants] = (await readdir(downloads)).filter((name) => name.startsWith('participants-'))
  const people = parse(await readFile(join(downloads, participants!), 'utf8'), { bom: true, columns: true }) as unknown[]
  expect(people).toHaveLength(size)
  await page.getByTestId('detail-close').click()
  await page.getByTestId('filter-pinned').click()
})

test('keeps browsing from the cache when the server is gone', async ({ appPage: page, emulator, problems }) => {
  await emulator.stop()
  await page.getByTestId('sync-now').click()
  await expect(page.getByTestId('status-online')).toHaveAttribute('data-online', 'false', { timeout: 30_000 })
  await expect(page.getByTestId('status-cached')).toBeVisible()
  await expect(page.getByTestId('status-error')).toBeVisible()

  await expect(count()).toHaveText('5,000 groups')
  expect(await narrowList(() => page.getByTestId('groups-search').fill('book club'))).toBeGreaterThan(0)
  await rows().first().click()
  await expect(page.getByTestId('detail-name')).toContainText('Book Club')
  await shoot('offline-light')
  await page.getByTestId('detail-close').click()
  await page.getByTestId('groups-search-clear').click()

  expect(problems).toEqual([])
})
