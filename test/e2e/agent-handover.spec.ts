import { randomBytes } from 'node:crypto'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Page } from '@playwright/test'
import { type AgentProcess, startAgentProcess } from '../support/agent-process'
import { pairWithAgent, plan } from './support/agent-helpers'
import { wallTime } from './support/wall-time'
import { expect, test } from './support/fixtures'

/**
 * "Run on the agent" end to end: web mode, the agent and the emulator each as their own process
 * (the emulator in this one). Two stories planned and one added to the posting queue move to
 * the agent; the desktop's process is then stopped entirely, and the server receives each story
 * once, within a minute of its time; started again, the desktop shows them published by the
 * agent, with their times, and says the account runs there.
 */
test.use({
  connection: { label: 'Shop', storage: 'weak' },
  locale: 'en-GB',
  timezoneId: 'Europe/Berlin',
  viewport: { width: 1360, height: 900 },
})

let root = ''
let agent: AgentProcess

test.beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'statusdesk-e2e-handover-'))
  agent = await startAgentProcess(join(root, 'data'), { STATUSDESK_AGENT_KEY: randomBytes(32).toString('base64') })
})
test.afterAll(async () => {
  await agent?.stop()
  await rm(root, { recursive: true, force: true })
})

/** The first whole minute at least `ms` from now on the page's clock, as "HH:MM", and its instant. */
function minuteAhead(page: Page, ms: number): Promise<{ time: string; at: number }> {
  return page.evaluate((ahead) => {
    const at = Math.ceil((Date.now() + ahead) / 60_000) * 60_000
    const d = new Date(at)
    const pad = (n: number) => String(n).padStart(2, '0')
    return { time: `${pad(d.getHours())}:${pad(d.getMinutes())}`, at }
  }, ms)
}

async function addToQueue(page: Page, caption: string): Promise<number> {
  await page.getByTestId('nav-story').click()
  await page.getByTestId('story-kind-text').click()
  await page.getByTestId('story-text').fill(caption)
  await page.getByTestId('story-add-to-queue').click()
  const slot = page.getByTestId('story-queue-slot')
  await expect(slot).toHaveAttribute('data-at', /Z$/)
  const at = Date.parse((await slot.getAttribute('data-at'))!)
  await page.getByTestId('story-queue-confirm-button').click()
  await expect(page.getByTestId('story-result')).toHaveAttribute('data-state', 'scheduled')
  return at
}

test('an account handed over to the agent has its stories sent with the desktop stopped, each once, on time', async ({
  connectedPage: page,
  app,
  emulator,
}) => {
  test.setTimeout(300_000)
  const received = (caption: string) => emulator.control.stories.list().filter((story) => story.caption === caption)

  // A posting-queue slot a little under two minutes ahead, and two stories planned before it.
  await page.getByTestId('nav-settings').click()
  const queue = page.getByTestId('settings-queue')
  const slot = await minuteAhead(page, 100_000)
  await queue.getByTestId('queue-new-time').fill(slot.time)
  await queue.getByTestId('queue-add-time').click()
  await expect(queue.locator(`[data-testid="queue-time-row"][data-time="${slot.time}"]`)).toBeVisible()
  const first = await wallTime(page, 70_000)
  const second = await wallTime(page, 80_000)
  await plan(page, 'Agent: doors open at nine', first.wall)
  await plan(page, 'Agent: fresh bread at ten', second.wall)
  const queuedAt = await addToQueue(page, 'Agent: the queued one')
  expect(queuedAt).toBe(slot.at)
  const plans = [
    { caption: 'Agent: doors open at nine', at: first.at },
    { caption: 'Agent: fresh bread at ten', at: second.at },
    { caption: 'Agent: the queued one', at: queuedAt },
  ]

  await pairWithAgent(page, agent)
  const accounts = page.getByTestId('agent-accounts')
  await accounts.getByRole('button', { name: 'Run Shop on the agent' }).click()
  await expect(accounts.getByText(/Runs on the agent since/)).toBeVisible()
  // The desktop shows the agent's stories now, each labelled so.
  await page.getByTestId('nav-outbox').click()
  await expect(page.getByTestId('planned-item')).toHaveCount(3)
  await expect(page.getByTestId('planned-item').getByTestId('agent-place')).toHaveText(['On the agent', 'On the agent', 'On the agent'])
  for (const { caption, at } of plans) expect(at - Date.now(), `${caption} is still ahead when the desktop stops`).toBeGreaterThan(5_000)

  // The desktop's process goes away entirely; the agent sends each story at its time.
  await app.stop()
  const last = Math.max(...plans.map((item) => item.at))
  await expect
    .poll(() => plans.map(({ caption }) => received(caption).length), { timeout: last - Date.now() + 60_000, intervals: [1000] })
    .toEqual([1, 1, 1])
  for (const { caption, at } of plans) {
    const [story] = received(caption)
    expect(story!.receivedAt - at, `${caption}: sent within a minute of its time`).toBeLessThanOrEqual(60_000)
    expect(story!.receivedAt, `${caption}: not before its time`).toBeGreaterThanOrEqual(at - 1_000)
  }
  // Nothing more arrives afterwards: once each.
  await new Promise((resolve) => setTimeout(resolve, 3_000))
  expect(plans.map(({ caption }) => received(caption).length)).toEqual([1, 1, 1])

  // Started again, the desktop shows what the agent published while it was away, and where the account runs.
  const again = await app.restart()
  await page.goto(again.url)
  await page.getByTestId('nav-outbox').click()
  await expect(page.getByTestId('planned-count')).toHaveText('No stories planned')
  for (const { caption } of plans) {
    const entry = page.getByTestId('history-entry').filter({ hasText: caption })
    await expect(entry).toHaveCount(1)
    await expect(entry.getByTestId('agent-place')).toHaveText('Published by the agent')
    await expect(entry.locator('.when')).toContainText(/\d{1,2}:\d{2}/)
  }
  await page.getByTestId('nav-settings').click()
  await expect(page.getByTestId('agent-accounts').getByText(/Runs on the agent since/)).toBeVisible()
})
