import { randomBytes } from 'node:crypto'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { AccountSummary } from '@shared/channels/accounts'
import type { HistoryItemView, PublishResult } from '@shared/channels/outbox'
import type { AgentHealth } from '../../../../src-main/agent/health'
import { type Emulator, startEmulator } from '../../../../src-main/emulator'
import { type AgentProcess, startAgentProcess } from '../../../support/agent-process'
import { openItems, outboxHolds, type OutboxHolds } from '../../../support/outbox-holds'
import { findPostgresBin, POSTGRES_MISSING, startPostgresCluster, type PostgresCluster } from '../../../support/postgres-cluster'

const KEY = randomBytes(32).toString('base64')
/** One server per moment of a send: each story's fate is read on its own server. */
const MOMENTS = ['beforeClaim', 'claimed', 'inFlightPublished', 'inFlightHeld', 'answered', 'recordedSent'] as const
type Moment = (typeof MOMENTS)[number]
/** Advisory lock keys of the holds (see outbox-holds). */
const HOLD_SENDING = 71_001
const HOLD_SENT = 71_002
const HOLD_REMOVED = 71_003

let cluster: PostgresCluster | null = null
let root = ''
let dataDir = ''
let agent: AgentProcess | null = null
let holds: OutboxHolds | null = null
let deviceToken = ''
const emulators = new Map<Moment, Emulator>()
const accounts = new Map<Moment, string>()

beforeAll(async () => {
  if (findPostgresBin() === null) return
  cluster = await startPostgresCluster()
  root = await mkdtemp(join(tmpdir(), 'statusdesk-agent-faults-'))
  dataDir = join(root, 'data')
  for (const moment of MOMENTS) emulators.set(moment, await startEmulator({ groups: 2, token: `token-${moment.toLowerCase()}` }))
}, 120_000)

afterAll(async () => {
  await holds?.end().catch(() => undefined)
  await agent?.stop()
  for (const emulator of emulators.values()) await emulator.stop()
  await cluster?.stop()
  if (root) await rm(root, { recursive: true, force: true })
}, 60_000)

const env = () => ({ STATUSDESK_AGENT_KEY: KEY, DATABASE_URL: cluster!.url() })
const server = (moment: Moment) => emulators.get(moment)!
const captions = (moment: Moment) =>
  server(moment)
    .control.stories.list()
    .map((story) => story.caption ?? '')
const applied = (moment: Moment) =>
  server(moment)
    .control.faults.list()
    .reduce((sum, fault) => sum + fault.applied, 0)

