import { _electron, expect, test } from '@playwright/test'
import { CHANNEL_NAMES } from '../../src-shared/channels/contract'
import { electronBinary } from '../../src-main/launcher/electron-binary'

const ELECTRON = electronBinary()
const ELECTRON_MISSING =
  'missing' in ELECTRON ? `${ELECTRON.missing} (npm start fetches it where Electron's download host is reachable)` : null

test('the Electron app opens a sandboxed window whose bridge offers only the contract', async () => {
  if (ELECTRON_MISSING) console.log(`SKIPPED: the Electron glue is not exercised here: ${ELECTRON_MISSING}`)
  test.skip(ELECTRON_MISSING !== null, `Electron binary unavailable: ${ELECTRON_MISSING}`)
  if ('missing' in ELECTRON) return

  const app = await _electron.launch({ executablePath: ELECTRON.path, args: ['.'] })
  try {
    const page = await app.firstWindow()
    await expect(page.getByTestId('about-open')).toBeVisible()
    expect(page.url()).toMatch(/^statusdesk:\/\/app\//)
    const keys = await page.evaluate(() => Object.keys((globalThis as { api?: object }).api ?? {}).sort())
    expect(keys).toEqual([...CHANNEL_NAMES, 'on'].sort())
    expect(await page.evaluate(() => typeof (globalThis as { process?: unknown }).process)).toBe('undefined')
    await page.getByTestId('about-open').click()
    await expect(page.getByTestId('about-transport')).toHaveAttribute('data-transport', 'ipc')
  } finally {
    await app.close()
  }
})
