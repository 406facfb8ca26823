import { existsSync } from 'node:fs'
import { mkdir, readFile, stat, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import {
  accountIdByLabel,
  closedPort,
  expectConnectFailure,
  fillConnect,
  openAccountsSettings,
  plainServer,
} from './support/accounts-helpers'
import { expect, test } from './support/fixtures'

const TOKEN_A = 'e2eA_tok_51f0c2d9a8b7'
const TOKEN_B = 'e2eB_tok_06e1d3c4b5a6'

test.use({ emulatorOptions: { token: [TOKEN_A, TOKEN_B], groups: 60 } })

test('connect, several accounts, demo, sign-out and a restart, in web mode (no keyring)', async ({ page, app, emulator }) => {
  test.setTimeout(120_000)
  await page.goto(app.url)

  // First run: the connect screen, and a choice of storage because there is no keyring.
  await expect(page.getByTestId('connect-view')).toBeVisible()
  await expect(page.getByTestId('connect-base-url')).toHaveValue('https://gate.whapi.cloud')
  await expect(page.getByTestId('connect-token')).toHaveAttribute('type', 'password')
  await expect(page.getByTestId('connect-storage-choice')).toBeVisible()

  // Each failure class, in plain words, and nothing saved.
  await fillConnect(page, { baseUrl: emulator.baseUrl, token: 'e2e_wrong_token_000', storage: 'weak' })
  await expectConnectFailure(page, 'unauthorized', /token is wrong|not authorized/)

  await fillConnect(page, { baseUrl: `http://127.0.0.1:${await closedPort()}`, token: TOKEN_A })
  await expectConnectFailure(page, 'offline', /Could not reach/)

  emulator.control.faults.add({ type: 'status', status: 500, route: 'groups', times: 2 })
  await fillConnect(page, { baseUrl: emulator.baseUrl, token: TOKEN_A })
  await expectConnectFailure(page, 'server', /HTTP 500/)
  emulator.control.faults.clear()

  const html = await plainServer(200, '<!doctype html><h1>My blog</h1>')
  const missing = await plainServer(404, '<h1>Not Found</h1>')
  await fillConnect(page, { baseUrl: html.url, token: TOKEN_A })
  await expectConnectFailure(page, 'not-api', /not a list of groups/)
  await fillConnect(page, { baseUrl: missing.url, token: TOKEN_A })
  await expectConnectFailure(page, 'not-api', /no groups endpoint/)
  await html.close()
  await missing.close()
  expect(existsSync(join(app.dataDir, 'accounts.json'))).toBe(false)

  // A working pair, stored with weak protection in an owner-only file.
  await fillConnect(page, { baseUrl: emulator.baseUrl, token: TOKEN_A, label: 'Shop' })
  await expect(page.getByTestId('app-frame')).toBeVisible()
  await expect(page.getByTestId('account-active-label')).toHaveText('Shop')
  const stored = await readFile(join(app.dataDir, 'accounts.json'), 'utf8')
  expect(stored).toContain('v1:weak:')
  expect(stored).not.toContain(TOKEN_A)
  expect((await stat(join(app.dataDir, 'accounts.json'))).mode & 0o777).toBe(0o600)

  // A second account, kept for this session only.
  await page.getByTestId('account-switcher-button').click()
  await page.getByTestId('account-add').click()
  await fillConnect(page, { baseUrl: emulator.baseUrl, token: TOKEN_B, label: 'Support', storage: 'session' })
  await expect(page.getByTestId('account-active-label')).toHaveText('Support')

  // Switch back with the switcher.
  await page.getByTestId('account-switcher-button').click()
  await page.getByRole('menuitemradio', { name: /Shop/ }).click()
  await expect(page.getByTestId('account-active-label')).toHaveText('Shop')

  // Settings: how each token is kept, and rename.
  await openAccountsSettings(page)
  await expect(page.getByTestId('accounts-keyring')).toHaveAttribute('data-available', 'false')
  const shopId = await accountIdByLabel(page, 'Shop')
  const supportId = await accountIdByLabel(page, 'Support')
  await expect(page.getByTestId(`accounts-storage-${shopId}`)).toHaveAttribute('data-storage', 'weak')
  await expect(page.getByTestId(`accounts-storage-${supportId}`)).toHaveAttribute('data-storage', 'session')
  await expect(page.getByTestId(`accounts-hint-${shopId}`)).toHaveText(`…${TOKEN_A.slice(-4)}`)
  await page.getByTestId(`accounts-rename-${shopId}`).click()
  await page.getByTestId(`accounts-rename-input-${shopId}`).fill('Main shop')
  await page.getByTestId(`accounts-rename-save-${shopId}`).click()
  await expect(page.getByTestId(`accounts-label-${shopId}`)).toHaveText('Main shop')
  await expect(page.getByTestId('account-active-label')).toHaveText('Main shop')

  // The demo: a practice server inside the app, clearly marked.
  await page.getByTestId('account-switcher-button').click()
  await page.getByTestId('account-add').click()
  await page.getByTestId('connect-demo').click()
  await expect(page.getByTestId('account-demo-badge')).toBeVisible()
  await openAccountsSettings(page)
  const demoId = await accountIdByLabel(page, 'Demo account')
  await expect(page.getByTestId(`accounts-item-${demoId}`).getByTestId('demo-badge')).toBeVisible()
  await expect(page.getByTestId(`accounts-server-${demoId}`)).toHaveText(/^http:\/\/127\.0\.0\.1:\d+$/)

  // Sign out of the demo, deleting its data; the folder goes, the others stay.
  await mkdir(join(app.dataDir, 'accounts', demoId), { recursive: true })
  await page.getByTestId(`accounts-signout-${demoId}`).click()
  await expect(page.getByTestId('accounts-signout-dialog')).toBeVisible()
  await page.getByTestId('accounts-signout-remove-data').check()
  await page.getByTestId('accounts-signout-confirm').click()
  await expect(page.getByTestId(`accounts-item-${demoId}`)).toHaveCount(0)
  expect(existsSync(join(app.dataDir, 'accounts', demoId))).toBe(false)
  expect(existsSync(join(app.dataDir, 'accounts', shopId))).toBe(true)

  // The first remaining account took over; switching works from Settings too.
  await expect(page.getByTestId(`accounts-active-${shopId}`)).toBeVisible()
  await page.getByTestId(`accounts-switch-${supportId}`).click()
  await expect(page.getByTestId(`accounts-active-${supportId}`)).toBeVisible()
  await page.getByTestId(`accounts-switch-${shopId}`).click()
  await expect(page.getByTestId(`accounts-active-${shopId}`)).toBeVisible()

  // Restart on the same data: the last active account is back; the session-only one asks for its token.
  await app.stop()
  await writeFile(join(app.dataDir, 'settings.json'), '{ this is not json')
  app = await app.restart()
  await page.goto(app.url)
  await expect(page.getByTestId('account-active-label')).toHaveText('Main shop')
  await openAccountsSettings(page)
  await expect(page.getByTestId('recovery-settings')).toContainText('settings.json.unreadable-')
  await expect(page.getByTestId(`accounts-token-needed-${supportId}`)).toBeVisible()
  await page.getByTestId(`accounts-reenter-${supportId}`).click()
  const dialog = page.getByTestId('accounts-connect-dialog')
  await dialog.getByTestId('connect-token').fill(TOKEN_B)
  await dialog.getByTestId('connect-storage-session').check()
  await dialog.getByTestId('connect-submit').click()
  await expect(page.getByTestId(`accounts-token-needed-${supportId}`)).toHaveCount(0)
  await expect(page.getByTestId('account-active-label')).toHaveText('Support')
})
