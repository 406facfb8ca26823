import { join } from 'node:path'
import { connectAccount, expect, sharedSession, test } from './support/fixtures'
import { saveScreenshot } from './support/screenshots'

const PHOTO = join(import.meta.dirname, '..', 'fixtures', 'media', 'photo-360x640.jpg')

const session = sharedSession({
  emulatorOptions: { groups: 60, seed: 8 },
  window: { viewport: { width: 1360, height: 900 }, locale: 'en-GB' },
  // Requests refused while the emulator is stopped are the point of the offline test; confirmations
  // (send again, discard) are accepted, as a user who chose them would.
  pageOptions: { consoleErrors: 'except-failed-loads', acceptDialogs: true },
})

const storyRequests = () => session.emulator.control.requests.list().filter((r) => r.route === 'stories')
const published = (caption: string) => session.emulator.control.stories.list().filter((s) => s.caption === caption)

async function setTheme(theme: 'light' | 'dark'): Promise<void> {
  const { page } = session
  await page.getByTestId('nav-settings').click()
  await page.getByTestId(`theme-${theme}`).check({ force: true })
  await expect(page.locator('html')).toHaveAttribute('data-theme', theme)
}

async function composeText(text: string, options: { background?: string; color?: string; font?: string } = {}): Promise<void> {
  const { page } = session
  await page.getByTestId('nav-story').click()
  await page.getByTestId('story-kind-text').click()
  await page.getByTestId('story-text').fill(text)
  if (options.background) await page.getByTestId('story-background-code').fill(options.background)
  if (options.color) await page.getByTestId('story-color-code').fill(options.color)
  if (options.font) await page.getByTestId(`story-font-${options.font}`).click()
}

test.describe.configure({ mode: 'serial' })

test('connects, and publishes a text story in its font and ARGB colours, checked on the emulator', async ({ appPage: page, emulator }) => {
  // Web mode has no keyring; the owner-only file keeps the token across the restart below.
  await connectAccount(page, emulator, { storage: 'weak' })

  await setTheme('light')
  await composeText('Morning run done ☀️ مرحبا', { background: '#CC0B6E4F', font: 'CALISTOGA_REGULAR' })
  const preview = page.getByTestId('story-preview-text')
  await expect(preview).toHaveText('Morning run done ☀️ مرحبا')
  await expect(preview).toHaveAttribute('dir', 'auto')
  await expect(preview).toHaveCSS('font-family', /Calistoga/)
  // #CC0B6E4F is ARGB: 80% opaque teal, painted as rgba(11, 110, 79, 0.8).
  await expect(page.getByTestId('story-preview-background')).toHaveCSS('background-color', 'rgba(11, 110, 79, 0.8)')
  await expect(page.getByTestId('story-reminder')).toContainText('24 hours')
  await page.mouse.move(0, 0)
  await saveScreenshot(page, 'composer-light')
  await setTheme('dark')
  await page.getByTestId('nav-story').click()
  await expect(preview).toHaveText('Morning run done ☀️ مرحبا')
  await saveScreenshot(page, 'composer-dark')
  await setTheme('light')
  await page.getByTestId('nav-story').click()

  // Ctrl+Enter publishes from the keyboard, even with focus still on the sidebar link.
  await expect(page.getByTestId('nav-story')).toBeFocused()
  await page.keyboard.press('Control+Enter')
  const result = page.getByTestId('story-result')
  await expect(result).toHaveAttribute('data-state', 'sent')
  const [story] = published('Morning run done ☀️ مرحبا')
  expect(story).toMatchObject({ kind: 'text', backgroundColor: '#CC0B6E4F', captionColor: '#FFFFFFFF', fontType: 'CALISTOGA_REGULAR' })
  expect(story!.contacts).toBeUndefined()
  await expect(page.getByTestId('story-result-message')).toContainText(story!.id)
  // The composer starts afresh, keeping the look.
  await expect(page.getByTestId('story-text')).toHaveValue('')
  await expect(page.getByTestId('story-background-code')).toHaveValue('#CC0B6E4F')
})

test('an invalid story is refused before any request, each problem said at its field', async ({ appPage: page, emulator }) => {
  emulator.control.requests.clear()
  await composeText('   ', { background: '#00000000' })
  await page.getByTestId('story-publish').click()
  await expect(page.getByTestId('issue-text-text-empty')).toBeVisible()
  await expect(page.getByTestId('issue-background-background-transparent')).toBeVisible()
  await expect(page.getByTestId('story-fix-first')).toBeVisible()
  await expect(page.getByTestId('story-text')).toBeFocused()

  await page.getByTestId('story-text').fill('Hello')
  await page.getByTestId('story-background-code').fill('#FF00')
  await expect(page.getByTestId('issue-background-color-invalid')).toBeVisible()
  // Poor contrast is a warning only: yellow on white.
  await page.getByTestId('story-background-code').fill('#FFFFFFFF')
  await page.getByTestId('story-color-code').fill('#FFFFFF00')
  await expect(page.getByTestId('issue-color-contrast-low')).toContainText('contrast')
  await page.getByTestId('story-audience-contacts').check()
  await page.getByTestId('story-publish').click()
  await expect(page.getByTestId('issue-contacts-contacts-empty')).toBeVisible()
  await page.getByTestId('story-contacts-manual').fill('12-34')
  await page.getByTestId('story-contacts-add').click()
  await expect(page.getByTestId('story-contacts-manual-error')).toContainText('7 to 15 digits')

  expect(storyRequests()).toEqual([])
  // Put the form back for the next story.
  await page.getByTestId('story-audience-everyone').check()
  await page.getByTestId('story-color-code').fill('#FFFFFFFF')
  await page.getByTestId('story-background-code').fill('#FF0B6E4F')
  await page.getByTestId('story-text').fill('')
})

