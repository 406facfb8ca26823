import { userText } from '@shared/i18n/user-text'
import type { FeedState, FeedStory, StoryViews } from '@shared/story/feed'
import { createPinia, setActivePinia } from 'pinia'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { VIEWS_REFRESH_MS, useFeedStore } from '../../../../src-renderer/src/stores/feed'
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
const state: FeedState = { accountId: 'a', stories: [story], syncedAt: null, syncing: false, lastError: null, truncated: false }
const views = (count: number): StoryViews => ({
  storyId: story.id,
  fetchedAt: new Date(now).toISOString(),
  viewers: Array.from({ length: count }, (_, i) => ({ id: `1555010000${i}`, name: null, groups: [], viewedAt: null, status: 'read' })),
})

beforeEach(() => {
  setActivePinia(createPinia())
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
      { id: story.id, refresh: false },
      { id: story.id, refresh: true },
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
    expect(bridge.callsTo('stories:repost')).toEqual([expect.objectContaining({ id: story.id, contacts: ['15550101234'] })])
    expect(feed.repostResult?.state).toBe('sent')
    feed.closeViews()
  })
})
