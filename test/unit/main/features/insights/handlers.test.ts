import { readdir, readFile } from 'node:fs/promises'
import { join } from 'node:path'
import type { BestTimes, InsightsOverview, ReachPoint, StoryInsight } from '@shared/channels/insights'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import type { AppCore } from '../../../../../src-main/app/app-core'
import { ACCOUNTS_DIR } from '../../../../../src-main/account/files/app-files'
import { type Emulator, startEmulator } from '../../../../../src-main/emulator'
import { callCore, testCores } from '../../../../support/app-core'
import { minutesSpread, story } from './records'

const DAY = 24 * 3600_000
let emulator: Emulator

let secondEmulator: Emulator

beforeAll(async () => {
  emulator = await startEmulator({ groups: 20, seed: 6 })
  secondEmulator = await startEmulator({ groups: 3, seed: 7, token: 'token-second-0123456789' })
})
afterAll(async () => {
  await emulator.stop()
  await secondEmulator.stop()
})
const cores = testCores('statusdesk-insights-core-')

async function connected(): Promise<{ core: AppCore; id: string }> {
  const core = await cores.start()
  const { id } = await callCore<{ id: string }>(core, 'accounts:connect', {
    baseUrl: emulator.baseUrl,
    token: emulator.token,
    storage: 'weak',
  })
  return { core, id }
}

/** Two weeks of kept stories, as the sampler leaves them: twelve expired, in the account's store. */
async function keptHistory(core: AppCore, id: string): Promise<void> {
  const store = core.accounts.workspaces.get(id)!.part(core.insights.part).store
  const now = Date.now()
  const stories = Array.from({ length: 12 }, (_, i) =>
    story({
      postedAt: now - (i + 3) * DAY,
      minutes: minutesSpread(20 + i * 5, 600),
      kind: i % 3 === 0 ? 'image' : 'text',
      audience: i % 2 === 0 ? { mode: 'contacts', name: null, size: 100 } : { mode: 'everyone', name: null, size: null },
    }),
  )
  stories.push(story({ postedAt: now - 60 * DAY, snippet: 'Two months ago', minutes: minutesSpread(5) }))
  await store.updateLive((file) => ({ ...file, stories: [...file.stories, ...stories].sort((a, b) => a.postedAt - b.postedAt) }))
  await store.settle(90)
}

