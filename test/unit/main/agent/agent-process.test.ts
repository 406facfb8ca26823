import { createHash, randomBytes } from 'node:crypto'
import { mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { AccountsState, AccountSummary } from '@shared/channels/accounts'
import type { PublishResult } from '@shared/channels/outbox'
import type { AgentHealth } from '../../../../src-main/agent/health'
import { type Emulator, startEmulator } from '../../../../src-main/emulator'
import { type AgentProcess, startAgentProcess, spawnAgent } from '../../../support/agent-process'

/** A provider token no log pattern would take for one (lowercase words and digits): only the engine's own care keeps it out. */
const PROVIDER_TOKEN = 'shop-provider-token-4f1c9a7e2b'
const KEY = randomBytes(32).toString('base64')

let root = ''
let dataDir = ''
let emulator: Emulator
let agent: AgentProcess
let deviceToken = ''
let accountId = ''
const outputs: string[] = []

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'statusdesk-agent-'))
  dataDir = join(root, 'data')
  emulator = await startEmulator({ groups: 3, token: PROVIDER_TOKEN })
  agent = await startAgentProcess(dataDir, { STATUSDESK_AGENT_KEY: KEY })
}, 120_000)

afterAll(async () => {
  await agent?.stop()
  await emulator?.stop()
  await rm(root, { recursive: true, force: true })
}, 60_000)

