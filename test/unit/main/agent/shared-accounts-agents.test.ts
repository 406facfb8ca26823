import { randomBytes } from 'node:crypto'
import { mkdir, mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import type { AccountsState, AccountSummary } from '@shared/channels/accounts'
import type { HistoryItemView } from '@shared/channels/outbox'
import { type Emulator, startEmulator } from '../../../../src-main/emulator'
import { type AgentProcess, startAgentProcess } from '../../../support/agent-process'
import { findPostgresBin, POSTGRES_MISSING, startPostgresCluster, type PostgresCluster } from '../../../support/postgres-cluster'

const TOKEN = 'agents-share-token-5e2d9a'

let cluster: PostgresCluster | null = null
let emulator: Emulator | null = null
let root = ''
const agents: AgentProcess[] = []

beforeAll(async () => {
  if (findPostgresBin() === null) return
  cluster = await startPostgresCluster()
  emulator = await startEmulator({ token: [TOKEN], groups: 2 })
  root = await mkdtemp(join(tmpdir(), 'statusdesk-shared-agents-'))
}, 120_000)

afterAll(async () => {
  for (const agent of agents) await agent.stop()
  await emulator?.stop()
  await cluster?.stop()
  if (root) await rm(root, { recursive: true, force: true })
}, 60_000)

async function pair(agent: AgentProcess): Promise<string> {
  await agent.waitFor((line) => line['event'] === 'pairing-code')
  const paired = await agent.request('/pair', { body: { code: agent.pairingCode(), deviceName: 'Front desk' } })
  return (JSON.parse(paired.body) as { value: { token: string } }).value.token
}

const postgres = findPostgresBin() !== null

describe.skipIf(!postgres)(`agents on one PostgreSQL, each with its own empty folder${postgres ? '' : `: ${POSTGRES_MISSING}`}`, () => {
  it('an account connected on one is listed on the other within seconds, runs its stories there with one history, and leaves it when signed out', async () => {
    if (!cluster || !emulator) throw new Error('the PostgreSQL cluster did not start')
    const env = { STATUSDESK_AGENT_KEY: randomBytes(32).toString('base64'), DATABASE_URL: cluster.url() }
    const [first, second] = [join(root, 'first'), join(root, 'second')]
    await Promise.all([mkdir(first), mkdir(second)])
    agents.push(await startAgentProcess(first, env), await startAgentProcess(second, env))
    const [a, b] = agents as [AgentProcess, AgentProcess]
    const device = await pair(a)
    const listedOnB = async () => (await b.call<AccountsState>(device, 'accounts:list')).accounts

    const added = await a.call<AccountSummary>(device, 'accounts:connect', { baseUrl: emulator.baseUrl, token: TOKEN, label: 'Bakery' })
    const since = Date.now()
    await vi.waitFor(async () => expect((await listedOnB()).map((account) => account.id)).toEqual([added.id]), {
      timeout: 20_000,
      interval: 250,
    })
    const seenAfterMs = Date.now() - since
    expect(seenAfterMs).toBeLessThan(15_000)
    expect((await listedOnB())[0]).toMatchObject({ label: 'Bakery', hasToken: true })

    // A story planned on the second agent for that account is sent from there.
    await b.call(device, 'stories:publish', {
      requestId: 'shared-now',
      draft: { text: { body: 'from the second agent' } },
      accountIds: [added.id],
    })
    await vi.waitFor(() => expect(emulator!.control.stories.list().map((story) => story.caption)).toContain('from the second agent'), {
      timeout: 20_000,
      interval: 250,
    })

    // Its history is the same on the first agent, which did not send it.
    await vi.waitFor(
      async () => {
        const history = await a.call<HistoryItemView[]>(device, 'stories:history-list')
        expect(history.map((item) => [item.accountId, item.summary.text])).toEqual([[added.id, 'from the second agent']])
      },
      { timeout: 10_000, interval: 250 },
    )

    await a.call(device, 'accounts:sign-out', { id: added.id, removeData: false })
    await vi.waitFor(async () => expect(await listedOnB()).toEqual([]), { timeout: 20_000, interval: 250 })
    console.info(`shared accounts: seen on the second agent ${(seenAfterMs / 1000).toFixed(1)} s after the connect`)
  }, 180_000)
})