describe('the insights channels, through the app core', () => {
  it('samples a story published through the app and answers the view’s questions from the store', async () => {
    const { core, id } = await connected()
    const changed: string[] = []
    core.events.subscribe((name, payload) => {
      if (name === 'insights:changed') changed.push((payload as { accountId: string }).accountId)
    })
    await callCore(core, 'stories:publish', { requestId: 'insights-1', draft: { text: { body: 'Opening hours' } }, accountIds: [id] })
    await vi.waitFor(async () => expect(await callCore<unknown[]>(core, 'stories:history-list')).toHaveLength(1))
    await core.insights.sampler.tick()
    expect(changed).toContain(id)
    await keptHistory(core, id)

    const listed = await callCore<{ items: StoryInsight[]; total: number }>(core, 'insights:stories', {
      accountId: id,
      sort: 'recent',
      count: 5,
    })
    expect(listed.total).toBe(14)
    expect(listed.items).toHaveLength(5)
    expect(listed.items[0]).toMatchObject({ accountId: id, snippet: 'Opening hours', source: 'statusdesk', final: false, kind: 'text' })
    const byReach = await callCore<{ items: StoryInsight[] }>(core, 'insights:stories', {
      accountId: null,
      sort: 'reach',
      offset: 1,
      count: 2,
    })
    expect(byReach.items.map((s) => s.reach)).toEqual([70, 65])
    const byShare = await callCore<{ items: StoryInsight[] }>(core, 'insights:stories', { accountId: id, sort: 'share', count: 1 })
    expect(byShare.items[0]!.reachShare).toBe(0.7)

    const overview = await callCore<InsightsOverview>(core, 'insights:overview', { accountId: id, timeZone: 'America/Sao_Paulo' })
    expect(overview).toMatchObject({ stories: 14, thin: false })
    expect(overview.trend).toHaveLength(13)
    expect(overview.byKind.map((k) => k.kind)).toEqual(['text', 'image'])
    const everyone = await callCore<InsightsOverview>(core, 'insights:overview', { accountId: null, timeZone: 'Asia/Tokyo', weeks: 2 })
    expect(everyone.views).toBe(overview.views)

    const curve = await callCore<ReachPoint[]>(core, 'insights:reach-curve', { accountId: id, storyId: byReach.items[0]!.storyId })
    expect(curve.at(-1)).toEqual([expect.any(Number), 70])
    const best = await callCore<BestTimes>(core, 'insights:best-times', { accountIds: [id], timeZone: 'Europe/Madrid', count: 3 })
    expect(best).toMatchObject({ thin: false, partial: false })
    expect(best.slots).toHaveLength(3)
    expect(best.slots.map((s) => s.at)).toEqual(best.slots.map((s) => s.at).sort())
    expect(Date.parse(best.slots[0]!.at)).toBeGreaterThan(Date.now())

    const exported = await callCore<{ path: string; rows: number }>(core, 'insights:export', { accountId: id, timeZone: 'Europe/Madrid' })
    expect(exported.rows).toBe(14)
    const csv = await readFile(exported.path, 'utf8')
    const lines = csv
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n')
    expect(lines[0]).toBe(
      '"account","story_id","posted_at","posted_local","kind","source","audience","audience_name","audience_size","reach","reach_share","first_view_minutes","final","background","font","text"',
    )
    expect(lines).toHaveLength(15)
    expect(lines[1]).toContain('Opening hours')
  })

  it('names the saved audience a story went to, when its contacts are exactly that audience', async () => {
    const { core, id } = await connected()
    await callCore(core, 'audiences:save', { name: 'Regulars', contacts: ['15550100002', '+1 555 010 0001'] })
    const draft = (contacts: string[]) => ({ text: { body: 'For the regulars' }, audience: { mode: 'contacts', contacts } })
    await callCore(core, 'stories:publish', {
      requestId: 'audience-named-1',
      draft: draft(['15550100001', '15550100002']),
      accountIds: [id],
    })
    await callCore(core, 'stories:publish', { requestId: 'audience-named-2', draft: draft(['15550100001']), accountIds: [id] })
    await vi.waitFor(async () => expect(await callCore<unknown[]>(core, 'stories:history-list')).toHaveLength(2))
    await core.insights.sampler.tick()
    const listed = await callCore<{ items: StoryInsight[] }>(core, 'insights:stories', { accountId: id, sort: 'recent' })
    const ours = listed.items.filter((item) => item.snippet === 'For the regulars' && item.source === 'statusdesk')
    expect(ours.map((item) => item.audience).sort((a, b) => a.mode.localeCompare(b.mode))).toEqual([
      { mode: 'audience', name: 'Regulars', size: 2 },
      { mode: 'contacts', name: null, size: 1 },
    ])
  })

  it('refuses an unknown zone, story or account in the user’s words', async () => {
    const { core, id } = await connected()
    await expect(callCore(core, 'insights:overview', { accountId: id, timeZone: 'Mars/Olympus' })).rejects.toThrow(
      'insights:overview: invalid-argument insightsErrors.timeZone {"zone":"Mars/Olympus"}',
    )
    await expect(callCore(core, 'insights:reach-curve', { accountId: id, storyId: 'nope' })).rejects.toThrow(
      'not-found insightsErrors.storyNotFound',
    )
    await expect(callCore(core, 'insights:best-times', { accountIds: ['gone'], timeZone: 'UTC' })).rejects.toThrow(
      'not-found insightsErrors.noAccount',
    )
    await expect(callCore(core, 'insights:best-times', { accountIds: [], timeZone: 'UTC' })).rejects.toThrow('invalid-argument')
    const tooMany = Array.from({ length: 21 }, (_, i) => `a${i}`)
    await expect(callCore(core, 'insights:best-times', { accountIds: tooMany, timeZone: 'UTC' })).rejects.toThrow('invalid-argument')
    const best = await callCore<BestTimes>(core, 'insights:best-times', { accountIds: [id], timeZone: 'UTC' })
    expect(best).toEqual({ thin: true, partial: false, slots: [] })
  })

  it('answers good times for several accounts at once, put together in main', async () => {
    const { core, id } = await connected()
    const { id: second } = await callCore<{ id: string }>(core, 'accounts:connect', {
      baseUrl: secondEmulator.baseUrl,
      token: secondEmulator.token,
      storage: 'weak',
    })
    await keptHistory(core, id)
    const ask = (accountIds: string[]) => callCore<BestTimes>(core, 'insights:best-times', { accountIds, timeZone: 'Europe/Madrid' })
    const alone = await ask([id])
    // The second account has no history yet: the times are the first's, and the answer says so.
    const both = await ask([id, second])
    expect(both).toMatchObject({ thin: false, partial: true })
    expect(both.slots).toHaveLength(3)
    expect(both.slots.map((s) => s.at)).toEqual([...both.slots.map((s) => s.at)].sort())
    expect(new Set(both.slots.map((s) => s.at))).toEqual(new Set(alone.slots.map((s) => s.at)))
    // An account closed meanwhile has no say; the same account twice counts once.
    expect(await ask([id, 'gone', id])).toEqual(alone)
    expect(await ask([second])).toEqual({ thin: true, partial: false, slots: [] })
  })

  it('keeps the retention set in Settings, between 7 and 730 days, and lets older stories go', async () => {
    const { core, id } = await connected()
    expect((await callCore<{ insights: { retentionDays: number } }>(core, 'settings:get')).insights.retentionDays).toBe(90)
    await keptHistory(core, id)
    expect((await callCore<InsightsOverview>(core, 'insights:overview', { accountId: id, timeZone: 'UTC' })).stories).toBe(13)
    await expect(callCore(core, 'settings:update', { insights: { retentionDays: 5 } })).rejects.toThrow('invalid-argument')
    await expect(callCore(core, 'settings:update', { insights: { retentionDays: 731 } })).rejects.toThrow('invalid-argument')
    await callCore(core, 'settings:update', { insights: { retentionDays: 7 } })
    // Those of the last 3 to 6 days are left.
    expect((await callCore<InsightsOverview>(core, 'insights:overview', { accountId: id, timeZone: 'UTC' })).stories).toBe(4)
    await vi.waitFor(async () => {
      const archive = await core.accounts.workspaces.get(id)!.part(core.insights.part).store.archive()
      expect(archive.count).toBe(4)
    })
  })

  it('removes the account’s insights with its data', async () => {
    const { core, id } = await connected()
    await keptHistory(core, id)
    const folder = join(cores.dataDir, ACCOUNTS_DIR, id)
    expect(await readdir(join(folder, 'insights'))).toContain('stories.columns')
    await callCore(core, 'accounts:sign-out', { id, removeData: true })
    expect(await readdir(join(cores.dataDir, ACCOUNTS_DIR))).not.toContain(id)
  })
})