const health = async (): Promise<{ status: number; body: AgentHealth }> => {
  const response = await agent.request('/health')
  return { status: response.status, body: JSON.parse(response.body) as AgentHealth }
}

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, what: string, timeoutMs = 60_000): Promise<T> {
  const end = Date.now() + timeoutMs
  for (;;) {
    const value = await read()
    if (done(value)) return value
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}: ${JSON.stringify(value)}`)
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
}

/** Every file under `dir`, as bytes. */
async function filesUnder(dir: string): Promise<{ path: string; bytes: Buffer }[]> {
  const found: { path: string; bytes: Buffer }[] = []
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) found.push(...(await filesUnder(path)))
    else if (entry.isFile() && (await stat(path)).size < 256 * 1024 * 1024) found.push({ path, bytes: await readFile(path) })
  }
  return found
}

describe('the agent, as its own process on PGlite', () => {
  it('starts on PGlite in its data folder and answers health without a token: polling, no account yet', async () => {
    const answer = await until(health, (h) => h.status === 200, 'the scheduler to poll')
    expect(answer.body).toMatchObject({ polling: true, nextDue: null, accounts: [] })
    expect(answer.body.scheduler.worker?.state).toBe('active')
    expect(agent.lines().find((line) => line['event'] === 'ready')).toMatchObject({ database: join(dataDir, 'outbox-db') })
  })

  it('answers no call without a device token', async () => {
    for (const [path, body] of [
      ['/api/invoke/accounts:list', {}],
      ['/api/invoke/accounts:connect', { arg: { baseUrl: emulator.baseUrl, token: PROVIDER_TOKEN } }],
      ['/api/events', undefined],
    ] as const) {
      const response = await agent.request(path, { ...(body !== undefined && { body }) })
      expect(response.status, path).toBe(401)
      expect(JSON.parse(response.body)).toMatchObject({ ok: false, error: { text: { key: 'errors.agent.noToken' } } })
    }
    const wrong = await agent.request('/api/invoke/accounts:list', { token: 'sdd1.not-a-device', body: {} })
    expect(wrong.status).toBe(403)
  })

  it('pairs a device with the code it printed, once', async () => {
    const code = agent.pairingCode()
    expect(code).toMatch(/^[A-Z2-9]{4}-[A-Z2-9]{4}$/)
    const paired = await agent.request('/pair', { body: { code, deviceName: 'Front desk' } })
    expect(paired.status).toBe(200)
    deviceToken = (JSON.parse(paired.body) as { value: { token: string } }).value.token
    // A new code is printed for the next device; the used one is no code.
    await agent.waitFor((line) => line['event'] === 'pairing-code' && line['code'] !== code)
    expect((await agent.request('/pair', { body: { code, deviceName: 'Again' } })).status).toBe(403)
  })

  it('sends a story planned through its API at its time, exactly once, with no desktop running', async () => {
    const connected = await agent.call<AccountSummary>(deviceToken, 'accounts:connect', {
      baseUrl: emulator.baseUrl,
      token: PROVIDER_TOKEN,
      label: 'Shop',
    })
    accountId = connected.id
    expect(connected).toMatchObject({ hasToken: true, encryption: 'keyring' })
    // Its token is checked at once, and found good.
    await until(health, (h) => h.body.accounts.some((a) => a.accountId === accountId && a.token === 'ok'), 'the token check')

    const at = new Date(Date.now() + 8_000).toISOString()
    const planned = await agent.call<PublishResult>(deviceToken, 'stories:publish', {
      requestId: `agent-plan-${Date.now().toString(36)}`,
      draft: { text: { body: 'Opening at nine' } },
      accountIds: [accountId],
      when: { at },
    })
    expect(planned.targets.map((target) => target.outcome.state)).toEqual(['scheduled'])
    expect((await health()).body.nextDue).toEqual({ at, accountId })
    // Nobody listens: no event stream is open, no client calls until it is sent.
    const sent = await until(
      async () => emulator.control.stories.list(),
      (stories) => stories.length > 0,
      'the story to reach its server',
      60_000,
    )
    expect(Date.now()).toBeGreaterThanOrEqual(Date.parse(at))
    expect(sent.map((story) => story.caption)).toEqual(['Opening at nine'])
    await new Promise((resolve) => setTimeout(resolve, 5_000))
    expect(emulator.control.stories.list()).toHaveLength(1)
    expect((await health()).body.nextDue).toBeNull()
  }, 120_000)

  it('is the only agent of its data folder: a second one is refused in words', async () => {
    const second = spawnAgent(dataDir, { STATUSDESK_AGENT_KEY: KEY })
    const refused = await second.waitFor((line) => line['event'] === 'error')
    expect(refused['key']).toBe('errors.dataFolder.inUse')
    expect(await second.exited()).not.toBe(0)
    outputs.push(second.output())
    expect((await health()).status).toBe(200)
  })

  it('never shows the provider token: not in any response, the health answer, the metrics, the logs, nor the data folder in clear', async () => {
    const state = await agent.call<AccountsState>(deviceToken, 'accounts:list')
    expect(state.accounts.map((account) => account.id)).toEqual([accountId])
    await agent.call(deviceToken, 'app:diagnostics')
    await health()
    // The scrape counts the story sent above, for the account by its id alone; like every call, it needs a device.
    expect((await agent.request('/metrics')).status).toBe(401)
    const scrape = await agent.request('/metrics', { token: deviceToken })
    expect(scrape.status).toBe(200)
    expect(scrape.body).toContain(`statusdesk_stories_total{account="${accountId}",outcome="sent"} 1`)
    await agent.stop()
    outputs.push(agent.output())
    const forms = [PROVIDER_TOKEN, Buffer.from(PROVIDER_TOKEN).toString('base64').slice(0, 24), Buffer.from(PROVIDER_TOKEN).toString('hex')]
    for (const response of agent.responses) for (const form of forms) expect(response.body).not.toContain(form)
    for (const output of outputs) for (const form of forms) expect(output).not.toContain(form)
    // The device's token is not in the folder either: only its hash, in the devices table.
    const files = await filesUnder(dataDir)
    // The scan reads what is there: the sealed token in the accounts file, the device's name in the database's own files.
    expect(files.some(({ path, bytes }) => path.endsWith('accounts.json') && bytes.includes('v1:keyring:'))).toBe(true)
    expect(files.some(({ path, bytes }) => path.includes('outbox-db') && bytes.includes('Front desk'))).toBe(true)
    for (const { path, bytes } of files) {
      for (const form of [...forms, deviceToken, deviceToken.split('.')[2]!]) expect(bytes.includes(Buffer.from(form)), path).toBe(false)
    }
    const db = await PGlite.create(join(dataDir, 'outbox-db'))
    try {
      const { rows } = await db.query<{ name: string; token_hash: Uint8Array }>('SELECT name, token_hash FROM statusdesk_agent.devices')
      expect(rows.map((row) => row.name)).toEqual(['Front desk'])
      expect(Buffer.from(rows[0]!.token_hash).equals(createHash('sha256').update(deviceToken).digest())).toBe(true)
    } finally {
      await db.close()
    }
  }, 60_000)

  it('started again with another key, finds the token sealed with the old one "needed" and keeps running', async () => {
    agent = await startAgentProcess(dataDir, { STATUSDESK_AGENT_KEY: randomBytes(32).toString('base64') })
    const answer = await until(health, (h) => h.body.accounts.some((a) => a.token === 'needed'), 'the token to be found needed')
    expect(answer.body.accounts).toEqual([{ accountId, token: 'needed', checkedAt: expect.any(String) }])
    expect(answer.status).toBe(200)
    // The device's pairing outlives the restart: it lives in the agent's database.
    const state = await agent.call<AccountsState>(deviceToken, 'accounts:list')
    expect(state.accounts).toMatchObject([{ id: accountId, hasToken: false }])
  }, 120_000)
})
