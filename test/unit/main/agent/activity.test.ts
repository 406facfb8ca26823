import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { SecretBox } from '../../../../src-main/account/accounts/secret-box'
import { TokenVault } from '../../../../src-main/account/accounts/token-vault'
import { APP_FILE_LIST, APP_FILES } from '../../../../src-main/account/files/app-files'
import { FileRoot } from '../../../../src-main/account/files/file-root'
import { ActivityLog, activityOfCall, maskNumbers, publishLines } from '../../../../src-main/agent/activity'
import { DeviceStore } from '../../../../src-main/agent/devices'
import { AgentLink } from '../../../../src-main/features/agent/agent-link'
import { AgentTeam } from '../../../../src-main/features/agent/agent-team'
import { openDatabase } from '../../../../src-main/platform/db/open-database'
import { EventHub } from '../../../../src-main/platform/events'
import { silentLogger } from '../../../../src-main/platform/log/log'
import { type InProcessAgent, startInProcessAgent } from '../../../support/agent-server'
import { testHandlers } from '../../../support/handlers'

const keyring: SecretBox = {
  status: () => ({ available: true, backend: 'test' }),
  encrypt: async (plain) => Buffer.from(`sealed:${Buffer.from(plain).toString('base64')}`),
  decrypt: async (sealed) => ({ text: Buffer.from(Buffer.from(sealed).toString().slice(7), 'base64').toString(), stale: false }),
}

const PROVIDER_TOKEN = 'sk_live_PROVIDERSECRET_0123456789'
const PHONE = '+55 11 98765-4321'
const ACCOUNT = 'acc-1'
/** The outbox's mutating channels, answering as the real ones do (their shapes), whatever they are asked. */
const handlers = testHandlers({
  'stories:schedule-duplicate': (async ({ accountId }: { accountId: string }) => ({ id: 'item-copy', accountId })) as never,
  'stories:schedule-edit': (async ({ id, accountId }: { id: string; accountId: string }) => ({ id, accountId })) as never,
  'stories:outbox-act': (async () => []) as never,
  'accounts:connect': (async () => ({ id: ACCOUNT, label: 'Shop', tokenHint: '…6789' })) as never,
  'stories:publish': (async ({ requestId }: { requestId: string }) => ({
    targets: [{ accountId: ACCOUNT, label: 'Shop', requestId: `${requestId}-0`, outcome: { status: 'scheduled' } }],
  })) as never,
  'stories:outbox-list': (async () => [{ accountId: ACCOUNT, id: 'item-published', requestId: 'pub-12345678-0' }]) as never,
})

let root = ''
let agent: InProcessAgent
/** Every device token the agent gave, read off the wire. */
const tokens: string[] = []
const recordingFetch: typeof fetch = async (input, init) => {
  const response = await fetch(input, init)
  if (String(input).endsWith('/pair') && response.ok)
    tokens.push(((await response.clone().json()) as { value: { token: string } }).value.token)
  return response
}

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'statusdesk-agent-activity-'))
  agent = await startInProcessAgent(root, handlers)
}, 60_000)
afterAll(async () => {
  await agent.close()
  await rm(root, { recursive: true, force: true })
})

async function desktop(name: string, savedTo = '', personName?: string) {
  const dir = await mkdtemp(join(root, 'desk-'))
  const link = new AgentLink({
    file: new FileRoot(dir, APP_FILE_LIST, { log: silentLogger }).json(APP_FILES.agentLink),
    vault: new TokenVault(keyring),
    keyring: () => keyring.status(),
    fetch: recordingFetch,
    events: new EventHub(),
    log: silentLogger,
  })
  await link.pair({ url: agent.server.url, code: agent.code(), deviceName: name, personName })
  const team = new AgentTeam({ link, dialogs: { chooseSavePath: async () => savedTo || null } })
  return { link, team }
}

