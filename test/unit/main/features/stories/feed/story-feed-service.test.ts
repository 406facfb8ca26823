import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Group, Message, ParsedStoriesPage } from '@shared/domain'
import type { FeedState } from '@shared/story/feed'
import type { HistoryEntry } from '@shared/story/records'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { type Emulator, startEmulator } from '../../../../../../src-main/emulator'
import { ApiClient } from '../../../../../../src-main/platform/api'
import { ExportService } from '../../../../../../src-main/features/export'
import { silentLogger } from '../../../../../../src-main/platform/log/log'
import { fetchAllStories, type StoriesSource } from '../../../../../../src-main/features/stories/feed/fetch-stories'
import { StoryFeedService } from '../../../../../../src-main/features/stories/feed/story-feed-service'
import { fetchAllGroups } from '../../../../../../src-main/features/groups/sync/fetch-all-groups'
import { workspacesWith } from '../../../../../support/workspaces'

let emulator: Emulator
let dir: string
let now: number

const client = () =>
  new ApiClient({
    baseUrl: emulator.baseUrl,
    token: emulator.token,
    fetch: globalThis.fetch,
    retry: { maxAttempts: 2, baseDelayMs: 1, maxDelayMs: 2 },
  })

const ACCOUNT = 'acc1'

function feedService(
  options: {
    online?: boolean
    groups?: readonly Group[]
    history?: HistoryEntry[]
    api?: ApiClient
    onChange?: (state: FeedState) => void
    settleHistory?: (accountId: string, statuses: ReadonlyMap<string, string>) => Promise<void>
  } = {},
) {
  const api = options.api ?? client()
  const session = { id: ACCOUNT, baseUrl: emulator.baseUrl, isDemo: false, dir, client: api }
  const workspaces = workspacesWith(session)
  // The account's own view of its server: offline as its requests would have learnt it.
  if (options.online === false) workspaces.get(ACCOUNT)!.connectivity.reportFailure('offline')
  return new StoryFeedService({
    workspaces,
    groups: async () => options.groups ?? [],
    history: async () => options.history ?? [],
    now: () => now,
    viewsIntervalMs: 10_000,
    ...(options.onChange && { onChange: options.onChange }),
    ...(options.settleHistory && { settleHistory: options.settleHistory }),
  })
}

async function phoneStory(body: Record<string, unknown>): Promise<string> {
  const res = await fetch(`${emulator.baseUrl}/__emulator/phone-story`, {
    method: 'POST',
    body: JSON.stringify(body),
    headers: { authorization: `Bearer ${emulator.token}`, 'content-type': 'application/json' },
  })
  return ((await res.json()) as { story: { id: string } }).story.id
}

beforeEach(async () => {
  now = Date.parse('2026-01-10T12:00:00Z')
  emulator = await startEmulator({ groups: 20, now: () => now, viewerEveryMs: 60_000 })
  dir = await mkdtemp(join(tmpdir(), 'statusdesk-feed-'))
})
afterEach(async () => {
  await emulator.stop()
  await rm(dir, { recursive: true, force: true })
})

