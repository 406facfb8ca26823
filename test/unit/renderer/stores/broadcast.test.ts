import type { BroadcastResult } from '@shared/channels/broadcast'
import { DEFAULT_STORY_LIMITS } from '@shared/story/limits'
import { createPinia, setActivePinia } from 'pinia'
import { beforeEach, describe, expect, it } from 'vitest'
import { useAccountsStore } from '../../../../src-renderer/src/stores/accounts'
import { useBroadcastStore } from '../../../../src-renderer/src/stores/broadcast'
import { useScheduleStore } from '../../../../src-renderer/src/stores/schedule'
import { useStoriesStore } from '../../../../src-renderer/src/stores/stories'
import { account, state } from '../support/accounts-fixtures'
import { fakeBridge } from '../support/fake-bridge'

const accounts = state([account({ id: 'a1', label: 'Shop' }), account({ id: 'a2', label: 'Branch' }), account({ id: 'a3', label: 'Demo', isDemo: true })])
const base = { 'stories:limits': () => DEFAULT_STORY_LIMITS, 'stories:draft-get': () => null, 'accounts:list': () => accounts }

beforeEach(() => {
  setActivePinia(createPinia())
})

async function ready() {
  await useAccountsStore().load()
  const stories = useStoriesStore()
  await stories.load()
  return { stories, broadcast: useBroadcastStore() }
}

