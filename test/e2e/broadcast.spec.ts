import type { EmulatorProcess } from '../support/emulator-process'
import { accountIdByLabel, fillConnect, openAccountsSettings } from './support/accounts-helpers'
import { seriousViolations } from './support/axe'
import { expect, sharedSession, test } from './support/fixtures'

/** Two accounts, each on its own emulator in its own process, as two providers would be. */
const SHOP_TOKEN = 'e2e_shop_tok_7a1c'
const BRANCH_TOKEN = 'e2e_branch_tok_3f9d'

const session = sharedSession({
  window: { viewport: { width: 1360, height: 900 }, locale: 'en-GB' },
  // Requests refused while an emulator is stopped are the point of the second test.
  pageOptions: { consoleErrors: 'except-failed-loads' },
})

let shop: EmulatorProcess
let branch: EmulatorProcess
let shopId: string
let branchId: string

/** What the emulator says it published with this caption, asked of its control route. */
async function published(emulator: EmulatorProcess, caption: string): Promise<unknown[]> {
  const { stories } = await emulator.control<{ stories: Array<{ caption?: string }> }>('/stories')
  return stories.filter((story) => story.caption === caption)
}

async function composeText(text: string): Promise<void> {
  const { page } = session
  await page.getByTestId('nav-story').click()
  await page.getByTestId('story-kind-text').click()
  await page.getByTestId('story-text').fill(text)
}

test.describe.configure({ mode: 'serial' })

test.beforeAll(async () => {
  shop = await session.emulators.spawn({ token: SHOP_TOKEN, groups: 20, seed: 3 })
  branch = await session.emulators.spawn({ token: BRANCH_TOKEN, groups: 20, seed: 4 })
})

test('one click publishes to both accounts, and each server receives the story exactly once', async ({ appPage: page }) => {
  test.setTimeout(120_000)
  await fillConnect(page, { baseUrl: shop.baseUrl, token: SHOP_TOKEN, label: 'Shop', storage: 'weak' })
  await expect(page.getByTestId('account-active-label')).toHaveText('Shop')
  await page.getByTestId('account-switcher-button').click()
  await page.getByTestId('account-add').click()
  await fillConnect(page, { baseUrl: branch.baseUrl, token: BRANCH_TOKEN, label: 'Branch', storage: 'weak' })
  await expect(page.getByTestId('account-active-label')).toHaveText('Branch')
  await openAccountsSettings(page)
  shopId = await accountIdByLabel(page, 'Shop')
  branchId = await accountIdByLabel(page, 'Branch')

  await composeText('Open late tonight')
  // "Publish to", in words from the catalog, never its keys.
  const targets = page.getByRole('group', { name: 'Publish to' })
  await expect(targets).toContainText('One press publishes to every ticked account.')
  await expect(targets).toContainText('open now')
  await expect(targets).not.toContainText('targets.')
  // The open account is ticked; the other one is one more tick.
  await expect(page.getByTestId(`broadcast-target-${branchId}`)).toBeChecked()
  await expect(page.getByTestId(`broadcast-target-${shopId}`)).not.toBeChecked()
  await page.getByTestId(`broadcast-target-${shopId}`).check()
  await page.getByTestId('story-publish').click()

  await expect(page.getByTestId('broadcast-summary-title')).toHaveText('Published to 2 of 2')
  await expect(page.getByTestId('broadcast-result').and(page.locator(`[data-account="${shopId}"]`))).toHaveAttribute('data-state', 'sent')
  await expect(page.getByTestId('broadcast-result').and(page.locator(`[data-account="${branchId}"]`))).toHaveAttribute('data-state', 'sent')
  expect(await published(shop, 'Open late tonight')).toHaveLength(1)
  expect(await published(branch, 'Open late tonight')).toHaveLength(1)
  // Both now hold the story: the composer starts afresh.
  await expect(page.getByTestId('story-text')).toHaveValue('')
  // The picker and the summary pass the same accessibility audit as every view.
  expect(await seriousViolations(page)).toEqual([])
})