describe('StoryFeedService', () => {
  it('lists a story posted from the phone after a sync, and again offline after a restart', async () => {
    const id = await phoneStory({ caption: 'From the phone', ago_seconds: 600 })
    const first = feedService()
    expect((await first.state(ACCOUNT)).stories).toEqual([])
    const synced = await first.sync(ACCOUNT)
    expect(synced.stories).toEqual([
      expect.objectContaining({ id, text: 'From the phone', source: 'mobile', fromMe: true, origin: 'server' }),
    ])
    expect(synced.stories[0]!.expiresAt).toBe(new Date(now - 600_000 + 24 * 3600_000).toISOString())

    await emulator.stop()
    const restarted = feedService({ online: false })
    const offline = await restarted.state(ACCOUNT)
    expect(offline.stories.map((s) => s.id)).toEqual([id])
    expect(offline.syncedAt).toBe(new Date(now).toISOString())
  })

  it('a finished sync answers, and last tells, that it is no longer running', async () => {
    await phoneStory({ caption: 'One' })
    const told: FeedState[] = []
    const feed = feedService({ onChange: (state) => told.push(state), history: [] })
    const answer = await feed.sync(ACCOUNT)
    expect(answer.syncing).toBe(false)
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(told.at(-1)).toMatchObject({ syncing: false, stories: [expect.objectContaining({ text: 'One' })] })
  })

  it('merges the local history by message id: a pending entry settles to the server’s status', async () => {
    const api = client()
    const published = await api.publishStory({
      caption: 'Mine',
      background_color: '#FF1E88E5',
      caption_color: '#FFFFFFFF',
      font_type: 'SYSTEM_BOLD',
    })
    if (published.outcome !== 'published') throw new Error('not published')
    const messageId = published.response.message!.id
    const entry: HistoryEntry = {
      id: 'local1',
      publishedAt: new Date(now).toISOString(),
      summary: {
        kind: 'text',
        text: 'Mine',
        thumbnail: null,
        background: '#FF1E88E5',
        color: '#FFFFFFFF',
        font: 'SYSTEM_BOLD',
        audience: { mode: 'contacts', count: 2, excluded: 0 },
        mediaBytes: null,
      },
      messageId,
      messageStatus: 'pending',
      confirmation: 'confirmed',
    }
    const gone: HistoryEntry = { ...entry, id: 'local2', messageId: 'ZZZZZZZZZZZZZZZZ-YYYYYYYYYYYY' }
    const settled: ReadonlyMap<string, string>[] = []
    const feed = feedService({ history: [entry, gone], api, settleHistory: async (_accountId, statuses) => void settled.push(statuses) })
    const state = await feed.sync(ACCOUNT)
    const mine = state.stories.find((s) => s.id === messageId)
    expect(mine).toMatchObject({ origin: 'both', status: 'sent', background: '#FF1E88E5', font: 'SYSTEM_BOLD', audience: { count: 2 } })
    expect(state.stories.find((s) => s.id === gone.messageId)).toMatchObject({ origin: 'local', status: 'pending' })
    expect(settled).toHaveLength(1)
    expect(settled[0]!.get(messageId)).toBe('sent')
  })

  it('viewers appear and grow as the server accrues them, named from the cached groups', async () => {
    const id = await phoneStory({ caption: 'Seen?' })
    const groups = (await fetchAllGroups(client())).groups
    const feed = feedService({ groups })
    await feed.sync(ACCOUNT)
    expect((await feed.views(ACCOUNT, id, true))!.viewers).toEqual([])
    now += 2 * 60_000 + 10
    const two = (await feed.views(ACCOUNT, id, true))!
    expect(two.viewers).toHaveLength(2)
    now += 3 * 60_000
    const five = (await feed.views(ACCOUNT, id, true))!
    expect(five.viewers).toHaveLength(5)
    expect(five.viewers[0]!.name).toEqual(expect.any(String))
    expect(five.viewers.every((v) => v.groups.length > 0)).toBe(true)
    expect(five.viewers[0]!.viewedAt! < five.viewers[4]!.viewedAt!).toBe(true)
  })

  it('asks for views at a bounded rate, not at all offline, and keeps the last answer on disk', async () => {
    const id = await phoneStory({ caption: 'Seen?', ago_seconds: 180 })
    const feed = feedService()
    await feed.sync(ACCOUNT)
    const statuses = () => emulator.control.requests.list().filter((r) => r.route === 'statuses').length
    await Promise.all([feed.views(ACCOUNT, id, true), feed.views(ACCOUNT, id, true), feed.views(ACCOUNT, id, true)])
    await feed.views(ACCOUNT, id, true)
    expect(statuses()).toBe(1)
    now += 10_001
    await feed.views(ACCOUNT, id, true)
    expect(statuses()).toBe(2)
    now += 60_000
    const offline = feedService({ online: false })
    expect((await offline.views(ACCOUNT, id, true))!.viewers).toHaveLength(3)
    expect(statuses()).toBe(2)
  })

  it('exports viewers as CSV through the export service', async () => {
    const id = await phoneStory({ caption: 'CSV', ago_seconds: 120 })
    const feed = feedService()
    await feed.sync(ACCOUNT)
    const views = (await feed.views(ACCOUNT, id, true))!
    const path = join(dir, 'viewers.csv')
    const exporter = new ExportService({
      source: { query: async () => ({ rows: [], matching: 0 }) as never, get: async () => ({}) as never },
      dialogs: { chooseSavePath: async () => path },
      log: silentLogger,
    })
    expect(await exporter.exportViewers(views)).toEqual({ path, rows: 2 })
    const lines = (await readFile(path, 'utf8'))
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n')
    expect(lines[0]).toBe('"story_id","viewer","name","groups","status","viewed_at"')
    expect(lines[1]).toContain(`"${id}","${views.viewers[0]!.id}",`)
  })

  it('answers only for an account some screen shows, and names viewers from that account’s groups', async () => {
    const id = await phoneStory({ caption: 'Whose?', ago_seconds: 180 })
    const api = client()
    const workspaces = workspacesWith({ id: ACCOUNT, baseUrl: emulator.baseUrl, isDemo: false, dir, client: api })
    const asked: string[] = []
    const feed = new StoryFeedService({
      workspaces,
      groups: async (accountId) => {
        asked.push(accountId)
        return []
      },
      history: async () => [],
      now: () => now,
    })
    await feed.sync(ACCOUNT)
    await feed.views(ACCOUNT, id, true)
    expect(asked).toEqual([ACCOUNT])
    await expect(feed.state('not-listed')).rejects.toMatchObject({ code: 'not-found', text: { key: 'mediaErrors.feed.noAccount' } })
    await workspaces.switchTo(null)
    for (const call of [async () => feed.state(ACCOUNT), async () => feed.sync(ACCOUNT), async () => feed.views(ACCOUNT, id, true)])
      await expect(call()).rejects.toMatchObject({ code: 'invalid-request', text: { key: 'groupErrors.notOnScreen' } })
    expect(() => feed.cancel(ACCOUNT)).toThrow(expect.objectContaining({ code: 'invalid-request' }))
  })

  it('a corrupt cache file is set aside, and the feed starts empty', async () => {
    await writeFile(join(dir, 'stories-feed.json'), '{"version":1,"stor')
    expect((await feedService({ online: false }).state(ACCOUNT)).stories).toEqual([])
  })
})

