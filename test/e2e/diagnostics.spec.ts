import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { expect, test } from './support/fixtures'
import { saveScreenshot } from './support/screenshots'

const TOKEN = 'dg_Wq83Lz5Xv1Nc7Bm2Kp4R'

test.use({ emulatorOptions: { token: TOKEN, groups: 40 }, connection: { label: 'Shop', storage: 'weak' } })

test.beforeEach(async ({ connectedPage: page, context, app }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: app.origin })
  await expect(page.getByTestId('account-active-label')).toHaveText('Shop')
  await page.getByTestId('nav-settings').click()
  await expect(page.getByTestId('settings-diagnostics')).toBeVisible()
})

test('Settings shows the log folder and copies a diagnostics report without a secret', async ({ connectedPage: page, app }) => {
  await expect(page.getByTestId('diagnostics-log-folder')).toHaveText(join(app.dataDir, 'logs'))

  await page.getByTestId('diagnostics-copy').click()
  await expect(page.getByText('Diagnostics copied to the clipboard.')).toBeVisible()
  const report = await page.evaluate<string>('navigator.clipboard.readText()')
  expect(report).toContain('Statusdesk diagnostics')
  expect(report).toMatch(/Version: +\d+\.\d+\.\d+ \(web mode\)/)
  expect(report).toContain(`System:`)
  expect(report).toContain('keyring not available (backend: web)')
  expect(report).toContain('tokens kept by weak 1')
  expect(report).toMatch(/accounts\/\*\/\S+ +[\d.]+ (B|KiB|MiB)/)
  expect(report).not.toContain(TOKEN)
  expect(report).not.toContain(Buffer.from(TOKEN).toString('base64'))
  expect(report).not.toContain(app.secret)

  await page.getByTestId('diagnostics-preview-toggle').click()
  await expect(page.getByTestId('diagnostics-text')).toContainText('Disk use:')

  await page.evaluate(() => document.querySelectorAll<HTMLElement>('[data-testid="toast-dismiss"]').forEach((b) => b.click()))
  await expect(page.getByTestId('toast')).toHaveCount(0)
  await page.getByTestId('diagnostics-text').scrollIntoViewIfNeeded()
  await page.mouse.move(0, 0)
  await saveScreenshot(page, 'settings-light')
})

test('an error in the page lands in the log file, redacted', async ({ connectedPage: page, app }) => {
  await page.evaluate(() => {
    setTimeout(() => {
      throw new Error('render failed for 4915123456789@s.whatsapp.net')
    })
  })
  const logFile = join(app.dataDir, 'logs', 'web.log')
  await expect.poll(async () => (await readFile(logFile, 'utf8')).includes('(renderer)'), { timeout: 10_000 }).toBe(true)
  const text = await readFile(logFile, 'utf8')
  expect(text).toMatch(/\(renderer\)\s+Error: render failed for \[id\]@s\.whatsapp\.net/)
  expect(text).not.toContain('4915123456789')
  expect(text).not.toContain(TOKEN)
  expect(text).not.toContain(app.secret)
})

test('updates accept only an https address and stay saved', async ({ connectedPage: page }) => {
  const enabled = page.getByTestId('settings-updates-enabled')
  await expect(enabled).toBeDisabled()
  await page.getByTestId('settings-updates-feed').fill('http://updates.example.com/statusdesk/')
  await page.getByTestId('settings-updates-save').click()
  await expect(page.getByTestId('settings-updates-feed-error')).toBeVisible()
  await expect(enabled).toBeDisabled()

  await page.getByTestId('settings-updates-feed').fill('https://updates.example.com/statusdesk/')
  await page.getByTestId('settings-updates-save').click()
  await expect(enabled).toBeEnabled()
  await enabled.check()
  await expect(enabled).toBeChecked()

  await page.reload()
  await page.getByTestId('nav-settings').click()
  await expect(page.getByTestId('settings-updates-feed')).toHaveValue('https://updates.example.com/statusdesk/')
  await expect(page.getByTestId('settings-updates-enabled')).toBeChecked()
})
