import { randomBytes } from 'node:crypto'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Locator, Page } from '@playwright/test'
import { type AgentProcess, startAgentProcess } from '../support/agent-process'
import { pairWithAgent, plan } from './support/agent-helpers'
import { wallTime } from './support/wall-time'
import { connectAccount, expect, test } from './support/fixtures'
import { startWebApp } from './support/web-app'

/**
 * Two desktops on one agent, end to end: each its own web-mode process, data folder and browser,
 * both connected to the same provider account and both running it on the agent, so that they
 * share one outbox there. A story one plans shows on the other within seconds, named as the
 * first one's; an edit made on what the other changed meanwhile is refused in words; a story
 * cancelled on one is never sent, its time past; and a desktop revoked from the other is refused at its next call.
 */
const WINDOW = { locale: 'en-GB', timezoneId: 'Europe/Berlin', viewport: { width: 1360, height: 900 } }
test.use({ connection: { label: 'Shop', storage: 'weak' }, pageOptions: { acceptDialogs: true }, ...WINDOW })

let root = ''
let agent: AgentProcess

test.beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'statusdesk-e2e-team-'))
  agent = await startAgentProcess(join(root, 'data'), { STATUSDESK_AGENT_KEY: randomBytes(32).toString('base64') })
})
test.afterAll(async () => {
  await agent?.stop()
  await rm(root, { recursive: true, force: true })
})

/** Settings → the account's "Run on the agent", until the desktop says it runs there. */
async function runOnAgent(page: Page): Promise<void> {
  await page.getByTestId('nav-settings').click()
  const accounts = page.getByTestId('agent-accounts')
  await accounts.getByRole('button', { name: 'Run Shop on the agent' }).click()
  await expect(accounts.getByText(/Runs on the agent since/)).toBeVisible()
}

/** The planned story with this caption in the page's Outbox view. */
function plannedRow(page: Page, caption: string): Locator {
  return page.getByTestId('planned-item').filter({ hasText: caption })
}

test('two desktops on one agent share its outbox: each sees who planned and changed a story, a stale edit is refused, a revoked one is refused', async ({
  connectedPage: front,
  emulator,
  browser,
}) => {
  test.setTimeout(300_000)
  const received = (caption: string) => emulator.control.stories.list().filter((story) => story.caption === caption)

  // The second desktop: its own web-mode process and data folder, its own browser, the same account (same token).
  const second = await startWebApp()
  const context = await browser.newContext(WINDOW)
  try {
    const back = await context.newPage()
    const backErrors: string[] = []
    back.on('pageerror', (error) => backErrors.push(error.message))
    back.on('dialog', (dialog) => void dialog.accept())
    await back.goto(second.url)
    await connectAccount(back, emulator, { label: 'Shop', storage: 'weak' })

    // Both pair with the one agent, each person under their own name on their computer's, and both run the account there.
    const firstCode = agent.pairingCode()
    await pairWithAgent(front, agent, 'Front desk', 'Ana')
    await runOnAgent(front)
    await expect.poll(() => agent.pairingCode(), { message: 'the agent prints a new code once one is used' }).not.toBe(firstCode)
    await pairWithAgent(back, agent, 'Back office', 'Bia')
    await runOnAgent(back)

    // The front desk plans a story a few minutes ahead; the back office sees it within 5 s, named as Ana's on the front desk.
    await back.getByTestId('nav-outbox').click()
    const caption = 'Team: doors open at nine'
    const due = await wallTime(front, 60_000)
    await plan(front, caption, due.wall)
    await expect(plannedRow(back, caption)).toHaveCount(1, { timeout: 5_000 })
    await expect(plannedRow(back, caption).getByTestId('agent-place')).toHaveText('On the agent')
    await expect(plannedRow(back, caption).getByTestId('agent-planned-by')).toHaveText('Planned by Ana (Front desk)')

    // The front desk opens the story to edit it; meanwhile the back office changes its caption.
    await front.getByTestId('nav-outbox').click()
    const frontRow = plannedRow(front, caption)
    await expect(frontRow.getByTestId('agent-planned-by')).toHaveText('Planned by Ana (Front desk)')
    await frontRow.getByRole('button', { name: 'Edit' }).click()
    const edited = 'Team: doors open at ten'
    await plannedRow(back, caption).getByRole('button', { name: 'Edit' }).click()
    await plannedRow(back, caption).getByLabel('Caption').fill(edited)
    await plannedRow(back, caption).getByRole('button', { name: 'Save' }).click()
    await expect(plannedRow(back, edited).getByTestId('agent-changed-by')).toContainText('Changed by Bia (Back office)')
    // The front desk's view follows (its form stays open on what it was opened on)...
    const frontEdited = plannedRow(front, edited)
    await expect(frontEdited.getByTestId('agent-changed-by')).toContainText('Changed by Bia (Back office)', { timeout: 5_000 })
    // ...and its own edit, made on the story as it was, is refused in words; the back office's caption stays.
    await frontEdited.getByLabel('Caption').fill('Team: the front desk’s words')
    await frontEdited.getByRole('button', { name: 'Save' }).click()
    await expect(frontEdited.getByRole('alert')).toContainText('That story changed meanwhile')
    await expect(plannedRow(back, edited)).toHaveCount(1)
    await expect(plannedRow(back, 'the front desk’s words')).toHaveCount(0)

    // The back office cancels it before its time: gone from both views, and the server never receives it, its time past.
    expect(due.at - Date.now(), 'the story is still ahead when it is cancelled').toBeGreaterThan(5_000)
    await plannedRow(back, edited).getByRole('button', { name: 'Cancel story' }).click()
    await expect(plannedRow(back, edited)).toHaveCount(0)
    await expect(plannedRow(front, edited)).toHaveCount(0, { timeout: 5_000 })
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, due.at - Date.now()) + 5_000))
    await back.reload()
    await back.getByTestId('nav-outbox').click()
    await expect(back.getByTestId('planned-count')).toHaveText('No stories planned')
    expect(received(caption)).toEqual([])
    expect(received(edited)).toEqual([])

    // The back office revokes the front desk; the front desk is refused at its next call, in words.
    await back.getByTestId('nav-settings').click()
    const devices = back.getByRole('region', { name: 'Devices paired with the agent' })
    await expect(devices).toContainText('Paired by Ana')
    await devices.getByRole('button', { name: 'Revoke Front desk' }).click()
    await expect(back.getByText('The device was revoked: the agent refuses its token from now on.')).toBeVisible()
    // (Its status in Settings says so, as neither answered nor away, with the way forward: pairing again.)
    await front.getByTestId('nav-settings').click()
    const refused = front.getByRole('alert').filter({ hasText: 'The agent refused this computer' })
    await expect(refused).toContainText('its pairing was revoked there. Pair again with a new code from the agent.')
    await expect(front.getByTestId('agent-reachable')).toHaveCount(0)
    await expect(front.getByLabel('Pairing code')).toBeVisible()
    expect(backErrors).toEqual([])
  } finally {
    await context.close()
    await second.stop({ removeData: true })
  }
})
