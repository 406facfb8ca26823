/**
 * The pictures that follow a first sync, as a user has them: from "Last synced" until main
 * logs that the last one is stored ("group pictures synced"), with the list in use the
 * whole time, as the outside check uses it: groups:query (a search) every 250 ms over
 * HTTP, and a keystroke in the page's search box every 2 s (keystroke → rows). Then the
 * same use for a while with nothing downloading ("idle"): its latencies are the baseline,
 * and its CPU per second is what the use itself costs, taken out of the pictures' CPU
 * ("net of the queries").
 */
import type { Page } from '@playwright/test'
import { PAIRS, clearSearch, keystroke, timeQuery } from './groups-ui-page'
import { cpuSeconds, rssBytes, sleep, threadWatch } from './proc-figures'
import type { WebMode } from './web-mode'

const QUERY_EVERY_MS = 250
const KEYSTROKE_EVERY_MS = 2_000
/** Single letters, each typed into an empty box. */
const LETTERS = 'aeiourstnlcdmhpbgkfwy'

export interface Use {
  /** groups:query over HTTP, ms each. */
  queries: number[]
  /** Keystroke → rows in the page, ms each. */
  keystrokes: number[]
  /** Wall time, s. */
  seconds: number
  /** CPU seconds by thread kind over the time (see threadWatch), and the whole process's. */
  cpu: { main: number; before: number; started: number; whole: number }
}

export interface PicturesPhase {
  /** Main's own figures from its log line: how long the run took, its longest stall, what it did. */
  ms: number
  stallMs: number
  downloaded: number
  failed: number
  during: Use
  idle: Use
  /** CPU seconds of the pictures net of the use (its idle CPU per second times the pictures' time). */
  net: { main: number; others: number; whole: number }
  /** RSS read `settleMs` after "Last synced", and its peak from Connect until the last picture was stored. */
  rssSettled: number
  rssPeak: number
}

/** The list in use until `until` settles: queries and keystrokes side by side. */
async function use(app: WebMode, page: Page, until: Promise<unknown>): Promise<Omit<Use, 'cpu' | 'seconds'>> {
  let done = false
  void until.finally(() => (done = true))
  const queries: number[] = []
  const keystrokes: number[] = []
  let letter = 0
  const querying = async (): Promise<void> => {
    for (let i = 0; !done; i++) {
      const ms = await timeQuery(app, PAIRS[i % PAIRS.length] as string)
      queries.push(ms)
      await sleep(Math.max(0, QUERY_EVERY_MS - ms))
    }
  }
  const typing = async (): Promise<void> => {
    while (!done) {
      const started = performance.now()
      keystrokes.push((await keystroke(page, LETTERS[letter++ % LETTERS.length] as string)).ms)
      await clearSearch(page)
      await sleep(Math.max(0, KEYSTROKE_EVERY_MS - (performance.now() - started)))
    }
  }
  await Promise.all([querying(), typing(), until])
  return { queries, keystrokes }
}

/** The list's use while `until` runs, with the CPU it took. */
async function measured(app: WebMode, page: Page, until: Promise<unknown>): Promise<Use> {
  const threads = threadWatch(app.pid)
  const before = cpuSeconds(app.pid) ?? NaN
  const started = performance.now()
  const heard = await use(app, page, until)
  const seconds = (performance.now() - started) / 1000
  const byThread = threads.stop()
  return { ...heard, seconds, cpu: { ...byThread, whole: (cpuSeconds(app.pid) ?? NaN) - before } }
}

/** From "Last synced" on: the pictures with the list in use, then `idleMs` of the same use with nothing downloading. */
export async function picturesPhase(
  app: WebMode,
  page: Page,
  options: { idleMs: number; settleMs: number; rssPeak: { stop(): number } },
): Promise<PicturesPhase> {
  await page.getByTestId('groups-search').focus()
  let rssSettled = NaN
  const settle = setTimeout(() => (rssSettled = rssBytes(app.pid) ?? NaN), options.settleMs)
  const failed = app.logLine('group pictures not synced', 3_600_000).then((line) => {
    throw new Error(`the pictures failed: ${JSON.stringify(line)}`)
  })
  failed.catch(() => undefined)
  const finished = Promise.race([app.logLine('group pictures synced', 3_600_000), failed])
  const during = await measured(app, page, finished)
  const rssPeak = options.rssPeak.stop()
  clearTimeout(settle)
  const line = await finished
  const idle = await measured(app, page, sleep(options.idleMs))
  // What the use costs a second when nothing downloads, for as long as the pictures took.
  const useOf = (cpu: number): number => (cpu / idle.seconds) * during.seconds
  const main = during.cpu.main - useOf(idle.cpu.main)
  const whole = during.cpu.whole - useOf(idle.cpu.whole)
  return {
    ms: Number(line['durationMs']),
    stallMs: Number(line['longestStallMs']),
    downloaded: Number(line['downloaded']),
    failed: Number(line['failed']),
    during,
    idle,
    net: { main, others: whole - main, whole },
    rssSettled,
    rssPeak,
  }
}
