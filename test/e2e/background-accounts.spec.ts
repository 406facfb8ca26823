import type { Page } from '@playwright/test'
import type { EmulatorProcess } from '../support/emulator-process'
import { accountIdByLabel, fillConnect, openAccountsSettings } from './support/accounts-helpers'
import { expect, test } from './support/fixtures'
import { wallTime } from './support/wall-time'

/**
 * Three accounts, each on its own emulator in its own process. A story is planned on each, then
 * the user moves between the accounts twenty times while the stories fall due: every server
 * receives its account's story exactly once, at its time, whichever account is on screen.
 */
const ACCOUNTS = [
  { label: 'Shop', token: 'e2e_shop_bg_tok_11', seed: '5' },
  { label: 'Branch', token: 'e2e_branch_bg_tok_22', seed: '6' },
  { label: 'Kiosk', token: 'e2e_kiosk_bg_tok_33', seed: '7' },
] as const

const ids: string[] = []

async function published(server: EmulatorProcess, caption: string): Promise<{ receivedAt: number }[]> {
  const { stories } = await server.control<{ stories: Array<{ caption?: string; receivedAt: number }> }>('/stories')
  return stories.filter((story) => story.caption === caption)
}

async function switchTo(page: Page, label: string): Promise<void> {
  await page.getByTestId('account-switcher-button').click()
  await page.getByRole('menuitemradio', { name: new RegExp(label) }).click()
  await expect(page.getByTestId('account-active-label')).toHaveText(label)
}

test.use({ viewport: { width: 1360, height: 900 }, locale: 'en-GB' })

test('stories planned on three accounts go out once each, on time, through twenty switches', async ({ appPage: page, emulators }) => {
  test.setTimeout(180_000)
  const servers = await Promise.all(ACCOUNTS.map((account) => emulators.spawn({ token: account.token, groups: 12, seed: account.seed })))
  for (const [index, account] of ACCOUNTS.entries()) {
    if (index > 0) {
      await page.getByTestId('account-switcher-button').click()
      await page.getByTestId('account-add').click()
    }
    await fillConnect(page, { baseUrl: servers[index]!.baseUrl, token: account.token, label: account.label, storage: 'weak' })
    await expect(page.getByTestId('account-active-label')).toHaveText(account.label)
  }
  await openAccountsSettings(page)
  for (const account of ACCOUNTS) ids.push(await accountIdByLabel(page, account.label))

  // One story planned on each account, from its own composer, due one after another.
  const plans: { caption: string; at: number }[] = []
  for (const account of ACCOUNTS) {
    await switchTo(page, account.label)
    await page.getByTestId('nav-story').click()
    await page.getByTestId('story-kind-text').click()
    const caption = `${account.label} opens at ten`
    await page.getByTestId('story-text').fill(caption)
    const due = await wallTime(page, 12_000)
    await page.getByTestId('story-schedule-toggle').check()
    await page.getByTestId('story-schedule-at').fill(due.wall)
    await page.getByTestId('story-publish').click()
    await expect(page.getByTestId('story-result')).toHaveAttribute('data-state', 'scheduled')
    plans.push({ caption, at: due.at })
  }

  // One calendar for all: every account's planned story, each naming its account.
  await page.getByTestId('nav-outbox').click()
  await expect(page.getByTestId('planned-count')).toHaveText('3 stories planned')
  for (const id of ids) await expect(page.locator(`[data-testid="planned-item"][data-account="${id}"]`)).toHaveCount(1)
  await page.getByTestId('outbox-account-filter').selectOption(ids[1]!)
  await expect(page.getByTestId('planned-count')).toHaveText('1 story planned')
  await page.getByTestId('outbox-account-filter').selectOption('')

  // The stories fall due while the user moves between the accounts: twenty switches, spread
  // until a moment after the last one's time.
  const until = Math.max(...plans.map((plan) => plan.at)) + 1_500
  for (let switches = 0; switches < 20; switches++) {
    await switchTo(page, ACCOUNTS[switches % 3]!.label)
    await page.waitForTimeout(Math.max(0, (until - Date.now()) / (20 - switches)))
  }
  const switchingEnded = Date.now()

  for (const [index, plan] of plans.entries()) {
    await expect.poll(async () => (await published(servers[index]!, plan.caption)).length, { timeout: 60_000 }).toBe(1)
  }
  // Once each, at its time (not before, and not a minute late), and only on its own server.
  for (const [index, plan] of plans.entries()) {
    const [story] = await published(servers[index]!, plan.caption)
    expect(story!.receivedAt).toBeGreaterThanOrEqual(plan.at)
    expect(story!.receivedAt - plan.at).toBeLessThan(60_000)
    for (const [other, server] of servers.entries()) if (other !== index) expect(await published(server, plan.caption)).toHaveLength(0)
  }
  // They fell due while the switching went on, not after it.
  const received = await Promise.all(plans.map(async (plan, index) => (await published(servers[index]!, plan.caption))[0]!.receivedAt))
  expect(Math.min(...received)).toBeLessThan(switchingEnded)
  await page.getByTestId('nav-outbox').click()
  await expect(page.getByTestId('planned-count')).toHaveText('No stories planned')
  for (const plan of plans) await expect(page.getByTestId('history-entry').filter({ hasText: plan.caption })).toHaveCount(1)
})