describe('broadcast store', () => {
  it('"Publish at…" goes with the press to every account, and a planned result clears the picker', async () => {
    const dueAt = '2099-07-01T07:30:00.000Z'
    const result: BroadcastResult = {
      targets: [
        { accountId: 'a1', label: 'Shop', requestId: 'r-0', outcome: { state: 'scheduled', itemId: 'i1', dueAt } },
        { accountId: 'a2', label: 'Branch', requestId: 'r-1', outcome: { state: 'scheduled', itemId: 'i2', dueAt } },
      ],
    }
    const bridge = fakeBridge({ ...base, 'stories:broadcast': () => result })
    const { stories, broadcast } = await ready()
    const schedule = useScheduleStore()
    schedule.zone = 'Europe/Berlin'
    schedule.enable(true)
    schedule.publishAt = '2099-07-01T09:30'
    broadcast.toggle('a2', true)
    stories.draft.text.body = 'Both at half past nine'
    expect(await broadcast.publish()).toBe(true)
    expect(bridge.callsTo('stories:broadcast')).toMatchObject([{ accountIds: ['a1', 'a2'], dueAt }])
    expect(broadcast.counts).toMatchObject({ scheduled: 2, sent: 0 })
    expect(schedule.enabled).toBe(false)
  })

  it('a planned time already past stops the press before anything is sent', async () => {
    const bridge = fakeBridge({ ...base, 'stories:broadcast': () => ({ targets: [] }) })
    const { stories, broadcast } = await ready()
    const schedule = useScheduleStore()
    schedule.enable(true)
    schedule.publishAt = '2001-01-01T09:00'
    broadcast.toggle('a2', true)
    stories.draft.text.body = 'Too late'
    expect(await broadcast.publish()).toBe(false)
    expect(bridge.callsTo('stories:broadcast')).toEqual([])
  })

  it('publishes to the open account alone until others are ticked, in the accounts’ order', async () => {
    fakeBridge(base)
    const { broadcast } = await ready()
    expect(broadcast.selected).toEqual(['a1'])
    expect(broadcast.isBroadcast).toBe(false)
    broadcast.toggle('a3', true)
    broadcast.toggle('a2', true)
    expect(broadcast.selected).toEqual(['a1', 'a2', 'a3'])
    expect(broadcast.isBroadcast).toBe(true)
    broadcast.toggle('a1', false)
    broadcast.toggle('a2', false)
    // Another account than the open one alone is a publish to several too.
    expect(broadcast.selected).toEqual(['a3'])
    expect(broadcast.isBroadcast).toBe(true)
  })

  it('sends one press for every ticked account, counts the outcomes, and follows a waiting one until it is published', async () => {
    const result: BroadcastResult = {
      targets: [
        { accountId: 'a1', label: 'Shop', requestId: 'r-0', outcome: { state: 'sent', itemId: 'i1', messageId: 'm1', messageStatus: 'sent' } },
        { accountId: 'a2', label: 'Branch', requestId: 'r-1', outcome: { state: 'queued', itemId: 'i2', error: { code: 'offline', message: 'No connection.' } } },
      ],
    }
    const bridge = fakeBridge({ ...base, 'stories:broadcast': () => result })
    const { stories, broadcast } = await ready()
    broadcast.toggle('a2', true)
    stories.draft.text.body = 'To both'
    expect(await broadcast.publish()).toBe(true)
    expect(bridge.callsTo('stories:broadcast')).toMatchObject([{ accountIds: ['a1', 'a2'], draft: { text: { body: 'To both' } } }])
    expect(broadcast.counts).toMatchObject({ sent: 1, queued: 1 })
    // Both hold the story: the composer starts afresh.
    expect(stories.draft.text.body).toBe('')

    bridge.emit('stories:outbox-changed', { accountId: 'a2', items: [{ id: 'i2', state: 'sending', lastError: null }] })
    expect(broadcast.targets[1]!.state).toBe('sending')
    bridge.emit('stories:history-changed', { accountId: 'a2' })
    bridge.emit('stories:outbox-changed', { accountId: 'a2', items: [] })
    expect(broadcast.targets.map((t) => t.state)).toEqual(['sent', 'sent'])
  })

  it('keeps the story in the composer when an account refused it', async () => {
    const result: BroadcastResult = {
      targets: [
        { accountId: 'a1', label: 'Shop', requestId: 'r-0', outcome: { state: 'sent', itemId: 'i1', messageId: null, messageStatus: null } },
        { accountId: 'a2', label: 'Branch', requestId: 'r-1', outcome: { state: 'refused', error: { code: 'unauthorized', message: 'Token needed.' } } },
      ],
    }
    fakeBridge({ ...base, 'stories:broadcast': () => result })
    const { stories, broadcast } = await ready()
    broadcast.toggle('a2', true)
    stories.draft.text.body = 'Keep me'
    await broadcast.publish()
    expect(broadcast.counts).toMatchObject({ sent: 1, refused: 1 })
    expect(stories.draft.text.body).toBe('Keep me')
  })

  it('a story that fails a check is not sent to any account', async () => {
    const bridge = fakeBridge(base)
    const { broadcast } = await ready()
    broadcast.toggle('a2', true)
    expect(await broadcast.publish()).toBe(false)
    expect(bridge.callsTo('stories:broadcast')).toEqual([])
  })
  it('shows each account’s own progress while the press is on its way', async () => {
    let answer: (value: BroadcastResult) => void = () => {}
    const bridge = fakeBridge({ ...base, 'stories:broadcast': () => new Promise<BroadcastResult>((resolve) => (answer = resolve)) })
    const { stories, broadcast } = await ready()
    broadcast.toggle('a2', true)
    stories.draft.text.body = 'Big file'
    const publishing = broadcast.publish()
    await Promise.resolve()
    const [press] = bridge.callsTo('stories:broadcast') as Array<{ requestId: string }>
    expect(broadcast.pending.map((t) => [t.label, t.requestId])).toEqual([
      ['Shop', `${press!.requestId}-0`],
      ['Branch', `${press!.requestId}-1`],
    ])
    bridge.emit('stories:progress', { requestId: `${press!.requestId}-1`, sentBytes: 50, totalBytes: 200, step: 'upload' })
    expect(broadcast.pending[1]).toMatchObject({ sentBytes: 50, totalBytes: 200, step: 'upload' })
    expect(broadcast.pending[0]).toMatchObject({ sentBytes: 0 })
    expect(stories.publishing).toMatchObject({ sentBytes: 50, totalBytes: 200 })
    answer({ targets: [] })
    await publishing
    expect(broadcast.pending).toEqual([])
  })
})
