/// <reference lib="dom" />
/**
 * What the groups-ui benchmark does to the app: calls over web mode's HTTP transport, and
 * keystrokes in the search box timed inside the page.
 */
import type { Page } from '@playwright/test'
import { WEB_SECRET_HEADER } from '../../../src-shared/web-transport'
import type { WebApp } from '../../e2e/support/web-app'

/** One contract channel over `/api/invoke`, as the renderer's HTTP bridge calls it. */
export async function invoke<T>(app: WebApp, channel: string, arg?: unknown): Promise<T> {
  const response = await fetch(`${app.origin}/api/invoke/${channel}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      origin: app.origin,
      [WEB_SECRET_HEADER]: app.secret,
    },
    body: JSON.stringify(arg === undefined ? {} : { arg }),
  })
  const result = (await response.json()) as { ok: boolean; value?: T; error?: { message: string } }
  if (!result.ok) throw new Error(`${channel}: ${result.error?.message ?? 'failed'}`)
  return result.value as T
}

const shown = new WeakMap<WebApp, Promise<string>>()

/**
 * The account the benchmark's calls are about: the one chosen last, which a caller that never
 * chose (these calls name no client) starts on. Asked once per app.
 */
export function benchedAccount(app: WebApp): Promise<string> {
  let known = shown.get(app)
  if (!known) {
    known = invoke<{ activeId: string | null }>(app, 'accounts:list').then(({ activeId }) => {
      if (activeId === null) throw new Error('no account on screen')
      return activeId
    })
    shown.set(app, known)
  }
  return known
}

/**
 * Group pictures download in the background after a sync, and the list refreshes as they
 * arrive; at 50,000 groups that goes on for minutes and would load one run and not the
 * other. The benchmark measures the list, so they are turned off (the rows show initials).
 */
export async function withoutPictureDownloads(app: WebApp): Promise<void> {
  await invoke(app, 'settings:update', { sync: { downloadPictures: false } })
}

/** Two-letter searches no keystroke uses, so the index's cache of recent matches cannot answer them. */
export const PAIRS = [
  'an',
  'er',
  'ou',
  'in',
  'es',
  'ar',
  'on',
  'or',
  'en',
  'ra',
  'le',
  'ri',
  'st',
  'al',
  'ch',
  'ma',
  'la',
  'ne',
  'ti',
  'co',
  'de',
]

/** The same kind of search sent straight to groups:query over HTTP: main's share of a keystroke. */
export async function timeQuery(app: WebApp, search: string): Promise<number> {
  const accountId = await benchedAccount(app)
  const started = performance.now()
  await invoke(app, 'groups:query', { accountId, search, offset: 0, limit: 100 })
  return performance.now() - started
}

export interface Keystroke {
  ms: number
  /** The sync indicator was on screen at the keydown and still at the end, and was the same one. */
  wholeSync: boolean
  /** No sync indicator at the keydown nor at the end. */
  noSync: boolean
}

/**
 * Types one key into the empty search box: ms from keydown to the frame after the list
 * showed that search's rows, and whether a sync ran all that time. Vue replaces the
 * indicator's element when a sync ends, so the same element at both ends means one sync
 * covered the whole keystroke.
 */
export async function keystroke(page: Page, key: string): Promise<Keystroke> {
  await page.evaluate(() => {
    const list = document.querySelector<HTMLElement>('[data-testid="group-list"]')!
    const input = document.querySelector<HTMLInputElement>('[data-testid="groups-search"]')!
    // No named function in here: tsx would wrap it in a helper the page does not have.
    const INDICATOR = '[data-testid="status-syncing"]'
    const before = list.dataset['resultVersion']
    const w = window as unknown as { __keystroke: Promise<unknown> }
    w.__keystroke = new Promise((resolve) => {
      let start = 0
      let atStart: Element | null = null
      input.addEventListener(
        'keydown',
        () => {
          start = performance.now()
          atStart = document.querySelector(INDICATOR)
        },
        { once: true, capture: true },
      )
      const observer = new MutationObserver(() => {
        // Other refreshes (a new snapshot) also replace the rows: wait for this search's.
        if (list.dataset['resultVersion'] === before || list.dataset['shownSearch'] !== input.value) return
        observer.disconnect()
        // The rows are patched in the same task; the next frame is when the user sees them.
        requestAnimationFrame(() =>
          setTimeout(() => {
            const ms = performance.now() - start
            const atEnd = document.querySelector(INDICATOR)
            resolve({
              ms,
              wholeSync: atStart !== null && atEnd === atStart,
              noSync: atStart === null && atEnd === null,
            })
          }),
        )
      })
      observer.observe(list, {
        attributes: true,
        attributeFilter: ['data-result-version', 'data-shown-search'],
      })
    })
  })
  await page.keyboard.press(key)
  return page.evaluate(() => (window as unknown as { __keystroke: Promise<Keystroke> }).__keystroke)
}

export async function clearSearch(page: Page): Promise<void> {
  await page.getByTestId('groups-search').fill('')
  await page.waitForFunction(() => document.querySelector<HTMLElement>('[data-testid="group-list"]')?.dataset['shownSearch'] === '')
}

/** Connects the page to the account and waits for the first sync's rows: seconds it took. */
export async function connectAndSync(page: Page, server: { baseUrl: string; token: string }, groups: number): Promise<number> {
  await page.getByTestId('connect-base-url').fill(server.baseUrl)
  await page.getByTestId('connect-token').fill(server.token)
  await page.getByTestId('connect-storage-session').check()
  const started = performance.now()
  await page.getByTestId('connect-submit').click()
  await page.waitForFunction(
    (n) => document.querySelector<HTMLElement>('[data-testid="group-list"]')?.dataset['matching'] === String(n),
    groups,
    { timeout: 600_000, polling: 250 },
  )
  const seconds = (performance.now() - started) / 1000
  await page.getByTestId('group-row').first().waitFor()
  return seconds
}

export const optionsInPage = (page: Page): Promise<number> => page.locator('[data-testid="group-list"] [role="option"]').count()
