import { mkdtemp, readdir, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { HistoryEntry } from '@shared/story/records'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { type Emulator, startEmulator } from '../../../../../src-main/emulator'
import { insightsPart } from '../../../../../src-main/features/insights/insights-part'
import { InsightsService } from '../../../../../src-main/features/insights/insights-service'
import { InsightsSampler } from '../../../../../src-main/features/insights/sampler'
import { APP_FILE_LIST, APP_FILES } from '../../../../../src-main/account/files/app-files'
import { FileRoot } from '../../../../../src-main/account/files/file-root'
import { HostedAccounts } from '../../../../../src-main/features/agent/hosted-accounts'
import { ApiClient } from '../../../../../src-main/platform/api'
import { silentLogger } from '../../../../../src-main/platform/log/log'
import { workspacesWith } from '../../../../support/workspaces'

const MINUTE = 60_000
const HOUR = 60 * MINUTE
const DAY = 24 * HOUR
/** Monday 2 March 2026, 07:00 UTC. */
const T0 = Date.parse('2026-03-02T07:00:00Z')
const AUDIENCE = Array.from({ length: 40 }, (_, i) => String(15550200000 + i))

let emulator: Emulator
let dir: string
let history: HistoryEntry[]
let changes: string[]
let setAside: string[]
const samplers: InsightsSampler[] = []

beforeEach(async () => {
  emulator = await startEmulator({ groups: 20, seed: 4, now: () => T0 })
  dir = await mkdtemp(join(tmpdir(), 'statusdesk-insights-sampler-'))
  history = []
  changes = []
  setAside = []
})
afterEach(async () => {
  for (const sampler of samplers.splice(0)) await sampler.dispose()
  await emulator.stop()
  await rm(dir, { recursive: true, force: true })
})

const now = (): number => emulator.control.clock.now()

function setUp(options: { exportTo?: string; elsewhere?: () => Promise<ReadonlySet<string>>; others?: string[] } = {}) {
  const client = new ApiClient({ baseUrl: emulator.baseUrl, token: emulator.token, fetch: globalThis.fetch, retry: { maxAttempts: 1 } })
  const workspaces = workspacesWith(
    { id: 'acc1', baseUrl: emulator.baseUrl, isDemo: false, dir, client },
    { onSetAside: (path) => setAside.push(path) },
  )
  // More accounts open, each on a window of its own.
  for (const id of options.others ?? [])
    void workspaces.switchTo({ id, baseUrl: emulator.baseUrl, isDemo: false, dir: join(dir, id), client }, `window:${id}`)
  const part = insightsPart({ log: silentLogger, now, notice: () => {} })
  const sampler = new InsightsSampler({
    workspaces,
    part,
    history: async () => history,
    retentionDays: () => 90,
    onChange: (accountId) => changes.push(accountId),
    log: silentLogger,
    now,
    ...(options.elsewhere && { elsewhere: options.elsewhere }),
  })
  samplers.push(sampler)
  const service = new InsightsService({
    workspaces,
    part,
    retentionDays: () => 90,
    labelOf: () => 'Shop',
    dialogs: { chooseSavePath: async () => options.exportTo ?? null },
    log: silentLogger,
    now,
  })
  return { sampler, service, workspaces }
}

/** Publishes through the API as the app does, and records it in the history as the outbox would. */
async function publish(caption: string, contacts?: string[]): Promise<string> {
  const res = await fetch(`${emulator.baseUrl}/stories`, {
    method: 'POST',
    headers: { authorization: `Bearer ${emulator.token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ caption, background_color: '#FF1E88E5', font_type: 'SYSTEM_BOLD', ...(contacts && { contacts }) }),
  })
  const id = ((await res.json()) as { message: { id: string } }).message.id
  history.unshift({
    id: `h-${id}`,
    publishedAt: new Date(now()).toISOString(),
    summary: {
      kind: 'text',
      text: caption,
      thumbnail: null,
      background: '#FF1E88E5',
      color: '#FFFFFFFF',
      font: 'SYSTEM_BOLD',
      audience: contacts ? { mode: 'contacts', count: contacts.length, excluded: 0 } : { mode: 'everyone', count: null, excluded: 0 },
      mediaBytes: null,
    },
    messageId: id,
    messageStatus: 'sent',
    confirmation: 'confirmed',
  })
  return id
}

async function phoneStory(body: Record<string, unknown>): Promise<string> {
  const res = await fetch(`${emulator.baseUrl}/__emulator/phone-story`, {
    method: 'POST',
    body: JSON.stringify(body),
    headers: { authorization: `Bearer ${emulator.token}`, 'content-type': 'application/json' },
  })
  return ((await res.json()) as { story: { id: string } }).story.id
}

/** Moves both clocks by `step` at a time for `span`, a round of samples after each step. */
async function run(sampler: InsightsSampler, span: number, step: number): Promise<void> {
  for (let passed = 0; passed < span; passed += step) {
    emulator.control.clock.advance(step)
    await sampler.tick()
  }
}

const sampling = () => emulator.control.requests.list().filter((r) => r.route === 'statuses' || r.route === 'story-list')
const statusesOf = (id: string) => emulator.control.requests.list().filter((r) => r.route === 'statuses' && r.path.includes(id))

async function viewersAtExpiry(id: string): Promise<number> {
  const res = await fetch(`${emulator.baseUrl}/statuses/${id}`, { headers: { authorization: `Bearer ${emulator.token}` } })
  return ((await res.json()) as { statuses: unknown[] }).statuses.length
}

describe('the insights sampler, against the emulator with its clock moved', () => {
  it('keeps a week of stories — from the app and from the phone — with their viewers, after they expire', async () => {
    const { sampler, service } = setUp()
    const ids: { id: string; source: 'statusdesk' | 'phone' }[] = []
    for (let day = 0; day < 7; day++) {
      ids.push({ id: await publish(`Morning ${day}`), source: 'statusdesk' })
      await run(sampler, 4 * HOUR, 15 * MINUTE)
      ids.push({ id: await publish(`Customers ${day}`, AUDIENCE), source: 'statusdesk' })
      await run(sampler, 6 * HOUR, 15 * MINUTE)
      ids.push({ id: await phoneStory({ media_id: 'jpeg-0a1b2c3d4e5f60718293a4b5', caption: `Photo ${day}` }), source: 'phone' })
      await run(sampler, 14 * HOUR, 15 * MINUTE)
    }
    await run(sampler, 3 * DAY, 15 * MINUTE)

    const listed = await service.stories({ accountId: 'acc1', sort: 'recent', offset: 0, count: 200 })
    expect(listed.total).toBe(21)
    expect(listed.items.every((s) => s.final)).toBe(true)
    for (const { id, source } of ids) {
      const item = listed.items.find((s) => s.storyId === id)
      expect(item?.source).toBe(source)
      expect(item?.reach).toBe(await viewersAtExpiry(id))
    }
    const photo = listed.items.find((s) => s.snippet === 'Photo 3')!
    expect(photo).toMatchObject({ kind: 'image', style: null, audience: { mode: 'everyone', size: null } })
    const customers = listed.items.find((s) => s.snippet === 'Customers 3')!
    expect(customers).toMatchObject({
      kind: 'text',
      style: { background: '#FF1E88E5', font: 'SYSTEM_BOLD' },
      audience: { mode: 'contacts', size: 40 },
    })
    expect(customers.reachShare).toBe(customers.reach / 40)
    expect(customers.firstViewMinutes).not.toBeNull()

    const overview = await service.overview({ accountId: 'acc1', timeZone: 'UTC', weeks: 2 })
    expect(overview).toMatchObject({ stories: 21, thin: false })
    expect(overview.heatmap.flat().reduce((a, b) => a + b, 0)).toBe(overview.views)
    // Viewers look little at night (01:00–05:00 UTC, the emulator's viewers' clock).
    const byHour = Array.from({ length: 24 }, (_, hour) => overview.heatmap.reduce((sum, row) => sum + row[hour]!, 0))
    expect(byHour.slice(1, 5).reduce((a, b) => a + b, 0) * 3).toBeLessThan(byHour.slice(18, 22).reduce((a, b) => a + b, 0))
    const curve = await service.reachCurve({ accountId: 'acc1', storyId: customers.storyId })
    expect(curve.at(-1)![1]).toBe(customers.reach)
    // The stories older than two days are in the archive.
    expect((await readdir(join(dir, 'insights'))).sort()).toEqual(['live.json', 'stories.columns'])
    expect(changes.length).toBeGreaterThan(0)
  }, 60_000)

  it('asks at most one request per live story per minute over an hour, and fewer as stories age', async () => {
    const { sampler } = setUp()
    const one = await publish('Alone')
    emulator.control.requests.clear()
    await run(sampler, HOUR, MINUTE)
    expect(sampling().length).toBeLessThanOrEqual(60)
    expect(statusesOf(one).length).toBeGreaterThan(10)

    await publish('Second')
    await phoneStory({ caption: 'Third, from the phone' })
    emulator.control.requests.clear()
    await run(sampler, HOUR, MINUTE)
    expect(sampling().length).toBeLessThanOrEqual(3 * 60)
    // Each story on its own: at most one a minute.
    for (const id of new Set(statusesOf('').map((r) => r.path))) expect(statusesOf(id.split('/').pop()!).length).toBeLessThanOrEqual(60)

    // Twelve hours on, the first story is asked far less often.
    await run(sampler, 11 * HOUR, 10 * MINUTE)
    emulator.control.requests.clear()
    await run(sampler, HOUR, MINUTE)
    expect(statusesOf(one).length).toBeLessThanOrEqual(3)
  }, 30_000)

  it('leaves an account that runs on the agent to the agent: no request for it here', async () => {
    let onAgent = true
    const { sampler, service } = setUp({ elsewhere: async () => new Set(onAgent ? ['acc1'] : []) })
    const id = await publish('Sampled there')
    emulator.control.requests.clear()
    await run(sampler, 2 * HOUR, 30 * MINUTE)
    expect(sampling()).toEqual([])
    onAgent = false
    await run(sampler, HOUR, 30 * MINUTE)
    expect(statusesOf(id).length).toBeGreaterThan(0)
    expect((await service.stories({ accountId: 'acc1', sort: 'recent', offset: 0, count: 10 })).items[0]).toMatchObject({ storyId: id })
  }, 30_000)

  it('reads which accounts run on the agent once a round, however many accounts are open', async () => {
    const file = new FileRoot(join(dir, 'app'), APP_FILE_LIST, { log: silentLogger }).json(APP_FILES.hostedAccounts)
    const hosted = new HostedAccounts(file)
    await hosted.add({
      accountId: 'acc2',
      agentAccountId: 'agent-2',
      handoverId: '0b1c2d3e-4f50-4a6b-8c7d-8e9f0a1b2c3d',
      agentUrl: 'http://127.0.0.1:1',
      since: new Date(T0).toISOString(),
    })
    let reads = 0
    const read = file.read.bind(file)
    file.read = () => {
      reads++
      return read()
    }
    const { sampler, workspaces } = setUp({ elsewhere: () => hosted.ids(), others: ['acc2', 'acc3'] })
    await publish('Three accounts open')
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(
      workspaces
        .all()
        .filter((workspace) => workspace.mode !== 'closed')
        .map((workspace) => workspace.id),
    ).toEqual(['acc1', 'acc2', 'acc3'])
    emulator.control.requests.clear()
    await run(sampler, 3 * MINUTE, MINUTE)
    expect(reads).toBe(3)
    // The accounts here are still sampled.
    expect(sampling().length).toBeGreaterThan(0)
  }, 30_000)

  it('takes one last sample once a story expired, then never asks for it again', async () => {
    const { sampler, service } = setUp()
    const id = await publish('A day')
    await run(sampler, 23 * HOUR, 30 * MINUTE)
    const before = await service.stories({ accountId: 'acc1', sort: 'recent', offset: 0, count: 10 })
    expect(before.items[0]).toMatchObject({ storyId: id, final: false })
    await run(sampler, 2 * HOUR, 30 * MINUTE)
    const after = await service.stories({ accountId: 'acc1', sort: 'recent', offset: 0, count: 10 })
    expect(after.items[0]).toMatchObject({ storyId: id, final: true, reach: await viewersAtExpiry(id) })
    emulator.control.requests.clear()
    await run(sampler, 3 * DAY, HOUR)
    expect(statusesOf(id)).toEqual([])
  }, 30_000)

  it('backs off when the server says 429, for as long as it asks, and then goes on', async () => {
    const { sampler } = setUp()
    const id = await publish('Busy server')
    await run(sampler, 10 * MINUTE, MINUTE)
    emulator.control.faults.add({ type: 'rate-limit', retryAfter: 600, route: ['statuses', 'story-list'], times: 1 })
    emulator.control.requests.clear()
    await run(sampler, 10 * MINUTE, MINUTE)
    // The refused request, then nothing for the ten minutes asked.
    expect(sampling().map((r) => r.status)).toEqual([429])
    await run(sampler, 5 * MINUTE, MINUTE)
    expect(sampling().filter((r) => r.status === 200).length).toBeGreaterThan(0)
    expect(statusesOf(id).at(-1)?.status).toBe(200)
  }, 30_000)

  it('goes on after a restart from what it kept, counting each story once', async () => {
    const first = setUp()
    const id = await publish('Before the restart')
    await run(first.sampler, 2 * HOUR, 10 * MINUTE)
    await first.sampler.dispose()
    const second = setUp()
    await run(second.sampler, 2 * DAY, HOUR)
    const listed = await second.service.stories({ accountId: 'acc1', sort: 'reach', offset: 0, count: 10 })
    expect(listed.total).toBe(1)
    expect(listed.items[0]).toMatchObject({ storyId: id, final: true, reach: await viewersAtExpiry(id) })
  }, 30_000)
})

describe('the insights sampler, against a server that lies about when stories were posted', () => {
  /** Lists the emulator's story `id` with the time `seconds`, as a broken or hostile server would. */
  function redate(id: string, seconds: number): void {
    emulator.control.stories.list().find((story) => story.id === id)!.message.timestamp = seconds
  }
  const listed = async (service: InsightsService) =>
    (await service.stories({ accountId: 'acc1', sort: 'recent', offset: 0, count: 10 })).items

  it('never follows a story dated in the future or past the last date a Date holds; the round goes on', async () => {
    const { sampler, service } = setUp()
    const nextWeek = await phoneStory({ caption: 'Next week' })
    const beyond = await phoneStory({ caption: 'Past the last date' })
    const farBeyond = await phoneStory({ caption: 'Far past it' })
    redate(nextWeek, now() / 1000 + 7 * 86_400)
    redate(beyond, 9e12)
    redate(farBeyond, 1e20)
    const real = await phoneStory({ caption: 'Real' })
    await run(sampler, 2 * HOUR, 10 * MINUTE)
    expect((await listed(service)).map((story) => story.storyId)).toEqual([real])
    expect(statusesOf(real).length).toBeGreaterThan(5)
    for (const id of [nextWeek, beyond, farBeyond]) expect(statusesOf(id)).toEqual([])
  }, 30_000)

  it('keeps a followed story’s time when the server re-dates it out of range or later; every figure reads, and a restart loses nothing', async () => {
    const { sampler, service } = setUp({ exportTo: join(dir, 'insights.csv') })
    const id = await publish('Followed')
    await run(sampler, HOUR, 10 * MINUTE)
    const [before] = await listed(service)
    expect(before).toMatchObject({ storyId: id, final: false })
    for (const seconds of [8.7e12, 1e20, now() / 1000 + 50 * 60]) {
      redate(id, seconds)
      await run(sampler, 30 * MINUTE, 10 * MINUTE)
      expect((await listed(service))[0]).toMatchObject({ storyId: id, postedAt: before!.postedAt })
      await service.overview({ accountId: 'acc1', timeZone: 'Europe/Lisbon', weeks: 4 })
      await service.overview({ accountId: null, timeZone: 'UTC', weeks: 4 })
      expect((await service.export({ accountId: null, timeZone: 'UTC' })).rows).toBe(1)
    }
    await sampler.dispose()
    const again = setUp()
    // Still re-dated at every list: it expires at its own time all the same, and is closed.
    await run(again.sampler, 2 * DAY, HOUR)
    expect(setAside).toEqual([])
    expect((await listed(again.service))[0]).toMatchObject({ storyId: id, postedAt: before!.postedAt, final: true })
    emulator.control.requests.clear()
    await run(again.sampler, DAY, HOUR)
    expect(statusesOf(id)).toEqual([])
  }, 60_000)
})
