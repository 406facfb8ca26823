import { randomBytes } from 'node:crypto'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { AccountSummary } from '@shared/channels/accounts'
import type { HistoryItemView, PublishResult } from '@shared/channels/outbox'
import type { OutboxItemView } from '@shared/story/records'
import { type Emulator, startEmulator } from '../../../../src-main/emulator'
import { type AgentProcess, startAgentProcess } from '../../../support/agent-process'

const KEY = randomBytes(32).toString('base64')
const MOMENTS = ['beforeClaim', 'inFlightPublished', 'inFlightHeld'] as const
type Moment = (typeof MOMENTS)[number]

let root = ''
let dataDir = ''
let agent: AgentProcess | null = null
let deviceToken = ''
const emulators = new Map<Moment, Emulator>()
const accounts = new Map<Moment, string>()

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'statusdesk-agent-faults-pglite-'))
  dataDir = join(root, 'data')
  for (const moment of MOMENTS) emulators.set(moment, await startEmulator({ groups: 2, token: `token-${moment.toLowerCase()}` }))
}, 60_000)

afterAll(async () => {
  await agent?.stop()
  for (const emulator of emulators.values()) await emulator.stop()
  if (root) await rm(root, { recursive: true, force: true })
}, 60_000)

const env = { STATUSDESK_AGENT_KEY: KEY }
const server = (moment: Moment) => emulators.get(moment)!
const captions = (moment: Moment) =>
  server(moment)
    .control.stories.list()
    .map((story) => story.caption ?? '')
const applied = (moment: Moment) =>
  server(moment)
    .control.faults.list()
    .reduce((sum, fault) => sum + fault.applied, 0)
const outbox = () => agent!.call<OutboxItemView[]>(deviceToken, 'stories:outbox-list')

async function until(check: () => boolean | Promise<boolean>, what: string, timeoutMs: number): Promise<void> {
  const end = Date.now() + timeoutMs
  while (Date.now() < end) {
    if (await check()) return
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
  const received = Object.fromEntries(MOMENTS.map((moment) => [moment, captions(moment)]))
  throw new Error(`timed out waiting for ${what}: ${JSON.stringify(received)}\n${agent?.output().slice(-3000) ?? ''}`)
}

describe('the agent on PGlite, killed -9 mid-send and started again on its data folder', () => {
  it('is killed with one story not yet due and two with their POST in flight (one taken by its server, one not)', async () => {
    agent = await startAgentProcess(dataDir, env)
    await agent.waitFor((line) => line['event'] === 'pairing-code')
    const paired = await agent.request('/pair', { body: { code: agent.pairingCode(), deviceName: 'Front desk' } })
    deviceToken = (JSON.parse(paired.body) as { value: { token: string } }).value.token
    for (const moment of MOMENTS) {
      const emulator = server(moment)
      const account = await agent.call<AccountSummary>(deviceToken, 'accounts:connect', {
        baseUrl: emulator.baseUrl,
        token: emulator.token,
      })
      accounts.set(moment, account.id)
    }
    server('inFlightPublished').control.faults.add({ type: 'hang', phase: 'after', times: 1, route: 'stories' })
    server('inFlightHeld').control.faults.add({ type: 'latency', ms: 120_000, times: 1, route: 'stories' })
    const soon = new Date(Date.now() + 4_000).toISOString()
    const later = new Date(Date.now() + 40_000).toISOString()
    for (const moment of MOMENTS) {
      const planned = await agent.call<PublishResult>(deviceToken, 'stories:publish', {
        requestId: `${moment}-${Date.now().toString(36)}`,
        draft: { text: { body: moment } },
        accountIds: [accounts.get(moment)!],
        when: { at: moment === 'beforeClaim' ? later : soon },
      })
      expect(planned.targets.map((target) => target.outcome.state)).toEqual(['scheduled'])
    }
    await until(
      () => applied('inFlightPublished') === 1 && captions('inFlightPublished').length === 1 && applied('inFlightHeld') === 1,
      'both POSTs to be in flight',
      45_000,
    )
    expect(Date.now()).toBeLessThan(Date.parse(later))
    agent.child.kill('SIGKILL')
    await agent.exited()
    for (const emulator of emulators.values()) emulator.control.faults.clear()
    // Its database was open in the killed process: the next one opens it as it was left.
    agent = await startAgentProcess(dataDir, env)
    const left = await outbox()
    const stateOf = (moment: Moment) => left.find((item) => item.accountId === accounts.get(moment))?.state
    expect(stateOf('beforeClaim')).toBe('scheduled')
    // In flight when it died: never sent again, at most shown unknown until its server is read.
    expect(['sending', 'unknown']).toContain(stateOf('inFlightPublished'))
    expect(['sending', 'unknown']).toContain(stateOf('inFlightHeld'))
  }, 90_000)

  it('sends the story not yet due at its time, finds the one its server took, and shows the other unknown: none sent blindly', async () => {
    if (!agent || accounts.size !== MOMENTS.length) throw new Error('the first test did not kill and restart the agent')
    const heldId = accounts.get('inFlightHeld')!
    await until(
      async () => {
        const items = await outbox()
        const held = items.find((item) => item.accountId === heldId)
        const checks = held?.lastError?.details?.['serverChecks']
        return items.length === 1 && held?.state === 'unknown' && typeof checks === 'number' && captions('beforeClaim').length === 1
      },
      'every story to settle',
      100_000,
    )
    await new Promise((resolve) => setTimeout(resolve, 3_000))
    for (const moment of MOMENTS) expect(captions(moment), moment).toEqual(moment === 'inFlightHeld' ? [] : [moment])
    for (const moment of MOMENTS) {
      const posts = server(moment)
        .control.requests.list()
        .filter((request) => request.route === 'stories')
      expect(posts.length, moment).toBe(1)
    }
    // The one found on its server is in the history as read there, not as confirmed by an answer.
    const history = await agent.call<HistoryItemView[]>(deviceToken, 'stories:history-list')
    const confirmation = (moment: Moment) => history.find((entry) => entry.accountId === accounts.get(moment))?.confirmation
    expect(confirmation('inFlightPublished')).toBe('reconciled')
    expect(confirmation('beforeClaim')).toBe('confirmed')
    expect(confirmation('inFlightHeld')).toBeUndefined()
  }, 120_000)
})