test('an image story from a file: its size, preview and chosen contacts reach the emulator', async ({ appPage: page }) => {
  await page.getByTestId('nav-story').click()
  await page.getByTestId('story-kind-media').click()
  await page.getByTestId('story-media-file').setInputFiles(PHOTO)
  await expect(page.getByTestId('story-media-facts')).toContainText('360 × 640')
  await expect(page.getByTestId('story-preview-image')).toBeVisible()
  await page.getByTestId('story-caption').fill('Sunset from the roof')
  await expect(page.getByTestId('story-caption-counter')).toHaveText('20 / 1024')

  await page.getByTestId('story-audience-contacts').check()
  // A person from the cached groups' participants, and one typed in.
  const first = page.getByTestId('story-contacts-result').first()
  await expect(first).toBeVisible()
  const picked = (await first.getAttribute('data-contact'))!
  await first.check()
  await page.getByTestId('story-contacts-manual').fill('+1 (555) 010-0042')
  await page.getByTestId('story-contacts-add').click()
  await expect(page.getByTestId('story-audience-count')).toHaveText('2 contacts chosen')

  await page.getByTestId('story-publish').click()
  await expect(page.getByTestId('story-result')).toHaveAttribute('data-state', 'sent', { timeout: 20_000 })
  const [story] = published('Sunset from the roof')
  expect(story).toMatchObject({ kind: 'image', mimeType: 'image/jpeg', contacts: [picked, '15550100042'] })
  expect(story!.request).toMatchObject({ width: 360, height: 640 })
  expect(String(story!.request['preview'])).toMatch(/^data:image\/jpeg;base64,/)
  await page.getByTestId('story-audience-everyone').check()
  await page.getByTestId('story-kind-text').click()
})

test('offline: queued, kept across a restart, sent exactly once when the connection returns', async ({ appPage: page, emulator }) => {
  await emulator.stop()
  await composeText('Posted from the train')
  await page.getByTestId('story-publish').click()
  await expect(page.getByTestId('story-result')).toHaveAttribute('data-state', 'queued', { timeout: 20_000 })
  await page.getByTestId('story-result-outbox').click()
  await expect(page.getByTestId('outbox-item')).toHaveAttribute('data-state', 'queued')

  // Restart the app on the same data folder, still offline.
  page = await session.restartApp()
  await expect(page.getByTestId('app-frame')).toBeVisible()
  await page.getByTestId('nav-outbox').click()
  await expect(page.getByTestId('outbox-item')).toHaveAttribute('data-state', 'queued')

  // The connection returns: the app notices by itself and sends it.
  await session.restartEmulator()
  await expect(page.getByTestId('outbox-empty')).toBeVisible({ timeout: 45_000 })
  await expect(page.getByTestId('history-entry').first()).toContainText('Posted from the train')
  expect(published('Posted from the train')).toHaveLength(1)
  await page.getByTestId('sync-now').click()
  await expect(page.getByTestId('status-online')).toHaveAttribute('data-online', 'true')
  expect(published('Posted from the train')).toHaveLength(1)
})

test('an unknown outcome (reset after the body was received) is left to the user', async ({ appPage: page, emulator, problems }) => {
  emulator.control.faults.add({ type: 'reset', route: 'stories', times: 1 })
  await composeText('Did this go out?')
  await page.getByTestId('story-publish').click()
  await expect(page.getByTestId('story-result')).toHaveAttribute('data-state', 'unknown', { timeout: 20_000 })
  expect(published('Did this go out?')).toHaveLength(1)

  await page.getByTestId('story-result-outbox').click()
  const item = page.getByTestId('outbox-item')
  await expect(item).toHaveAttribute('data-state', 'unknown')
  await expect(page.getByTestId('outbox-mark-sent')).toBeVisible()
  await expect(page.getByTestId('outbox-send-again')).toBeVisible()
  // A sync (a successful request) does not make the app resend it.
  await page.getByTestId('sync-now').click()
  await expect(page.getByTestId('status-last-synced')).toContainText('Last synced')
  await expect(item).toHaveAttribute('data-state', 'unknown')
  expect(published('Did this go out?')).toHaveLength(1)
  await page.mouse.move(0, 0)
  await saveScreenshot(page, 'outbox-light')

  await page.getByTestId('outbox-mark-sent').click()
  await expect(page.getByTestId('outbox-empty')).toBeVisible()
  await expect(page.getByTestId('history-entry').first()).toContainText('marked by you')
  expect(published('Did this go out?')).toHaveLength(1)
  expect(problems).toEqual([])
})
