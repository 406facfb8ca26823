import { writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import type { Locator } from '@playwright/test'
import { accountIdByLabel, closedPort, fillConnect, openAccountsSettings } from './support/accounts-helpers'
import { type Reading, englishWords, expectNoEnglish, expectTextNoEnglish } from './support/english-words'
import { expect, test } from './support/fixtures'

/**
 * When things go wrong, the user reads about it in their own language: each class of failure
 * (unreachable server, wrong token, refused upload, server error, rate limit, offline queue,
 * damaged file, missed planned story) driven in Arabic and in Russian, and every text the app
 * shows for it read for English words. One web mode per language, restarted once.
 */
const PHOTO = join(import.meta.dirname, '..', 'fixtures', 'media', 'photo-360x640.jpg')

/** The emulator's own words, quoted by the app as what the server said: data, not our text. */
const SERVER_WORDS = ['Unauthorized', 'the token is not valid', 'Request media too large', 'Internal server error', 'Too many requests']

/** Bytes with no letters in them: unreadable as JSON, and nothing English in the preview of the file set aside. */
const GARBAGE = '{{{ 0000 ]]] :: ,,,'

/** Each language with the words its user would type: the account's name and the stories' text are theirs, not ours. */
const LOCALES = [
  { tag: 'ar-EG', dir: 'rtl', timezoneId: 'Africa/Cairo', label: 'متجر الحي', story: 'قصة اليوم' },
  { tag: 'ru-RU', dir: 'ltr', timezoneId: 'Europe/Moscow', label: 'Лавка на углу', story: 'История дня' },
] as const

test('the check finds English words and passes over the data a text carries', () => {
  const data = ['Request media too large']
  const shown =
    'Сервер ⁨127.0.0.1:8080⁩ (https://gate.example.com/groups) ответил ⁨500⁩: ⁨Request media too large⁩. QR-код Statusdesk, файл settings.json.unreadable-2026-01-01T00-00-00Z'
  expect(englishWords(shown, data)).toEqual([])
  expect(englishWords('تعذّر الوصول Could not reach ⁨localhost:3000⁩. Try again.', data)).toEqual(['Could', 'not', 'reach', 'Try', 'again'])
})

for (const locale of LOCALES) {
  test.describe(locale.tag, () => {
    test.use({
      viewport: { width: 1360, height: 900 },
      locale: locale.tag,
      timezoneId: locale.timezoneId,
      emulatorOptions: { groups: 20, seed: 23 },
      pageOptions: { acceptDialogs: true },
    })

    /**
     * One test, each failure a step: the English checks are soft, so every step runs and the
     * report lists every text that still has English, in one web mode (restarted once).
     */
    test(`every failure is told in ${locale.tag}`, async ({ appPage: page, app, emulator, problems }) => {
      test.setTimeout(180_000)
      const seen: Reading[] = []
      let stories = 0
      const caption = () => `${locale.story} ${++stories}`

      /** The page is in the language, mirrored for Arabic; the element's text is there and has no English. */
      async function check(target: Locator, step: string, data: readonly string[] = []): Promise<void> {
        const html = page.locator('html')
        await expect(html).toHaveAttribute('lang', locale.tag)
        await expect(html).toHaveAttribute('dir', locale.dir)
        seen.push(await expectNoEnglish(target.first(), step, [...SERVER_WORDS, ...data]))
      }

      async function composeText(text: string): Promise<void> {
        await page.getByTestId('nav-story').click()
        await page.getByTestId('story-kind-text').click()
        await page.getByTestId('story-text').fill(text)
      }

      /** Leaves the last outcome behind, so that the next one waited for is the new one. */
      async function dismissOutcome(): Promise<void> {
        for (const id of ['story-error-dismiss', 'story-result-dismiss']) {
          const button = page.getByTestId(id)
          if (await button.isVisible()) await button.click()
        }
      }

      /** A sync that works, so the status line has no failure left from the step before. */
      async function syncCleanly(): Promise<void> {
        emulator.control.faults.clear()
        await page.getByTestId('sync-now').click()
        await expect(page.getByTestId('status-error')).toHaveCount(0, { timeout: 30_000 })
        await expect(page.getByTestId('sync-now')).toBeEnabled()
      }

      /**
       * The sync's failure: the line, then its details opened and closed. The details name the
       * error's code, an identifier to quote when asking for help: data, like a status number.
       */
      async function checkSyncFailure(step: string, code: string): Promise<void> {
        await check(page.getByTestId('status-line'), `${step}: status line`)
        await page.getByTestId('status-error').click()
        await check(page.getByTestId('status-error-details'), `${step}: status details`, [code])
        await page.getByTestId('status-error-close').click()
      }

      try {
        await test.step('1–2. an unreachable address, then a wrong token, at connect', async () => {
          const error = page.getByTestId('connect-error')
          await fillConnect(page, { baseUrl: `http://127.0.0.1:${await closedPort()}`, token: emulator.token, storage: 'weak' })
          await expect(error).toHaveAttribute('data-reason', 'offline', { timeout: 30_000 })
          await check(error, '1 unreachable: connect error')

          await fillConnect(page, { baseUrl: emulator.baseUrl, token: 'e2e_wrong_token_000', storage: 'weak' })
          await expect(error).toHaveAttribute('data-reason', 'unauthorized', { timeout: 30_000 })
          await check(error, '2 wrong token: connect error')

          // The right pair, so the next steps have an account; one story out, so the history file exists.
          await fillConnect(page, { baseUrl: emulator.baseUrl, token: emulator.token, label: locale.label, storage: 'weak' })
          await expect(page.getByTestId('app-frame')).toBeVisible({ timeout: 30_000 })
          await expect(page.getByTestId('group-row').first()).toBeVisible({ timeout: 30_000 })
          await composeText(caption())
          await page.getByTestId('story-publish').click()
          await expect(page.getByTestId('story-result')).toHaveAttribute('data-state', 'sent', { timeout: 20_000 })
        })

        await test.step('3. an image the server refuses as too large (413 from /media)', async () => {
          await dismissOutcome()
          await page.getByTestId('nav-story').click()
          await page.getByTestId('story-kind-media').click()
          await page.getByTestId('story-media-file').setInputFiles(PHOTO)
          await expect(page.getByTestId('story-media-facts')).toBeVisible({ timeout: 30_000 })
          await page.getByTestId('story-caption').fill(caption())
          emulator.control.faults.add({ type: 'status', status: 413, route: 'media' })
          await page.getByTestId('story-publish').click()
          const error = page.getByTestId('story-error')
          await expect(error).toHaveAttribute('data-code', 'too-large', { timeout: 30_000 })
          await check(error, '3 refused upload: story error')

          emulator.control.faults.clear()
          await dismissOutcome()
          await page.getByTestId('story-media-remove').click()
          await page.getByTestId('story-kind-text').click()
        })

        await test.step('4. a server error (500) in a sync and in a publish', async () => {
          emulator.control.faults.add({ type: 'status', status: 500, route: 'groups' })
          await page.getByTestId('sync-now').click()
          await expect(page.getByTestId('status-error')).toBeVisible({ timeout: 30_000 })
          await checkSyncFailure('4 server error, sync', 'server')
          await syncCleanly()

          emulator.control.faults.add({ type: 'status', status: 500, route: 'stories' })
          const text = caption()
          await composeText(text)
          await page.getByTestId('story-publish').click()
          // A 500 to a publish may come after the story went out: the app cannot tell, and leaves it to the user.
          const result = page.getByTestId('story-result')
          await expect(result).toHaveAttribute('data-state', 'unknown', { timeout: 30_000 })
          await check(result, '4 server error, publish: story result')
          emulator.control.faults.clear()
          await page.getByTestId('story-result-outbox').click()
          const item = page.getByTestId('outbox-item').filter({ hasText: text })
          await expect(item).toHaveAttribute('data-state', 'unknown')
          await expect(item.getByTestId('outbox-item-error')).toBeVisible()
          await check(item, '4 server error, publish: outbox item')
        })

        await test.step('5. rate limited (429 with Retry-After) in a sync and in a publish', async () => {
          // Ten minutes: longer than the client waits by itself, so the user is told and given the time.
          emulator.control.faults.add({ type: 'rate-limit', retryAfter: 600, route: ['groups', 'stories'] })
          await page.getByTestId('sync-now').click()
          await expect(page.getByTestId('status-retry-at')).toBeVisible({ timeout: 30_000 })
          await checkSyncFailure('5 rate limited, sync', 'rate-limited')

          await composeText(caption())
          await page.getByTestId('story-publish').click()
          const error = page.getByTestId('story-error')
          await expect(error).toBeVisible({ timeout: 30_000 })
          await expect(page.getByTestId('story-error-retry-at')).toBeVisible()
          await check(error, '5 rate limited, publish: story error')
          await dismissOutcome()
          await syncCleanly()
        })

        await test.step('6. offline: the story waits in the outbox', async () => {
          await emulator.stop()
          const text = caption()
          await composeText(text)
          await page.getByTestId('story-publish').click()
          const result = page.getByTestId('story-result')
          await expect(result).toHaveAttribute('data-state', 'queued', { timeout: 30_000 })
          await check(result, '6 offline: story result')

          await page.getByTestId('story-result-outbox').click()
          const item = page.getByTestId('outbox-item').filter({ hasText: text })
          await expect(item).toHaveAttribute('data-state', 'queued')
          await expect(item.getByTestId('outbox-item-error')).toBeVisible()
          await check(item, '6 offline: outbox item')

          await page.getByTestId('sync-now').click()
          await expect(page.getByTestId('status-error')).toBeVisible({ timeout: 30_000 })
          await checkSyncFailure('6 offline, sync', 'offline')
        })

        await test.step('7–8. a damaged file set aside, and a planned story missed while the app was stopped', async () => {
          const planned = caption()
          const due = await page.evaluate(() => {
            // Time enough to stop web mode before it is due, on a loaded machine too.
            const at = Math.ceil((Date.now() + 8_000) / 1000) * 1000
            const d = new Date(at)
            const pad = (n: number) => String(n).padStart(2, '0')
            const day = `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`
            return { wall: `${day}T${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`, at }
          })
          await dismissOutcome()
          await composeText(planned)
          await page.getByTestId('story-schedule-toggle').check()
          await page.getByTestId('story-schedule-at').fill(due.wall)
          await page.getByTestId('story-publish').click()
          await expect(page.getByTestId('story-result')).toHaveAttribute('data-state', 'scheduled')
          await page.getByTestId('story-schedule-toggle').uncheck()

          await openAccountsSettings(page)
          const accountId = await accountIdByLabel(page, locale.label)
          await app.stop()
          await writeFile(join(app.dataDir, 'accounts', accountId, 'history.json'), GARBAGE)
          await writeFile(join(app.dataDir, 'settings.json'), GARBAGE)
          const remaining = due.at + 2_000 - Date.now()
          if (remaining > 0) await new Promise((resolve) => setTimeout(resolve, remaining))
          app = await app.restart()
          await page.goto(app.url)
          await expect(page.getByTestId('app-frame')).toBeVisible({ timeout: 30_000 })
          await page.getByTestId('nav-outbox').click()

          // The notices of the start: the settings and the history set aside, the story missed. Read at
          // once, as they go away by themselves.
          const toasts = page.getByTestId('toast')
          await expect.poll(() => toasts.count(), { timeout: 15_000 }).toBeGreaterThanOrEqual(3)
          await expect(page.locator('html')).toHaveAttribute('lang', locale.tag)
          for (const [i, notice] of (await toasts.allTextContents()).entries()) {
            seen.push(expectTextNoEnglish(notice.replace(/\s+/g, ' ').trim(), `7–8 start: notice ${i + 1}`, SERVER_WORDS))
          }
          await check(page.getByTestId('recovery-banner'), '7 damaged settings: banner')

          const missed = page.getByTestId('planned-item').filter({ hasText: planned })
          await expect(missed).toHaveAttribute('data-state', 'missed')
          await expect(missed.getByTestId('planned-item-missed')).toBeVisible()
          await check(missed, '8 missed story: planned row')

          const setAside = page.getByTestId('set-aside-item')
          await expect(setAside).toHaveAttribute('data-kind', 'history')
          await check(setAside, '7 damaged history: set-aside item')
          await setAside.getByTestId('set-aside-restore').click()
          await expect(page.getByTestId('set-aside-error')).toBeVisible()
          await check(page.getByTestId('set-aside-error'), '7 damaged history: restore refused')

          await openAccountsSettings(page)
          await check(page.getByTestId('recovery-notice'), '7 damaged settings: settings notice')
        })
        expect(problems).toEqual([])
      } finally {
        const lines = seen.map((r) => `  ${r.step}: “${r.text}”${r.english.length ? `  ← English: ${r.english.join(', ')}` : ''}`)
        console.log(`[${locale.tag}] texts read:\n${lines.join('\n')}`)
      }
    })
  })
}
