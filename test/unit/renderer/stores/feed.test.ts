import { userText } from '@shared/i18n/user-text'
import type { FeedState, FeedStory, StoryViews } from '@shared/story/feed'
import { createPinia, setActivePinia } from 'pinia'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { VIEWS_REFRESH_MS, useFeedStore } from '../../../../src-renderer/src/stores/feed'
import { onScreen } from '../support/accounts-fixtures'
import { failure, fakeBridge } from '../support/fake-bridge'

const now = Date.parse('2026-01-10T12:30:00Z')
const story: FeedStory = {
  id: 'ABCDEFGHIJKLMNOP-QRSTUVWXYZab',
  kind: 'text',
  text: 'Hello',
  background: null,
  color: null,
  font: null,
  thumbnail: null,
  postedAt: '2026-01-10T12:00:00.000Z',
  expiresAt: '2026-01-11T12:00:00.000Z',
  fromMe: true,
  source: 'mobile',
  status: 'sent',
  audience: null,
  origin: 'server',
}
const state: FeedState = { accountId: 'a1', stories: [story], syncedAt: null, syncing: false, lastError: null, truncated: false }
const views = (count: number): StoryViews => ({
  storyId: story.id,
  fetchedAt: new Date(now).toISOString(),
  viewers: Array.from({ length: count }, (_, i) => ({ id: `1555010000${i}`, name: null, groups: [], viewedAt: null, status: 'read' })),
})

beforeEach(() => {
  setActivePinia(createPinia())
  onScreen('a1')
  vi.useFakeTimers({ now })
})
afterEach(() => vi.useRealTimers())

describe('feed store', () => {
  it('shows the kept viewers at once, then the server’s, then refreshes every minute while online', async () => {
    let served = 0
    const bridge = fakeBridge({
      'stories:feed': () => state,
      'stories:views': (arg) => ((arg as { refresh: boolean }).refresh ? views(++served + 1) : views(1)),
    })
    const feed = useFeedStore()
    await feed.load()
    let online = true
    await feed.openViews(story.id, () => online)
    expect(bridge.callsTo('stories:views')).toEqual([
      { accountId: 'a1', id: story.id, refresh: false },
      { accountId: 'a1', id: story.id, refresh: true },
    ])
    expect(feed.views?.viewers).toHaveLength(2)
    await vi.advanceTimersByTimeAsync(VIEWS_REFRESH_MS)
    expect(feed.views?.viewers).toHaveLength(3)
    online = false
    await vi.advanceTimersByTimeAsync(3 * VIEWS_REFRESH_MS)
    expect(bridge.callsTo('stories:views')).toHaveLength(3)
    feed.closeViews()
    online = true
    await vi.advanceTimersByTimeAsync(3 * VIEWS_REFRESH_MS)
    expect(bridge.callsTo('stories:views')).toHaveLength(3)
  })

  it('a failed sync is said; a cancelled one is not an error', async () => {
    let code: 'offline' | 'cancelled' = 'offline'
    const unreachable = userText('apiErrors.network.unreachable')
    fakeBridge({
      'stories:feed-sync': () => {
        throw code === 'offline' ? failure(code, unreachable) : failure(code)
      },
    })
    const feed = useFeedStore()
    await feed.sync()
    expect(feed.error).toMatchObject({ code: 'offline', text: unreachable })
    code = 'cancelled'
    await feed.sync()
    expect(feed.error).toBeNull()
  })

  it('posts the selected story again with digits only, and keeps what main answered', async () => {
    const bridge = fakeBridge({
      'stories:feed': () => state,
      'stories:views': () => null,
      'stories:repost': () => ({ state: 'sent', itemId: 'i1', messageId: null, messageStatus: null }),
    })
    const feed = useFeedStore()
    await feed.load()
    await feed.openViews(story.id, () => false)
    await feed.repost(['15550101234'])
    expect(bridge.callsTo('stories:repost')).toEqual([
      expect.objectContaining({ accountId: 'a1', id: story.id, contacts: ['15550101234'] }),
    ])
    expect(feed.repostResult?.state).toBe('sent')
    feed.closeViews()
  })

  it('follows the account on this client’s screen, and ignores another account’s feed and history', async () => {
    const other: FeedStory = { ...story, id: 'OTHER-ACCOUNT-STORY-000000001', text: 'Not mine' }
    const bridge = fakeBridge({
      'stories:feed': (arg) =>
        (arg as { accountId: string }).accountId === 'a1' ? state : { ...state, accountId: 'a2', stories: [other] },
      'stories:views': () => null,
    })
    const feed = useFeedStore()
    await feed.load()
    expect(bridge.callsTo('stories:feed')).toEqual([{ accountId: 'a1' }])
    bridge.emit('stories:feed-changed', { ...state, accountId: 'a2', stories: [other] })
    bridge.emit('stories:history-changed', { accountId: 'a2' })
    await vi.advanceTimersByTimeAsync(0)
    expect(feed.stories.map((s) => s.text)).toEqual(['Hello'])
    expect(bridge.callsTo('stories:feed')).toHaveLength(1)

    await feed.openViews(story.id, () => false)
    onScreen('a2', ['a1', 'a2'])
    expect(feed.selectedId).toBeNull()
    await vi.advanceTimersByTimeAsync(0)
    expect(bridge.callsTo('stories:feed').at(-1)).toEqual({ accountId: 'a2' })
    expect(feed.stories.map((s) => s.text)).toEqual(['Not mine'])
    bridge.emit('stories:feed-changed', { ...state, stories: [{ ...story, text: 'Shop again' }] })
    expect(feed.stories.map((s) => s.text)).toEqual(['Not mine'])
    bridge.emit('stories:history-changed', { accountId: 'a2' })
    await vi.advanceTimersByTimeAsync(0)
    expect(bridge.callsTo('stories:feed')).toHaveLength(3)
  })

  it('a feed read for the account left does not fill the next one’s screen', async () => {
    let answer!: (value: FeedState) => void
    fakeBridge({
      'stories:feed': (arg) =>
        (arg as { accountId: string }).accountId === 'a1'
          ? new Promise<FeedState>((resolve) => (answer = resolve))
          : { ...state, accountId: 'a2', stories: [] },
    })
    const feed = useFeedStore()
    const first = feed.load()
    await vi.waitFor(() => expect(answer).toBeTypeOf('function'))
    onScreen('a2', ['a1', 'a2'])
    await vi.advanceTimersByTimeAsync(0)
    answer(state)
    await first
    expect(feed.state?.accountId).toBe('a2')
    expect(feed.stories).toEqual([])
  })
})
