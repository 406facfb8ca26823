import { readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { accountIdByLabel, fillConnect, openAccountsSettings } from './support/accounts-helpers'
import { connectAccount, expect, sharedSession, test } from './support/fixtures'

const session = sharedSession({
  emulatorOptions: { groups: 40, seed: 19 },
  window: { viewport: { width: 1360, height: 900 }, locale: 'en-GB' },
  pageOptions: { acceptDialogs: true },
})

const published = (caption: string) => session.emulator.control.stories.list().filter((s) => s.caption === caption)

async function publishText(text: string): Promise<void> {
  const { page } = session
  await page.getByTestId('nav-story').click()
  await page.getByTestId('story-kind-text').click()
  await page.getByTestId('story-text').fill(text)
  await page.getByTestId('story-publish').click()
}

test.describe.configure({ mode: 'serial' })

test('a garbled accounts file loses nothing: the same pair takes back its cache, history, draft and queued story', async ({
  appPage: page,
  emulator,
  app,
}) => {
  test.setTimeout(120_000)
  await connectAccount(page, emulator, { label: 'Shop', storage: 'weak' })
  await openAccountsSettings(page)
  const shopId = await accountIdByLabel(page, 'Shop')

  await publishText('Out before the damage')
  await expect(page.getByTestId('story-result')).toHaveAttribute('data-state', 'sent')
  expect(published('Out before the damage')).toHaveLength(1)

  // No connection: the next story waits in the outbox.
  await emulator.stop()
  await publishText('Queued before the damage')
  await expect(page.getByTestId('story-result')).toHaveAttribute('data-state', 'queued', { timeout: 20_000 })
  // A story half written when the app quits.
  await page.getByTestId('story-text').fill('Half-written story')
  const draftFile = join(app.dataDir, 'accounts', shopId, 'drafts', 'composer.json')
  await expect.poll(async () => readFile(draftFile, 'utf8').catch(() => ''), { timeout: 10_000 }).toContain('Half-written story')

  await session.stopApp()
  await writeFile(join(app.dataDir, 'accounts.json'), '{"accounts": [{"id": "' + shopId.slice(0, 4))
  emulator = await session.restartEmulator()
  page = await session.restartApp()

  // The list is gone, the folder is offered by its name, and nothing was sent meanwhile.
  await expect(page.getByTestId('connect-view')).toBeVisible()
  await expect(page.getByTestId('recovery-accounts')).toBeVisible()
  await expect(page.getByTestId(`connect-orphan-${shopId}`)).toContainText('Shop')
  expect(published('Queued before the damage')).toHaveLength(0)

  await fillConnect(page, { baseUrl: emulator.baseUrl, token: emulator.token, storage: 'weak' })
  await expect(page.getByTestId('app-frame')).toBeVisible()
  await expect(page.getByTestId('toast').filter({ hasText: 'Found “Shop” on this computer again' })).toBeVisible()
  await expect(page.getByTestId('account-active-label')).toHaveText('Shop')
  await openAccountsSettings(page)
  expect(await accountIdByLabel(page, 'Shop')).toBe(shopId)

  // The queued story goes out exactly once; the history has both.
  await page.getByTestId('nav-outbox').click()
  await expect(page.getByTestId('outbox-empty')).toBeVisible({ timeout: 45_000 })
  await expect(page.getByTestId('history-entry')).toHaveCount(2)
  await expect(page.getByTestId('history-entry').first()).toContainText('Queued before the damage')
  expect(published('Queued before the damage')).toHaveLength(1)

  await page.getByTestId('nav-story').click()
  await expect(page.getByTestId('story-text')).toHaveValue('Half-written story')
  await page.getByTestId('nav-groups').click()
  await expect(page.getByTestId('group-row').first()).toBeVisible()
  await page.getByTestId('sync-now').click()
  await expect(page.getByTestId('status-last-synced')).toContainText('Last synced')
  expect(published('Queued before the damage')).toHaveLength(1)
})

test('connecting the same pair again says it is already connected and keeps its name and storage', async ({ appPage: page, emulator }) => {
  await page.getByTestId('account-switcher-button').click()
  await page.getByTestId('account-add').click()
  await fillConnect(page, { baseUrl: emulator.baseUrl, token: emulator.token, label: 'Another name', storage: 'session' })
  await expect(page.getByTestId('toast').filter({ hasText: 'Already connected as “Shop”' })).toBeVisible()
  await expect(page.getByTestId('account-active-label')).toHaveText('Shop')
  await openAccountsSettings(page)
  const shopId = await accountIdByLabel(page, 'Shop')
  await expect(page.locator('[data-testid^="accounts-item-"]')).toHaveCount(1)
  await expect(page.getByTestId(`accounts-storage-${shopId}`)).toHaveAttribute('data-storage', 'weak')
})

test('a session-only account after a restart shows its cached groups and history, and a banner to enter the token', async ({
  appPage: page,
  emulators,
}) => {
  test.setTimeout(90_000)
  await page.getByTestId('account-switcher-button').click()
  await page.getByTestId('account-add').click()
  const other = await emulators.start({ groups: 25, seed: 5, token: 'session_only_token_1234', account: { phone: '4915112345678' } })
  await fillConnect(page, { baseUrl: other.baseUrl, token: 'session_only_token_1234', label: 'Temp', storage: 'session' })
  await expect(page.getByTestId('account-active-label')).toHaveText('Temp')
  // Rows appear once the first sync has written the cache.
  await page.getByTestId('nav-groups').click()
  await expect(page.getByTestId('group-row').first()).toBeVisible({ timeout: 30_000 })
  // The list is virtual: the first rows stand for it.
  const names = (await page.getByTestId('group-row-name').allTextContents()).slice(0, 8)
  expect(names).toHaveLength(8)
  await publishText('From the session-only account')
  await expect(page.getByTestId('story-result')).toHaveAttribute('data-state', 'sent')

  page = await session.restartApp()
  await expect(page.getByTestId('app-frame')).toBeVisible()
  await expect(page.getByTestId('account-active-label')).toHaveText('Temp')
  const banner = page.getByTestId('token-needed-banner')
  await expect(banner).toContainText('Browsing “Temp” offline')
  await page.getByTestId('nav-groups').click()
  await expect.poll(async () => (await page.getByTestId('group-row-name').allTextContents()).slice(0, 8)).toEqual(names)
  await page.getByTestId('nav-outbox').click()
  await expect(page.getByTestId('history-entry').first()).toContainText('From the session-only account')

  // Publishing says why it cannot, and keeps the story.
  await publishText('Needs the token first')
  await expect(page.getByTestId('story-error')).toContainText('not available in this session')
  await expect(page.getByTestId('story-text')).toHaveValue('Needs the token first')

  await page.getByTestId('token-needed-enter').click()
  const dialog = page.getByTestId('token-needed-dialog')
  await dialog.getByTestId('connect-token').fill('session_only_token_1234')
  await dialog.getByTestId('connect-submit').click()
  await expect(banner).toHaveCount(0)
  await page.getByTestId('story-publish').click()
  await expect(page.getByTestId('story-result')).toHaveAttribute('data-state', 'sent')
  expect(other.control.stories.list().map((story) => story.caption)).toEqual(['From the session-only account', 'Needs the token first'])
})

test('text typed before the saved draft arrives is never overwritten; the user chooses', async ({ appPage: page, app, problems }) => {
  await page.getByTestId('account-switcher-button').click()
  await page.getByRole('menuitemradio', { name: /Shop/ }).click()
  await expect(page.getByTestId('account-active-label')).toHaveText('Shop')
  // The draft "Half-written story" is saved for Shop; this run's page reads it slowly.
  await page.close()
  page = await session.openPage()
  let release: () => void = () => {}
  const held = new Promise<void>((resolve) => (release = resolve))
  await page.route(
    (url) => decodeURIComponent(url.pathname).endsWith('/api/invoke/stories:draft-get'),
    async (route) => {
      await held
      await route.continue()
    },
  )
  await page.goto(app.url)
  await expect(page.getByTestId('app-frame')).toBeVisible()
  await page.getByTestId('nav-story').click()
  await page.getByTestId('story-kind-text').click()
  await page.getByTestId('story-text').fill('Typed before the draft loaded')
  release()
  await expect(page.getByTestId('story-saved-draft')).toContainText('Half-written story')
  await expect(page.getByTestId('story-text')).toHaveValue('Typed before the draft loaded')
  await page.getByTestId('story-saved-draft-keep').click()
  await expect(page.getByTestId('story-saved-draft')).toHaveCount(0)
  await expect(page.getByTestId('story-text')).toHaveValue('Typed before the draft loaded')
  expect(problems).toEqual([])
})

test('a damaged history is said, and shown in the outbox to look at and discard', async ({ appPage: page, app, problems }) => {
  await openAccountsSettings(page)
  const shopId = await accountIdByLabel(page, 'Shop')
  await session.stopApp()
  await writeFile(join(app.dataDir, 'accounts', shopId, 'history.json'), '{"version":1,"entries":[{"id":"torn')
  page = await session.restartApp()
  await page.getByTestId('nav-outbox').click()
  await expect(
    page.getByTestId('toast').filter({ hasText: 'The list of published stories could not be read and was set aside' }),
  ).toBeVisible()
  const item = page.getByTestId('set-aside-item')
  await expect(item).toHaveAttribute('data-kind', 'history')
  await item.getByTestId('set-aside-show').click()
  await expect(item.getByTestId('set-aside-preview')).toContainText('"id":"torn')
  await item.getByTestId('set-aside-restore').click()
  await expect(page.getByTestId('set-aside-error')).toContainText('Nothing in this file can be read back')
  await item.getByTestId('set-aside-discard').click()
  await expect(page.getByTestId('set-aside')).toHaveCount(0)
  expect(problems).toEqual([])
})