async function until(
  check: () => boolean | Promise<boolean>,
  what: string,
  timeoutMs: number,
  state?: () => Promise<string>,
): Promise<void> {
  const end = Date.now() + timeoutMs
  while (Date.now() < end) {
    if (await check()) return
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
  throw new Error(`timed out waiting for ${what}${state ? `: ${await state()}` : ''}\n${agent?.output().slice(-3000) ?? ''}`)
}

async function plan(accountId: string, caption: string, at: string): Promise<void> {
  const planned = await agent!.call<PublishResult>(deviceToken, 'stories:publish', {
    requestId: `${caption}-${Date.now().toString(36)}`,
    draft: { text: { body: caption } },
    accountIds: [accountId],
    when: { at },
  })
  expect(planned.targets.map((target) => target.outcome.state)).toEqual(['scheduled'])
}

/** What the store and each server hold now, for a failure's message. */
async function picture(): Promise<string> {
  const items = await openItems(cluster!.url()).catch((error: unknown) => String(error))
  const received = Object.fromEntries(MOMENTS.map((moment) => [moment, captions(moment)]))
  return JSON.stringify({ items, received })
}

const postgres = findPostgresBin() !== null

// Without PostgreSQL on this machine the suite says so in its name, and how to make it run.
describe.skipIf(!postgres)(
  `the agent killed -9 mid-send over PostgreSQL, and PostgreSQL restarted${postgres ? '' : `: ${POSTGRES_MISSING}`}`,
  () => {
    it('is killed with a story at each moment of its send: before its claim, claimed, its POST in flight (published or not), answered but not recorded, recorded but not cleared', async () => {
      agent = await startAgentProcess(dataDir, env())
      await agent.waitFor((line) => line['event'] === 'pairing-code')
      const paired = await agent.request('/pair', { body: { code: agent.pairingCode(), deviceName: 'Front desk' } })
      deviceToken = (JSON.parse(paired.body) as { value: { token: string } }).value.token
      for (const moment of MOMENTS) {
        const emulator = server(moment)
        const account = await agent.call<AccountSummary>(deviceToken, 'accounts:connect', {
          baseUrl: emulator.baseUrl,
          token: emulator.token,
          label: moment,
        })
        accounts.set(moment, account.id)
      }
      const id = (moment: Moment) => accounts.get(moment)!
      // The database holds the claimed story on its way to `sending`, and the answered one on its way to `sent`.
      holds = await outboxHolds(cluster!.url())
      await holds.hold(id('claimed'), 'queued', 'sending', HOLD_SENDING)
      await holds.hold(id('answered'), 'sending', 'sent', HOLD_SENT)
      // And the one written `sent` on its way out of the store (into the history, kept in the data folder).
      await holds.hold(id('recordedSent'), 'sent', 'deleted', HOLD_REMOVED)
      // The server takes one story and never answers; the other is held before it is taken.
      server('inFlightPublished').control.faults.add({ type: 'hang', phase: 'after', times: 1, route: 'stories' })
      server('inFlightHeld').control.faults.add({ type: 'latency', ms: 120_000, times: 1, route: 'stories' })

      const soon = new Date(Date.now() + 5_000).toISOString()
      const later = new Date(Date.now() + 50_000).toISOString()
      for (const moment of MOMENTS) await plan(id(moment), moment, moment === 'beforeClaim' ? later : soon)

      await until(
        async () =>
          (await holds!.waiting(HOLD_SENDING)) &&
          (await holds!.waiting(HOLD_SENT)) &&
          (await holds!.waiting(HOLD_REMOVED)) &&
          captions('answered').length === 1 &&
          applied('inFlightPublished') === 1 &&
          captions('inFlightPublished').length === 1 &&
          applied('inFlightHeld') === 1,
        'every story at its moment',
        45_000,
        picture,
      )
      expect(Date.now()).toBeLessThan(Date.parse(later))
      agent.child.kill('SIGKILL')
      await agent.exited()
      await holds.releaseAll()
      await holds.end()
      holds = null
      for (const emulator of emulators.values()) emulator.control.faults.clear()

      // What the killed agent left: nothing written after the moment it died at.
      const left = await openItems(cluster!.url())
      const stateOf = (moment: Moment) => left.find((item) => item.accountId === id(moment))?.state
      expect(stateOf('claimed')).toBe('queued')
      expect(stateOf('recordedSent')).toBe('sent')
      for (const moment of ['inFlightPublished', 'inFlightHeld', 'answered'] as const) expect(stateOf(moment), moment).toBe('sending')
      expect(captions('inFlightHeld')).toEqual([])

      // Started again on the same data folder and database: it takes over the folder's lock.
      agent = await startAgentProcess(dataDir, env())
    }, 90_000)

    it('started again, ends each story on its server once, or shows it unknown after looking for it there: none is sent blindly', async () => {
      if (!agent || accounts.size !== MOMENTS.length) throw new Error('the first test did not kill and restart the agent')
      const id = (moment: Moment) => accounts.get(moment)!
      const settled = async () => {
        const items = await openItems(cluster!.url())
        const unknown = items.find((item) => item.accountId === id('inFlightHeld'))
        return (
          items.length === 1 &&
          unknown?.state === 'unknown' &&
          unknown.serverChecks >= 1 &&
          MOMENTS.every((moment) => captions(moment).length === (moment === 'inFlightHeld' ? 0 : 1))
        )
      }
      await until(settled, 'every story to settle', 100_000, picture)
      // A while more: nothing goes again.
      await new Promise((resolve) => setTimeout(resolve, 4_000))
      for (const moment of MOMENTS) expect(captions(moment), moment).toEqual(moment === 'inFlightHeld' ? [] : [moment])
      // The one its server never took stays unknown, for the operator: it was looked for, not sent again.
      expect(await openItems(cluster!.url())).toEqual([
        { accountId: id('inFlightHeld'), state: 'unknown', caption: 'inFlightHeld', serverChecks: expect.any(Number) },
      ])
      // The history lists each published story once, the one recorded before the kill included.
      const history = await agent.call<HistoryItemView[]>(deviceToken, 'stories:history-list')
      for (const moment of MOMENTS) {
        expect(history.filter((entry) => entry.accountId === id(moment)).length, moment).toBe(moment === 'inFlightHeld' ? 0 : 1)
      }
      // Nothing was posted twice to any server: one POST /stories each, the held one's included.
      for (const moment of MOMENTS) {
        const posts = server(moment)
          .control.requests.list()
          .filter((request) => request.route === 'stories')
        expect(posts.length, moment).toBe(1)
      }
    }, 120_000)

    it('keeps running through a PostgreSQL restart with stories due meanwhile, and sends each once', async () => {
      if (!agent || accounts.size !== MOMENTS.length) throw new Error('the first tests did not leave the agent running')
      const through = ['beforeClaim', 'claimed', 'answered'] as const
      const start = Date.now()
      for (const [n, moment] of through.entries()) {
        await plan(accounts.get(moment)!, `restart-a-${moment}`, new Date(start + 8_000 + n * 1_000).toISOString())
        await plan(accounts.get(moment)!, `restart-b-${moment}`, new Date(start + 20_000 + n * 1_000).toISOString())
      }
      const wait = Date.now() - start
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, 4_000 - wait)))
      const haltedAt = Date.now()
      await cluster!.halt()
      const during: { status: number; body: AgentHealth }[] = []
      const downUntil = Date.now() + 12_000
      while (Date.now() < downUntil) {
        const response = await agent.request('/health')
        during.push({ status: response.status, body: JSON.parse(response.body) as AgentHealth })
        await new Promise((resolve) => setTimeout(resolve, 1_000))
      }
      // The agent answers its health while its database is away, and says its worker's polls fail.
      expect(agent.child.exitCode).toBeNull()
      expect(during.every((health) => health.status === 200)).toBe(true)
      const failedAt = during.flatMap((health) => health.body.scheduler.worker?.lastErrorAt ?? [])
      expect(failedAt.some((at) => Date.parse(at) >= haltedAt)).toBe(true)
      await cluster!.resume()

      const sentOnce = () =>
        through.every((moment) => {
          const got = captions(moment).filter((caption) => caption.startsWith('restart-'))
          return got.length === 2
        })
      await until(
        async () => sentOnce() && (await openItems(cluster!.url())).length === 1,
        'the stories due through the restart',
        100_000,
        picture,
      )
      await new Promise((resolve) => setTimeout(resolve, 3_000))
      for (const moment of through) {
        expect(
          captions(moment)
            .filter((caption) => caption.startsWith('restart-'))
            .sort(),
          moment,
        ).toEqual([`restart-a-${moment}`, `restart-b-${moment}`])
      }
      await until(
        async () => (JSON.parse((await agent!.request('/health')).body) as AgentHealth).polling,
        'the scheduler to poll again',
        60_000,
      )
      expect(agent.child.exitCode).toBeNull()
      console.info(
        `health while PostgreSQL was down: ${JSON.stringify(during.map((h) => [h.status, h.body.polling, h.body.scheduler.worker]))}`,
      )
    }, 150_000)

    it('sends a story once whose answer comes while PostgreSQL is stopped: recorded once the database is back, never left unknown nor sent again', async () => {
      if (!agent || accounts.size !== MOMENTS.length) throw new Error('the first tests did not leave the agent running')
      const moment = 'inFlightPublished'
      // The server takes the story at once and answers it 6 s later: PostgreSQL is stopped in between.
      server(moment).control.faults.add({ type: 'latency', ms: 6_000, times: 1, route: 'stories' })
      await plan(accounts.get(moment)!, 'outage-in-flight', new Date(Date.now() + 3_000).toISOString())
      await until(() => applied(moment) === 1, 'the POST to be in flight', 45_000, picture)
      await cluster!.halt()
      const answered = () =>
        server(moment)
          .control.requests.list()
          .some((request) => request.route === 'stories' && request.outcome === 'answered' && request.status === 200)
      await until(answered, 'the answer to leave', 30_000)
      await new Promise((resolve) => setTimeout(resolve, 2_000))
      await cluster!.resume()
      const outage = () => captions(moment).filter((caption) => caption === 'outage-in-flight').length
      const mine = async () => (await openItems(cluster!.url())).filter((item) => item.accountId === accounts.get(moment))
      await until(async () => outage() === 1 && (await mine()).length === 0, 'the story to be recorded as sent', 100_000, picture)
      await new Promise((resolve) => setTimeout(resolve, 3_000))
      expect(outage()).toBe(1)
      expect(agent.child.exitCode).toBeNull()
    }, 150_000)
  },
)
