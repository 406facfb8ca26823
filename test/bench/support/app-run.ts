/**
 * One first sync as a user has it: web mode started fresh, Chromium on its page, the account
 * connected through the form, until the status line says "Last synced". The time is the
 * page's own, from the connect click to the frame that shows "Last synced"; web mode's CPU
 * time (main and its worker threads: the whole process) is read from /proc just before the
 * click and as soon as the page has shown it; its resident memory then and after a settle.
 */
import { mkdir, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { chromium } from '@playwright/test'
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../e2e/support/chromium'
import { invoke } from './groups-ui-page'
import { picturesPhase } from './pictures-phase'
import { type ClientRun, cpuSeconds, load1, rssBytes, rssPeakWatch, sleep, threadWatch } from './proc-figures'
import { startWebMode } from './web-mode'

/**
 * Installed in the page just before the click: resolves with the page's clock at the click
 * and when "Last synced" is shown. A string, not a function: tsx would wrap a function's
 * inner names in a helper the page does not have.
 */
const WATCH_FIRST_SYNC = `window.__firstSync = new Promise((resolve) => {
  const views = document.querySelectorAll('[data-testid="connect-view"]')
  const button = views[views.length - 1].querySelector('[data-testid="connect-submit"]')
  let clicked = 0
  button.addEventListener('click', () => { clicked = performance.now() }, { capture: true, once: true })
  const observer = new MutationObserver(() => {
    const status = document.querySelector('[data-testid="status-last-synced"]')
    if (!clicked || !status || !status.textContent.includes('Last synced')) return
    observer.disconnect()
    const synced = performance.now()
    requestAnimationFrame(() => resolve({ clicked, synced, painted: performance.now() }))
  })
  observer.observe(document.body, { subtree: true, childList: true, characterData: true })
})
// The promise is read after the click: evaluating to it here would wait for the sync.
undefined`

export interface AppRunOptions {
  round: number
  groups: number
  outDir: string
  settleMs: number
  server: { baseUrl: string; token: string }
  /**
   * False: the picture downloads that follow the sync are turned off first. True: they are
   * measured too, the list in use meanwhile and then idle for `idleMs` (see pictures-phase.ts).
   */
  pictures: boolean
  idleMs: number
  /** A folder for V8 CPU profiles of web mode's threads (written when it stops). */
  cpuProfileDir?: string
  /** More flags for web mode's Node (a module that logs its memory, say). */
  nodeArgs?: readonly string[]
  /** Another copy of the project whose web mode runs instead (see BENCH_BEFORE_ROOT), and its name in the table. */
  from?: { root: string; way: string }
}

export async function runApp(options: AppRunOptions): Promise<ClientRun> {
  const profile = options.cpuProfileDir ? ['--cpu-prof', '--cpu-prof-dir', options.cpuProfileDir] : []
  const app = await startWebMode(options.outDir, [...profile, ...(options.nodeArgs ?? [])], options.from?.root)
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS })
  try {
    if (!options.pictures) await invoke(app, 'settings:update', { sync: { downloadPictures: false } })
    const page = await browser.newPage({ viewport: { width: 1360, height: 860 }, locale: 'en-US' })
    await page.goto(app.url)
    const view = page.getByTestId('connect-view').last()
    await view.getByTestId('connect-base-url').fill(options.server.baseUrl)
    await view.getByTestId('connect-token').fill(options.server.token)
    await view.getByTestId('connect-storage-session').check()
    // The page is loaded and idle: what web mode holds before any account.
    await sleep(2_000)
    const rssIdle = rssBytes(app.pid) ?? NaN
    await page.evaluate(WATCH_FIRST_SYNC)
    const load = load1()
    const cpuBefore = cpuSeconds(app.pid)
    const threads = threadWatch(app.pid)
    const rssPeak = rssPeakWatch(app.pid)
    const clickedAt = Date.now()
    // A sync that fails never shows "Last synced": its log line ends the run instead.
    const failed = app.logLine('groups sync failed', 3_600_000).then((line) => {
      throw new Error(`the sync failed: ${JSON.stringify(line)}`)
    })
    failed.catch(() => undefined)
    await view.getByTestId('connect-submit').click()
    const times = await Promise.race([page.evaluate('window.__firstSync'), failed])
    const cpuAfter = cpuSeconds(app.pid)
    const syncedAt = Date.now()
    const byThread = threads.stop()
    const rss = rssBytes(app.pid) ?? NaN
    const { clicked, painted } = times as { clicked: number; painted: number }
    const synced = await app.logLine('groups synced', 60_000)
    if (synced['total'] !== options.groups) throw new Error(`the sync saved ${String(synced['total'])} groups`)
    const pictures = options.pictures ? await picturesPhase(app, page, { ...options, rssPeak }) : undefined
    if (!pictures) {
      rssPeak.stop()
      await sleep(options.settleMs)
    }
    const rssSettled = pictures?.rssSettled ?? rssBytes(app.pid) ?? NaN
    if (options.cpuProfileDir) {
      // The profiles end when web mode stops, right after this: the sync's window counts back from there.
      const stopAt = Date.now()
      await mkdir(options.cpuProfileDir, { recursive: true })
      const window = { fromEndMs: stopAt - clickedAt, toEndMs: stopAt - syncedAt }
      await writeFile(join(options.cpuProfileDir, 'window.json'), JSON.stringify(window))
    }
    return {
      way: options.from?.way ?? 'app',
      round: options.round,
      ms: painted - clicked,
      cpu: cpuBefore === null || cpuAfter === null ? NaN : cpuAfter - cpuBefore,
      rss,
      rssSettled,
      load,
      rssIdle,
      stallMs: Number(synced['longestStallMs']),
      syncMs: Number(synced['durationMs']),
      threads: byThread,
      ...(pictures && { pictures }),
    }
  } finally {
    await browser.close()
    await app.stop()
  }
}