describe('fetchAllStories against hostile servers', () => {
  /** Now, for the stories below: posted a second after the epoch, they are live. */
  const AT = 1000
  const message = (id: string): Message => ({ id, type: 'text', chat_id: 'status@broadcast', from_me: true, timestamp: 1 })
  const pageOf = (ids: string[], offset: number): ParsedStoriesPage => ({
    messages: ids.map(message),
    rejected: [],
    count: ids.length,
    total: 1_000_000,
    offset,
  })

  it('stops at the page bound on a list that never ends', async () => {
    let calls = 0
    const endless: StoriesSource = {
      listStories: async ({ count, offset }) => {
        calls++
        return pageOf(
          Array.from({ length: count }, (_, i) => `id${offset + i}-aaaa`),
          offset,
        )
      },
    }
    const result = await fetchAllStories(endless, { now: AT, pageSize: 10, maxPages: 5 })
    expect(result).toMatchObject({ requests: 5, truncated: true })
    expect(result.messages).toHaveLength(50)
    expect(calls).toBe(5)
  })

  it('stops when a page brings no new id (offset ignored), and at the story bound', async () => {
    const same: StoriesSource = { listStories: async () => pageOf(['a-1', 'b-2', 'c-3'], 0) }
    expect(await fetchAllStories(same, { now: AT, pageSize: 3 })).toMatchObject({ requests: 2, truncated: false })
    const many: StoriesSource = {
      listStories: async ({ count, offset }) =>
        pageOf(
          Array.from({ length: count }, (_, i) => `m${offset + i}-x`),
          offset,
        ),
    }
    const capped = await fetchAllStories(many, { now: AT, pageSize: 100, maxStories: 250 })
    expect(capped).toMatchObject({ truncated: true })
    expect(capped.messages).toHaveLength(250)
  })

  it('leaves out a story whose time is not a live story’s; the sync and the other stories go on', async () => {
    const good = await phoneStory({ caption: 'Posted ten minutes ago', ago_seconds: 600 })
    const odd = new Map<string, number>([
      [await phoneStory({ caption: 'Dated next month' }), now / 1000 + 30 * 86_400],
      [await phoneStory({ caption: 'Past the last date' }), 9e12],
      [await phoneStory({ caption: 'Far past it' }), 1e20],
      [await phoneStory({ caption: 'Before the epoch' }), -5],
    ])
    for (const story of emulator.control.stories.list()) {
      const at = odd.get(story.id)
      if (at !== undefined) story.message.timestamp = at
    }
    const synced = await feedService().sync(ACCOUNT)
    expect(synced.stories.map((story) => story.id)).toEqual([good])
    expect(synced.lastError).toBeNull()
  })

  it('is cancelled between pages', async () => {
    const controller = new AbortController()
    const source: StoriesSource = {
      listStories: async ({ count, offset }) => {
        controller.abort()
        return pageOf(
          Array.from({ length: count }, (_, i) => `c${offset + i}-x`),
          offset,
        )
      },
    }
    await expect(fetchAllStories(source, { now: AT, pageSize: 5, signal: controller.signal })).rejects.toMatchObject({
      code: 'cancelled',
      text: { key: 'mediaErrors.feed.storiesCancelled' },
    })
  })
})
