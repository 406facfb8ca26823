/// <reference lib="dom" />
import { connectAccount, expect, sharedSession, test } from './support/fixtures'

const session = sharedSession({
  emulatorOptions: { groups: 5, seed: 2 },
  // The desktop window's smallest size, where the keyring legend has least room.
  window: { viewport: { width: 880, height: 600 }, locale: 'en-GB' },
})

test.describe.configure({ mode: 'serial' })

/** The legend's box against its fieldset's: inside the frame, below its top border. */
async function legendPlacement(scope: string): Promise<{ inside: boolean; legendTop: number; frameTop: number }> {
  return session.page.evaluate((selector) => {
    const fieldset = document.querySelector<HTMLElement>(`${selector} [data-testid="connect-storage-choice"]`)!
    const legend = fieldset.querySelector('legend')!.getBoundingClientRect()
    const frame = fieldset.getBoundingClientRect()
    const border = parseFloat(getComputedStyle(fieldset).borderTopWidth)
    return {
      inside: legend.left >= frame.left && legend.right <= frame.right && legend.top >= frame.top + border,
      legendTop: legend.top,
      frameTop: frame.top + border,
    }
  }, scope)
}

test('the keyring legend sits inside its frame instead of across its border', async ({ appPage: page }) => {
  await expect(page.getByTestId('connect-storage-choice')).toBeVisible()
  expect((await legendPlacement('body')).inside).toBe(true)
})

test('the Add-account dialog in Settings draws one frame, not two', async ({ appPage: page, emulator }) => {
  await connectAccount(page, emulator, { storage: 'session' })
  await page.getByTestId('nav-settings').click()
  await page.getByTestId('accounts-add').click()
  const dialog = page.getByTestId('accounts-connect-dialog')
  await expect(dialog.getByTestId('connect-view')).toBeVisible()
  const frames = await dialog.evaluate((el) => {
    const framed = (node: Element) => parseFloat(getComputedStyle(node).borderTopWidth) > 0
    return { dialog: framed(el), view: framed(el.querySelector('[data-testid="connect-view"]')!) }
  })
  expect(frames).toEqual({ dialog: true, view: false })
  expect((await legendPlacement('[data-testid="accounts-connect-dialog"]')).inside).toBe(true)
  await dialog.getByTestId('connect-cancel').click()
  await expect(dialog).toBeHidden()
})
