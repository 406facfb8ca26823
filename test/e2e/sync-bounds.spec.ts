import { readFile, readdir } from 'node:fs/promises'
import { join } from 'node:path'
import { expect, test } from './support/fixtures'

test.use({ viewport: { width: 1280, height: 800 }, locale: 'en-GB', connection: { storage: 'session' } })

/** The account's snapshot file under the data folder (one account per test). */
async function snapshotPath(root: string): Promise<string> {
  const entries = await readdir(root, { recursive: true, withFileTypes: true })
  const found = entries.find((e) => e.isFile() && e.name === 'groups.snapshot')
  if (!found) throw new Error('no groups snapshot under the data folder')
  return join(found.parentPath, found.name)
}

test.describe(() => {
  test.use({ emulatorOptions: { groups: 1_200, seed: 11 } })

  test('a server that ignores the page offset: the sync stops with a plain error and the cached groups stay', async ({
    connectedPage: page,
    app,
    emulator,
  }) => {
    const cache = await snapshotPath(app.dataDir)
    const before = await readFile(cache)

    emulator.control.faults.add([
      { type: 'paging', variant: 'ignore-offset' },
      { type: 'paging', variant: 'huge-total' },
    ])
    const started = Date.now()
    await page.getByTestId('sync-now').click()
    await expect(page.getByTestId('status-error')).toContainText('the server kept sending pages of groups', {
      timeout: 10_000,
    })
    expect(Date.now() - started).toBeLessThan(10_000)
    await expect(page.getByTestId('groups-count')).toHaveText('1,200 groups')
    await expect(page.getByTestId('group-row').first()).toBeVisible()
    expect((await readFile(cache)).equals(before)).toBe(true)
  })
})

test.describe(() => {
  test.use({ emulatorOptions: { groups: 1_500, seed: 11 } })

  test('a record without an id: all 1,500 groups stay listed, the one it was marked stale until a clean sync', async ({
    connectedPage: page,
    emulator,
  }) => {
    const row = page.locator('[data-testid="group-row"][data-index="3"]')
    const id = await row.getAttribute('data-group-id')

    emulator.control.faults.add({ type: 'schema-violation', violation: 'missing-id', indexes: [3] })
    await page.getByTestId('sync-now').click()
    await expect(page.getByTestId('sync-now')).toBeEnabled({ timeout: 30_000 })
    await expect(page.getByTestId('status-error')).toHaveCount(0)
    await expect(page.getByTestId('groups-count')).toHaveText('1,500 groups')
    const stale = page.locator('[data-testid="group-row"][data-stale="true"]')
    await expect(stale).toHaveCount(1)
    await expect(stale).toHaveAttribute('data-group-id', id ?? '')
    await expect(stale.getByTestId('group-row-stale')).toBeVisible()
    await stale.click()
    await expect(page.getByTestId('detail-stale')).toContainText('last good version')

    emulator.control.faults.clear()
    await page.getByTestId('sync-now').click()
    await expect(page.getByTestId('detail-stale')).toHaveCount(0, { timeout: 30_000 })
    await expect(page.locator('[data-testid="group-row"][data-stale="true"]')).toHaveCount(0)
    await expect(page.getByTestId('groups-count')).toHaveText('1,500 groups')
  })
})
