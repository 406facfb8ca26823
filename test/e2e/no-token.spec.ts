import { readdir, readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { WEB_INVOKE_PREFIX } from '../../src-shared/web-transport'
import { accountIdByLabel, captureEventStream, expectConnectFailure, fillConnect, openAccountsSettings } from './support/accounts-helpers'
import { expect, test } from './support/fixtures'

const TOKEN_A = 'nt_alpha_Qx81Lp3Zr7Vw2Km9'
const TOKEN_B = 'nt_bravo_Hs52Ty6Ud0Jc4Nb1'
const WRONG = 'nt_wrong_Pq77Ee44Rr11Tt00'
const forms = (token: string) => [
  token,
  Buffer.from(token).toString('base64'),
  Buffer.from(token).toString('base64url'),
  encodeURIComponent(token),
]

test.use({ emulatorOptions: { token: [TOKEN_A, TOKEN_B], groups: 120 } })

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true })
  return entries.filter((entry) => entry.isFile()).map((entry) => join(entry.parentPath, entry.name))
}

test('no bridge response, event or data file carries a token during a full session', async ({ page, app, emulator }) => {
  test.setTimeout(120_000)
  const stream = await captureEventStream(app)
  const bodies: { url: string; body: string }[] = []
  const pending: Promise<void>[] = []
  page.on('response', (response) => {
    if (!response.url().includes(WEB_INVOKE_PREFIX)) return
    pending.push(
      response.text().then(
        (body) => void bodies.push({ url: response.url(), body }),
        () => undefined,
      ),
    )
  })

  await page.goto(app.url)
  await fillConnect(page, { baseUrl: emulator.baseUrl, token: WRONG, storage: 'weak' })
  await expectConnectFailure(page, 'unauthorized', /token/)

  await fillConnect(page, { baseUrl: emulator.baseUrl, token: TOKEN_A, label: 'Alpha' })
  await expect(page.getByTestId('account-active-label')).toHaveText('Alpha')
  await expect(page.getByTestId('status-count')).toContainText('120')

  await page.getByTestId('account-switcher-button').click()
  await page.getByTestId('account-add').click()
  await fillConnect(page, { baseUrl: emulator.baseUrl, token: TOKEN_B, label: 'Bravo', storage: 'session' })
  await expect(page.getByTestId('account-active-label')).toHaveText('Bravo')

  await page.getByTestId('account-switcher-button').click()
  await page.getByRole('menuitemradio', { name: /Alpha/ }).click()
  await expect(page.getByTestId('account-active-label')).toHaveText('Alpha')

  await page.getByTestId('account-switcher-button').click()
  await page.getByTestId('account-add').click()
  await page.getByTestId('connect-demo').click()
  await expect(page.getByTestId('account-demo-badge')).toBeVisible()

  await openAccountsSettings(page)
  const bravo = await accountIdByLabel(page, 'Bravo')
  await page.getByTestId(`accounts-rename-${bravo}`).click()
  await page.getByTestId(`accounts-rename-input-${bravo}`).fill('Bravo desk')
  await page.getByTestId(`accounts-rename-save-${bravo}`).click()
  await expect(page.getByTestId(`accounts-label-${bravo}`)).toHaveText('Bravo desk')
  await page.getByTestId(`accounts-switch-${bravo}`).click()
  await expect(page.getByTestId('account-active-label')).toHaveText('Bravo desk')
  await page.getByTestId(`accounts-signout-${bravo}`).click()
  await page.getByTestId('accounts-signout-remove-data').check()
  await page.getByTestId('accounts-signout-confirm').click()
  await expect(page.getByTestId(`accounts-item-${bravo}`)).toHaveCount(0)

  await page.reload()
  await expect(page.getByTestId('app-frame')).toBeVisible()
  await Promise.all(pending)
  stream.close()

  const channels = new Set(
    bodies.map(({ url }) => decodeURIComponent(url.slice(url.indexOf(WEB_INVOKE_PREFIX) + WEB_INVOKE_PREFIX.length))),
  )
  for (const channel of [
    'accounts:list',
    'accounts:connect',
    'accounts:switch',
    'accounts:rename',
    'accounts:sign-out',
    'accounts:demo',
    'settings:get',
  ]) {
    expect(channels).toContain(channel)
  }
  const events = stream.text()
  expect(events).toContain('event: accounts:changed')
  const seen = bodies.map(({ body }) => body).join('\n') + '\n' + events
  // The hints are there (last four characters), so the check below is looking at real traffic.
  expect(seen).toContain(`…${TOKEN_A.slice(-4)}`)
  for (const token of [TOKEN_A, TOKEN_B, WRONG]) {
    for (const form of forms(token)) expect(seen).not.toContain(form)
  }

  // On disk: Alpha is stored with weak protection (base64 in accounts.json, by the user's
  // choice); no file holds any token in plain text, and nothing else holds any form of it.
  for (const file of await filesUnder(app.dataDir)) {
    const text = await readFile(file, 'latin1')
    for (const token of [TOKEN_A, TOKEN_B, WRONG]) {
      expect(text, file).not.toContain(token)
      if (!(file.endsWith('accounts.json') && token === TOKEN_A)) {
        for (const form of forms(token).slice(1)) expect(text, file).not.toContain(form)
      }
    }
  }
})