describe("the agent's activity log", () => {
  it('records who planned, edited, cancelled, sent, handed over and revoked; any desktop reads it, item authors and devices too', async () => {
    const csvPath = join(root, 'activity.csv')
    const front = await desktop('Front desk', csvPath)
    // The front desk pairs as an older desktop does, without a person's name; the phone's person types a number and bidi controls.
    const phone = await desktop(`Ana ${PHONE}`, '', `\u202EAna\u202C ${PHONE}`)
    const dueAt = '2030-01-01T10:00:00.000Z'
    await front.link.invoke('accounts:connect', { baseUrl: 'https://gate.example', token: PROVIDER_TOKEN })
    await phone.link.invoke('stories:publish', { requestId: 'pub-12345678', draft: {}, accountIds: [ACCOUNT], when: { at: dueAt } })
    await front.link.invoke('stories:schedule-duplicate', { accountId: ACCOUNT, id: 'item-1', requestId: 'req-12345678', dueAt })
    await phone.link.invoke('stories:schedule-edit', { accountId: ACCOUNT, id: 'item-copy', caption: `call ${PHONE}` })
    await front.link.invoke('stories:outbox-act', { accountId: ACCOUNT, id: 'item-2', action: 'discard' })
    await phone.link.invoke('stories:outbox-act', { accountId: ACCOUNT, id: 'item-3', action: 'send-now' })
    // A read records nothing; a call that fails records nothing.
    await front.link.invoke('app:info', undefined)
    await expect(front.link.invoke('stories:schedule-edit', { accountId: ACCOUNT })).rejects.toMatchObject({ code: 'invalid-argument' })

    const page = await phone.team.activity({ limit: 50 })
    const lines = page.entries.map((e) => [e.personName, e.deviceName, e.action, e.accountId, e.subject])
    expect(lines).toEqual([
      ['Ana •••21', 'Ana •••21', 'send-now', ACCOUNT, 'item-3'],
      [null, 'Front desk', 'cancel', ACCOUNT, 'item-2'],
      ['Ana •••21', 'Ana •••21', 'edit', ACCOUNT, 'item-copy'],
      [null, 'Front desk', 'plan', ACCOUNT, 'item-copy'],
      ['Ana •••21', 'Ana •••21', 'plan', ACCOUNT, 'item-published'],
      [null, 'Front desk', 'hand-over', ACCOUNT, null],
      ['Ana •••21', 'Ana •••21', 'pair', null, null],
      [null, 'Front desk', 'pair', null, null],
    ])
    const older = await phone.team.activity({ limit: 2, before: page.entries[1]!.id })
    expect(older.entries.map((e) => e.action)).toEqual(['edit', 'plan'])
    expect(older.more).toBe(true)

    expect(await front.team.itemAuthors(ACCOUNT, ['item-copy', 'item-2', 'unknown', 'item-published'])).toMatchObject({
      'item-published': { planned: { deviceName: 'Ana •••21', personName: 'Ana •••21' }, changed: null },
      'item-copy': {
        planned: { deviceName: 'Front desk', personName: null },
        changed: { deviceName: 'Ana •••21', personName: 'Ana •••21', action: 'edit' },
      },
      'item-2': { planned: null, changed: { deviceName: 'Front desk', personName: null, action: 'cancel' } },
      unknown: { planned: null, changed: null },
    })

    const devices = await phone.team.devices()
    expect(devices.map((d) => [d.name, d.personName, d.self, d.lastAction?.action])).toEqual([
      ['Front desk', null, false, 'cancel'],
      [`Ana ${PHONE}`, 'Ana •••21', true, 'send-now'],
    ])

    // The phone revokes the front desk: its next call is refused, and the revocation is recorded.
    const frontId = devices.find((d) => !d.self)!.id
    expect((await phone.team.revoke(frontId)).map((d) => d.name)).toEqual([`Ana ${PHONE}`])
    await expect(front.link.invoke('app:info', undefined)).rejects.toMatchObject({ code: 'forbidden' })
    const [last] = (await phone.team.activity({ limit: 1 })).entries
    expect(last).toMatchObject({ action: 'revoke', deviceName: 'Ana •••21', subject: frontId })

    // The CSV: a device that is still paired exports it; nothing in it is a token or a phone number.
    const phoneCsv = new AgentTeam({ link: phone.link, dialogs: { chooseSavePath: async () => csvPath } })
    expect(await phoneCsv.exportActivity(ACCOUNT)).toEqual({ path: csvPath, rows: 6 })
    const csv = await readFile(csvPath, 'utf8')
    expect(csv.split('\r\n')[0]).toBe('\uFEFF"at","device_id","device_name","action","account_id","subject","person_name"')
    expect(csv).toContain('"Front desk","plan","acc-1","item-copy",""')
    expect(csv).toContain('"Ana •••21","edit","acc-1","item-copy","Ana •••21"')
    const everything = JSON.stringify(await phone.team.activity({ limit: 500 })) + csv
    for (const secret of [PROVIDER_TOKEN, ...tokens, PHONE, '98765-4321', '987654321', 'sdd1.', '\u202E'])
      expect(everything).not.toContain(secret)
  }, 60_000)

  it('tells its devices an account’s outbox again once who planned or changed a story is written, so none reads the authors too early', async () => {
    const events = new EventHub()
    // The real outbox tells its change while the call runs, before the agent has written who made it.
    const telling = testHandlers({
      ...handlers,
      'stories:publish': (async ({ requestId }: { requestId: string }) => {
        events.emit('stories:outbox-changed', {
          accountId: ACCOUNT,
          items: [{ accountId: ACCOUNT, id: 'item-published' }] as never,
          left: [],
        })
        return { targets: [{ accountId: ACCOUNT, label: 'Shop', requestId: `${requestId}-0`, outcome: { status: 'scheduled' } }] }
      }) as never,
    })
    const told = await startInProcessAgent(await mkdtemp(join(root, 'told-')), telling, events)
    try {
      const link = new AgentLink({
        file: new FileRoot(await mkdtemp(join(root, 'desk-')), APP_FILE_LIST, { log: silentLogger }).json(APP_FILES.agentLink),
        vault: new TokenVault(keyring),
        keyring: () => keyring.status(),
        fetch,
        events: new EventHub(),
        log: silentLogger,
      })
      await link.pair({ url: told.server.url, code: told.code(), deviceName: 'Front desk', personName: 'Ana' })
      const team = new AgentTeam({ link, dialogs: { chooseSavePath: async () => null } })
      // What a device reading the authors at each telling would see.
      const seen: Array<Promise<string | null>> = []
      const tellings: unknown[] = []
      events.subscribe((name, payload) => {
        if (name !== 'stories:outbox-changed' || (payload as { accountId: string }).accountId !== ACCOUNT) return
        tellings.push(payload)
        seen.push(team.itemAuthors(ACCOUNT, ['item-published']).then((by) => by['item-published']?.planned?.personName ?? null))
      })
      await link.invoke('stories:publish', {
        requestId: 'pub-12345678',
        draft: {},
        accountIds: [ACCOUNT],
        when: { at: '2030-01-01T10:00:00.000Z' },
      })
      await expect.poll(() => seen.length).toBeGreaterThanOrEqual(2)
      expect(await seen.at(-1)).toBe('Ana')
      // Told again with the items last told, nothing said to have left (that was told).
      expect(tellings.at(-1)).toEqual({ accountId: ACCOUNT, items: [{ accountId: ACCOUNT, id: 'item-published' }], left: [] })
      // A call whose outbox told nothing while it ran is not told again: nobody heard of it early.
      const before = tellings.length
      await link.invoke('stories:schedule-edit', { accountId: ACCOUNT, id: 'item-published', caption: 'later' })
      expect(tellings.length).toBe(before)
    } finally {
      await told.close()
    }
  }, 60_000)

  it('names a publish’s items from what their outboxes told while it ran, and lists every outbox only for one not told', async () => {
    const told = new Map([
      ['acc-1', { accountId: 'acc-1', items: [{ id: 'item-a', requestId: 'pub-1-0' }] as never, left: [] }],
      ['acc-2', { accountId: 'acc-2', items: [{ id: 'item-b', requestId: 'pub-1-1' }] as never, left: [] }],
      // Sent within the call: gone from its outbox's items, told among those that left.
      ['acc-4', { accountId: 'acc-4', items: [], left: [{ id: 'item-d', requestId: 'pub-1-3', outcome: 'published' as const }] }],
    ])
    let listings = 0
    const listEveryOutbox = async () => {
      listings++
      return [
        { id: 'item-a', requestId: 'pub-1-0' },
        { id: 'item-c', requestId: 'pub-1-2' },
      ]
    }
    const lines = [
      { action: 'plan' as const, accountId: 'acc-1', subject: 'pub-1-0' },
      { action: 'plan' as const, accountId: 'acc-2', subject: 'pub-1-1' },
      { action: 'send-now' as const, accountId: 'acc-4', subject: 'pub-1-3' },
    ]
    expect(await publishLines(lines, told, listEveryOutbox)).toEqual([
      { action: 'plan', accountId: 'acc-1', subject: 'item-a' },
      { action: 'plan', accountId: 'acc-2', subject: 'item-b' },
      { action: 'send-now', accountId: 'acc-4', subject: 'item-d' },
    ])
    // Every item was told: nothing is listed, however many stories the agent holds.
    expect(listings).toBe(0)
    // One not told (an outbox that said nothing during the call) is read from every outbox, once.
    const untold = [...lines, { action: 'plan' as const, accountId: 'acc-3', subject: 'pub-1-2' }]
    expect((await publishLines(untold, told, listEveryOutbox)).map((line) => line.subject)).toEqual([
      'item-a',
      'item-b',
      'item-d',
      'item-c',
    ])
    expect(listings).toBe(1)
    // A hostile listing (not a list, items without ids) names nothing and keeps the request ids.
    expect(await publishLines(untold.slice(3), new Map(), async () => ({ id: 'x' }))).toEqual([untold[3]])
  })

  it('keeps its lines bounded in age and number', async () => {
    const db = await openDatabase({ folder: join(root, 'bounded-db') })
    try {
      await DeviceStore.open(db)
      let now = Date.parse('2026-01-01T00:00:00Z')
      const log = new ActivityLog(db, () => now)
      await log.record({ deviceId: 'd', deviceName: 'old', action: 'edit' })
      now += 200 * 86_400_000
      await log.record({ deviceId: 'd', deviceName: 'new', action: 'edit' })
      await log.prune()
      expect((await log.page({ limit: 10 })).entries.map((e) => e.deviceName)).toEqual(['new'])
    } finally {
      await db.close()
    }
  }, 60_000)

  it('masks a long run of digits in a person’s name and bounds it, as the device’s; a line without one has none', async () => {
    const db = await openDatabase({ folder: join(root, 'person-db') })
    try {
      await DeviceStore.open(db)
      const log = new ActivityLog(db)
      await log.record({ deviceId: 'd', deviceName: 'Desk', personName: `Bia ${PHONE} ${'x'.repeat(200)}`, action: 'edit' })
      await log.record({ deviceId: 'd', deviceName: 'Desk', action: 'edit' })
      const [without, withPerson] = (await log.page({ limit: 10 })).entries
      expect(without!.personName).toBeNull()
      expect(withPerson!.personName).toBe(`Bia •••21 ${'x'.repeat(70)}`)
    } finally {
      await db.close()
    }
  }, 60_000)

  it('reads only ids from a call, and masks any long run of digits in a name', () => {
    const publish = activityOfCall(
      'stories:publish',
      { when: { queue: true }, draft: { caption: PHONE } },
      { targets: [{ accountId: 'a', requestId: 'r-0', label: PHONE }] },
    )
    expect(publish).toEqual([{ action: 'plan', accountId: 'a', subject: 'r-0' }])
    expect(activityOfCall('stories:publish', { draft: {} }, { targets: [{ accountId: 'a', requestId: 'r-0' }] })[0]!.action).toBe(
      'send-now',
    )
    expect(activityOfCall('groups:sync', { accountId: 'a' }, null)).toEqual([])
    // A story handed over is its device's plan on the agent; one taken already (a repeat) is nobody's new plan.
    const take = { handoverId: 'h', accountId: 'a', item: { id: 'item-1', summary: { text: PHONE } }, media: null }
    expect(activityOfCall('handover:take', take, { taken: true })).toEqual([{ action: 'plan', accountId: 'a', subject: 'item-1' }])
    expect(activityOfCall('handover:take', take, { taken: false })).toEqual([])
    expect(activityOfCall('handover:take', { accountId: 'a', item: 'junk' }, { taken: true })).toEqual([])
    expect(maskNumbers('Desk 2 +44 20 7946 0958 / 123456')).toBe('Desk 2 •••58 / 123456')
  })
})
