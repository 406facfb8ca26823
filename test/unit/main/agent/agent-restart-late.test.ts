import { randomBytes } from 'node:crypto'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { AccountSummary } from '@shared/channels/accounts'
import type { PublishResult } from '@shared/channels/outbox'
import type { OutboxItemView } from '@shared/story/records'
import { type Emulator, startEmulator } from '../../../../src-main/emulator'
import { type AgentProcess, startAgentProcess } from '../../../support/agent-process'

/**
 * An always-on agent is stopped only to be updated or rebooted: a story that fell due in those
 * seconds goes out when it starts again, late, once. An operator who wants none sent late says
 * `--late-minutes 0`, and the story waits as missed for a person instead.
 */
const KEY = randomBytes(32).toString('base64')
const env = { STATUSDESK_AGENT_KEY: KEY }
const RUNS = [
  { name: 'default allowance', args: [] as string[] },
  { name: 'no allowance', args: ['--late-minutes', '0'] },
] as const

interface Run {
  dataDir: string
  emulator: Emulator
  agent: AgentProcess | null
  token: string
  accountId: string
  dueAt: number
}

let root = ''
const runs: Run[] = []

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'statusdesk-agent-late-'))
  for (const [index] of RUNS.entries()) {
    const emulator = await startEmulator({ groups: 1, token: `token-late-${index}` })
    runs.push({ dataDir: join(root, `data-${index}`), emulator, agent: null, token: '', accountId: '', dueAt: 0 })
  }
}, 60_000)

afterAll(async () => {
  for (const run of runs) {
    await run.agent?.stop()
    await run.emulator.stop()
  }
  if (root) await rm(root, { recursive: true, force: true })
}, 60_000)

async function start(run: Run, index: number): Promise<AgentProcess> {
  run.agent = await startAgentProcess(run.dataDir, env, [...RUNS[index]!.args])
  return run.agent
}

async function pairAndPlan(run: Run, index: number): Promise<void> {
  const agent = await start(run, index)
  await agent.waitFor((line) => line['event'] === 'pairing-code')
  const paired = await agent.request('/pair', { body: { code: agent.pairingCode(), deviceName: 'Front desk' } })
  run.token = (JSON.parse(paired.body) as { value: { token: string } }).value.token
  const account = await agent.call<AccountSummary>(run.token, 'accounts:connect', {
    baseUrl: run.emulator.baseUrl,
    token: run.emulator.token,
  })
  run.accountId = account.id
  // Far enough ahead that a stop on a busy machine still ends before it.
  run.dueAt = Date.now() + 20_000
  const planned = await agent.call<PublishResult>(run.token, 'stories:publish', {
    requestId: `late-${index}-${Date.now().toString(36)}`,
    draft: { text: { body: `due while stopped ${index}` } },
    accountIds: [account.id],
    when: { at: new Date(run.dueAt).toISOString() },
  })
  expect(planned.targets.map((target) => target.outcome.state)).toEqual(['scheduled'])
  // Stopped as for an update, before the story's time.
  await agent.stop()
  expect(Date.now()).toBeLessThan(run.dueAt)
}

const received = (run: Run) => run.emulator.control.stories.list().map((story) => story.caption ?? '')
const outbox = (run: Run) => run.agent!.call<OutboxItemView[]>(run.token, 'stories:outbox-list')

async function until(check: () => Promise<boolean>, what: string, timeoutMs: number): Promise<void> {
  const end = Date.now() + timeoutMs
  while (Date.now() < end) {
    if (await check()) return
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
  throw new Error(`timed out waiting for ${what}: ${JSON.stringify(runs.map(received))}`)
}

describe('an agent started again after a story fell due while it was stopped', () => {
  it('sends it late, once, within its allowance; with none, keeps it as missed and sends nothing', async () => {
    await Promise.all(runs.map((run, index) => pairAndPlan(run, index)))
    // Both stay stopped past the stories' time.
    const latest = Math.max(...runs.map((run) => run.dueAt))
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, latest - Date.now()) + 2_000))
    await Promise.all(runs.map((run, index) => start(run, index)))
    const [allowed, strict] = runs as [Run, Run]
    await until(async () => received(allowed).length === 1, 'the story within the allowance to be sent', 60_000)
    await until(async () => (await outbox(strict)).some((item) => item.state === 'missed'), 'the other story to be missed', 30_000)
    const sentAt = allowed.emulator.control.stories.list()[0]!
    expect(sentAt.caption).toBe('due while stopped 0')
    // Sent, then cleared from the outbox once recorded.
    await until(async () => (await outbox(allowed)).length === 0, 'the sent story to leave the outbox', 15_000)
    // The missed one waits for a person: a few seconds more, and still nothing reached its server.
    await new Promise((resolve) => setTimeout(resolve, 3_000))
    expect(received(strict)).toEqual([])
    expect(received(allowed)).toEqual(['due while stopped 0'])
    const missed = (await outbox(strict)).find((item) => item.accountId === strict.accountId)
    expect(missed).toMatchObject({ state: 'missed', dueAt: new Date(strict.dueAt).toISOString() })
  }, 150_000)
})