test('Publish at… with both accounts ticked plans the story in each, and each server receives it once at its time', async ({
  appPage: page,
}) => {
  test.setTimeout(120_000)
  await composeText('Doors open at nine')
  await expect(page.getByTestId(`broadcast-target-${shopId}`)).toBeChecked()
  // A whole second about 6 s ahead, on the page's clock, as the picker reads it.
  const due = await page.evaluate(() => {
    const at = Math.ceil((Date.now() + 6_000) / 1000) * 1000
    const d = new Date(at)
    const pad = (n: number) => String(n).padStart(2, '0')
    return {
      at,
      wall: `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`,
    }
  })
  await page.getByTestId('story-schedule-toggle').check()
  await page.getByTestId('story-schedule-at').fill(due.wall)
  await page.getByTestId('story-publish').click()

  await expect(page.getByTestId('broadcast-summary-title')).toHaveText('Planned for 2 of 2')
  await expect(page.getByTestId('broadcast-summary-line')).toContainText('2 planned for')
  for (const id of [shopId, branchId])
    await expect(page.getByTestId('broadcast-result').and(page.locator(`[data-account="${id}"]`))).toHaveAttribute(
      'data-state',
      'scheduled',
    )
  expect(await published(shop, 'Doors open at nine')).toHaveLength(0)
  expect(await published(branch, 'Doors open at nine')).toHaveLength(0)

  await expect.poll(async () => (await published(shop, 'Doors open at nine')).length, { timeout: 30_000 }).toBe(1)
  await expect.poll(async () => (await published(branch, 'Doors open at nine')).length, { timeout: 30_000 }).toBe(1)
  for (const emulator of [shop, branch]) {
    const [story] = (await published(emulator, 'Doors open at nine')) as { receivedAt: number }[]
    expect(story!.receivedAt).toBeGreaterThanOrEqual(due.at)
  }
  // The picker is cleared for the next story, which goes now again.
  await expect(page.getByTestId('story-schedule-toggle')).not.toBeChecked()
})

test('with one server down the other publishes, and the first follows when it returns, exactly once', async ({
  appPage: page,
  problems,
}) => {
  test.setTimeout(180_000)
  await shop.stop()
  await composeText('Flash sale at noon')
  // The ticks stay as they were for the next story.
  await expect(page.getByTestId(`broadcast-target-${shopId}`)).toBeChecked()
  await page.getByTestId('story-publish').click()

  const shopResult = page.getByTestId('broadcast-result').and(page.locator(`[data-account="${shopId}"]`))
  await expect(page.getByTestId('broadcast-summary-title')).toHaveText('Published to 1 of 2', { timeout: 30_000 })
  await expect(page.getByTestId('broadcast-summary-line')).toHaveText('1 waiting for the connection')
  await expect(shopResult).toHaveAttribute('data-state', 'queued')
  expect(await published(branch, 'Flash sale at noon')).toHaveLength(1)
  // The open account's server is fine: the app does not call itself offline for the other one.
  await expect(page.getByTestId('status-online')).toHaveAttribute('data-online', 'true')

  // The shop's server comes back on the same address: its outbox sends the story by itself.
  shop = await session.emulators.restart(shop)
  await expect(shopResult).toHaveAttribute('data-state', 'sent', { timeout: 120_000 })
  await expect(page.getByTestId('broadcast-summary-title')).toHaveText('Published to 2 of 2')
  expect(await published(shop, 'Flash sale at noon')).toHaveLength(1)
  expect(await published(branch, 'Flash sale at noon')).toHaveLength(1)

  // The history lists every account's stories: once for each account, and once in the shop's own.
  await page.getByTestId('nav-outbox').click()
  await expect(page.getByTestId('history-entry').filter({ hasText: 'Flash sale at noon' })).toHaveCount(2)
  await page.getByTestId('outbox-account-filter').selectOption(shopId)
  await expect(page.getByTestId('history-entry').filter({ hasText: 'Flash sale at noon' })).toHaveCount(1)
  await expect(
    page.locator(`[data-testid="history-entry"][data-account="${shopId}"]`).filter({ hasText: 'Flash sale at noon' }),
  ).toHaveCount(1)
  expect(await published(shop, 'Flash sale at noon')).toHaveLength(1)
  expect(problems).toEqual([])
})

