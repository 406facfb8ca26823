/// <reference lib="dom" />
import { readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { parse } from 'csv-parse/sync'
import type { Emulator } from '../../src-main/emulator'
import { seriousViolations } from './support/axe'
import { connectAccount, expect, test } from './support/fixtures'
import { saveScreenshot } from './support/screenshots'

/**
 * Insights end to end: two stories (one published here, one from the phone) whose viewers
 * accrue over most of a day on the emulator's clock, moved forward by its control route; the
 * app samples them when it starts again, and the Insights view shows them. The heatmap's
 * named cells, its table and the totals must tell the same figures; the CSV goes where the
 * view says; the view passes axe in both themes.
 */

/**
 * The app counts each story's sampling interval on its own clock, which the emulator's control
 * does not move: a story found at one start is due for its sample minutes later. Web mode reads
 * how far ahead its clock runs from this file when it starts (0 unless written), so a start
 * "three minutes later" is a restart away rather than three minutes of waiting.
 */
const CLOCK_FILE = join(tmpdir(), `statusdesk-insights-clock-${process.pid}`)
const SHIFT_CLOCK = `import{readFileSync}from"node:fs";let o=0;try{o=Number(readFileSync(process.env.STATUSDESK_E2E_CLOCK_FILE,"utf8"))||0}catch{}const n=Date.now;Date.now=()=>n()+o;`
const NODE_OPTIONS = `${process.env['NODE_OPTIONS'] ?? ''} --import=data:text/javascript,${encodeURIComponent(SHIFT_CLOCK)}`.trim()

test.use({
  emulatorOptions: { groups: 40, seed: 27 },
  appOptions: { downloads: true, env: { NODE_OPTIONS, STATUSDESK_E2E_CLOCK_FILE: CLOCK_FILE } },
  viewport: { width: 1360, height: 900 },
  locale: 'en-GB',
  timezoneId: 'Europe/Madrid',
})

test.afterAll(() => rm(CLOCK_FILE, { force: true }))

/** Viewers keep coming for a story's 24 hours; 20 of them pass, so the stories are still listed when the app looks. */
const DAY_MOSTLY_MS = 20 * 3600_000

async function control(emulator: Emulator, path: string, body: unknown): Promise<unknown> {
  const response = await fetch(`${emulator.baseUrl}/__emulator${path}`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${emulator.token}`, 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  })
  expect(response.ok, `${path} answered ${response.status}`).toBe(true)
  return response.json()
}

const number = (text: string): number => Number(text.replace(/[^\d]/g, ''))
/** The views in the totals line ("2 stories, 1,234 views · from …"); 0 while none are counted. */
const viewsIn = (text: string | null): number => number(/([\d,]+) views?\b/.exec(text ?? '')?.[1] ?? '0')

test('counts a day of viewers, shows them as a heatmap that its table agrees with, and exports them', async ({
  appPage: page,
  app,
  emulator,
  problems,
}) => {
  test.setTimeout(55_000)
  await writeFile(CLOCK_FILE, '0')
  // Web mode has no keyring; the owner-only file keeps the token across the restarts below.
  await connectAccount(page, emulator, { storage: 'weak' })

  await page.getByTestId('nav-story').click()
  await page.getByTestId('story-kind-text').click()
  await page.getByTestId('story-text').fill('Fresh bread at six')
  await page.getByTestId('story-publish').click()
  await expect(page.getByTestId('story-result')).toHaveAttribute('data-state', 'sent')
  await control(emulator, '/phone-story', { caption: 'Closed on Monday' })

  const before = emulator.control.clock.now()
  const moved = (await control(emulator, '/clock', { advanceMs: DAY_MOSTLY_MS })) as { nowMs: number }
  expect(moved.nowMs - before).toBeGreaterThanOrEqual(DAY_MOSTLY_MS)

  // The sampler makes a round as the app starts: the first start finds both stories, the next
  // (three minutes later on the app's clock) reads their viewers.
  app = await app.restart()
  await page.goto(app.url)
  await expect(page.getByTestId('app-frame')).toBeVisible({ timeout: 20_000 })
  await writeFile(CLOCK_FILE, String(3 * 60_000))
  app = await app.restart()
  await page.goto(app.url)
  await expect(page.getByTestId('app-frame')).toBeVisible({ timeout: 20_000 })
  await page.getByTestId('nav-insights').click()
  const totals = page.getByTestId('insights-totals')
  await expect(totals).toContainText('2 stories', { timeout: 20_000 })
  await expect.poll(async () => viewsIn(await totals.textContent())).toBeGreaterThan(0)
  const views = viewsIn(await totals.textContent())

  // Each cell is named in words with the figure it is shaded by; together they are every view.
  const cells = await page.getByTestId('heatmap-cell').evaluateAll((elements) =>
    elements.map((element) => ({
      key: `${(element as HTMLElement).dataset['weekday']}/${(element as HTMLElement).dataset['hour']}`,
      label: element.getAttribute('aria-label') ?? '',
      views: Number((element as HTMLElement).dataset['views']),
    })),
  )
  expect(cells).toHaveLength(168)
  for (const cell of cells) {
    const said = cell.views === 0 ? 'no views' : `${cell.views.toLocaleString('en-GB')} view${cell.views === 1 ? '' : 's'}`
    expect(cell.label).toMatch(/^(Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday) \d\d:00–\d\d:00: /)
    expect(cell.label.endsWith(`: ${said}`), cell.label).toBe(true)
  }
  expect(cells.reduce((sum, cell) => sum + cell.views, 0)).toBe(views)
  const strongest = cells.reduce((top, cell) => (cell.views > top.views ? cell : top))
  await expect(page.getByTestId('heatmap-summary')).toContainText(strongest.label.replace(/: [^:]+$/, ''))

  // One tab stop, and the arrow keys walk the grid.
  await page.locator('[data-testid="heatmap-cell"][tabindex="0"]').focus()
  await page.keyboard.press('ArrowDown')
  await expect(page.locator('[data-testid="heatmap-cell"]:focus')).toHaveCount(1)
  await expect(page.getByTestId('heatmap-readout')).not.toBeEmpty()

  // The table view gives the same figures, cell for cell.
  await page.getByTestId('heatmap-card-table-toggle').click()
  await expect(page.getByTestId('heatmap-card-table-toggle')).toHaveAttribute('aria-pressed', 'true')
  const table = await page.getByTestId('heatmap-table-cell').evaluateAll((elements) =>
    elements.map((element) => ({
      key: `${(element as HTMLElement).dataset['weekday']}/${(element as HTMLElement).dataset['hour']}`,
      text: element.textContent?.trim() ?? '',
    })),
  )
  expect(Object.fromEntries(table.map((cell) => [cell.key, number(cell.text)]))).toEqual(
    Object.fromEntries(cells.map((cell) => [cell.key, cell.views])),
  )

  // Both stories ranked, each saying where it was posted from.
  const stories = page.getByTestId('insights-story')
  await expect(stories).toHaveCount(2)
  await expect(stories.filter({ hasText: 'Fresh bread at six' })).toContainText('Statusdesk')
  await expect(stories.filter({ hasText: 'Closed on Monday' })).toContainText('Phone')

  // The CSV goes where the view says, one row per story.
  await page.getByTestId('insights-export').click()
  const exported = page.getByTestId('insights-exported')
  await expect(exported).toContainText('Saved 2 stories to ')
  const path = (await exported.textContent())!.trim().replace(/^Saved 2 stories to /, '')
  expect(path.startsWith(app.downloads)).toBe(true)
  const records = parse(await readFile(path, 'utf8'), { bom: true, columns: true }) as Array<Record<string, string>>
  expect(records).toHaveLength(2)

  // axe on the table view, then on the charts in both themes.
  expect(await seriousViolations(page)).toEqual([])
  await page.getByTestId('heatmap-card-table-toggle').click()
  await expect(page.getByTestId('heatmap')).toBeVisible()
  expect(await seriousViolations(page)).toEqual([])
  await page.mouse.move(0, 0)
  await saveScreenshot(page, 'insights-light')
  await page.emulateMedia({ colorScheme: 'dark' })
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark')
  await expect(page.getByTestId('heatmap')).toBeVisible()
  expect(await seriousViolations(page)).toEqual([])
  await saveScreenshot(page, 'insights-dark')

  // "Publish at…" says what this short history allows.
  await page.getByTestId('nav-story').click()
  await page.getByTestId('story-schedule-toggle').check()
  await expect(page.getByTestId('best-times')).toBeVisible()
  await expect(page.getByTestId('best-times-thin').or(page.getByTestId('best-time').first())).toBeVisible()
  expect(problems).toEqual([])
})