test('"Add to queue" with a queue on one account and none on the other: planned for one, refused for the other, and said so', async ({
  appPage: page,
  problems,
}) => {
  const result = (id: string) => page.getByTestId('broadcast-result').and(page.locator(`[data-account="${id}"]`))
  // The open account (Branch) gets one weekly time, hours ahead: nothing goes out while the spec runs.
  await page.getByTestId('nav-settings').click()
  const section = page.getByTestId('settings-queue')
  await section.scrollIntoViewIfNeeded()
  await section.getByTestId('queue-account').selectOption(branchId)
  const time = await page.evaluate(() => `${String(new Date(Date.now() + 3 * 3600_000).getHours()).padStart(2, '0')}:00`)
  await section.getByTestId('queue-new-time').fill(time)
  await section.getByTestId('queue-add-time').click()
  await expect(section.locator(`[data-testid="queue-time-row"][data-time="${time}"]`)).toBeVisible()

  await composeText('Cakes on the counter tomorrow')
  await expect(page.getByTestId(`broadcast-target-${shopId}`)).toBeChecked()
  await expect(page.getByTestId(`broadcast-target-${branchId}`)).toBeChecked()
  await page.getByTestId('story-add-to-queue').click()
  await expect(page.getByTestId('story-queue-slot')).toHaveCount(2)
  await page.getByTestId('story-queue-confirm-button').click()

  await expect(page.getByTestId('broadcast-summary-title')).toHaveText('Planned for 1 of 2')
  await expect(result(branchId)).toHaveAttribute('data-state', 'scheduled')
  await expect(result(shopId)).toHaveAttribute('data-state', 'refused')
  await expect(page.getByTestId('broadcast-summary-line')).toHaveText([/^1 planned for /, '1 refused'])
  await expect(result(shopId)).toContainText('has no posting queue yet.')
  await expect(result(shopId)).toContainText('or choose a time with “Publish at…”.')
  expect(await published(shop, 'Cakes on the counter tomorrow')).toHaveLength(0)
  expect(await published(branch, 'Cakes on the counter tomorrow')).toHaveLength(0)
  expect(problems).toEqual([])
})

test('saved styles, an audience imported from a CSV column, and several drafts', async ({ appPage: page, problems }) => {
  await composeText('Styled')
  await page.getByTestId('story-background-code').fill('#FF112233')
  await page.getByTestId('story-color-code').fill('#FFFFFF00')
  await page.getByTestId('story-font-EXO2_EXTRABOLD').click()
  await page.getByTestId('saved-style-name').fill('Night')
  await page.getByTestId('saved-style-save').click()
  await page.getByTestId('story-background-code').fill('#FF0B6E4F')
  await page.getByTestId('saved-style-apply').and(page.locator('[data-name="Night"]')).click()
  await expect(page.getByTestId('story-background-code')).toHaveValue('#FF112233')
  await expect(page.getByTestId('story-color-code')).toHaveValue('#FFFFFF00')

  const csv = 'Name,Phone\nAna,+1 555 010 0001\nBo,call me\nCy,15550100002\n'
  await page.getByTestId('audience-csv-file').setInputFiles({ name: 'Customers.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) })
  await expect(page.getByTestId('audience-csv-column')).toHaveValue('1')
  await expect(page.getByTestId('audience-csv-name')).toHaveValue('Customers')
  await page.getByTestId('audience-csv-import').click()
  await expect(page.getByTestId('audience-csv-result')).toContainText('“Customers” now holds 2 numbers.')
  await expect(page.getByTestId('audience-csv-bad-rows')).toContainText('row 3')
  await page.getByTestId('saved-audience-use').click()
  await expect(page.getByTestId('story-audience-contacts')).toBeChecked()

  await page.getByTestId('saved-drafts').locator('summary').click()
  await page.getByTestId('saved-draft-save').click()
  await page.getByTestId('story-text').fill('Second draft')
  await page.getByTestId('saved-draft-save').click()
  await expect(page.getByTestId('saved-draft')).toHaveCount(2)
  await expect(page.getByTestId('saved-draft-text').first()).toHaveText('Second draft')
  await page.getByTestId('saved-draft-open').last().click()
  await expect(page.getByTestId('story-text')).toHaveValue('Styled')
  await page.getByTestId('saved-draft-delete').first().click()
  await expect(page.getByTestId('saved-draft')).toHaveCount(1)
  expect(await seriousViolations(page)).toEqual([])
  expect(problems).toEqual([])
})
