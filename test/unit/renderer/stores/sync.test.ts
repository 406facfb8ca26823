import type { SyncState } from '@shared/channels/groups'
import { userText } from '@shared/i18n/user-text'
import { createTestingPinia } from '@pinia/testing'
import { flushPromises } from '@vue/test-utils'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { useSyncStore } from '../../../../src-renderer/src/stores/sync'
import { failure, fakeBridge } from '../support/fake-bridge'
import { onScreen } from '../support/accounts-fixtures'

function state(overrides: Partial<SyncState> = {}): SyncState {
  return {
    accountId: 'a1',
    lastSyncedAt: '2026-11-22T02:00:00.000Z',
    syncing: false,
    progress: null,
    online: true,
    fromCache: true,
    lastError: null,
    lastResult: null,
    count: 5000,
    ...overrides,
  }
}

beforeEach(() => {
  createTestingPinia({ stubActions: false, createSpy: vi.fn })
  onScreen('a1')
})

describe('sync store', () => {
  it('reads the state and follows state and progress events', async () => {
    const bridge = fakeBridge({ 'groups:state': () => state() })
    const store = useSyncStore()
    await store.load()
    expect(store.online).toBe(true)
    expect(store.fromCache).toBe(true)
    expect(store.lastSyncedAt).toBe('2026-11-22T02:00:00.000Z')

    bridge.emit('sync:state', state({ syncing: true, fromCache: false }))
    bridge.emit('sync:progress', { accountId: 'a1', fetched: 1500, total: 5000 })
    expect(store.syncing).toBe(true)
    expect(store.fraction).toBe(0.3)
    bridge.emit('sync:progress', { accountId: 'a1', fetched: 1500, total: null })
    expect(store.fraction).toBeNull()
    bridge.emit('sync:progress', { accountId: 'other', fetched: 9, total: 10 })
    expect(store.progress?.accountId).toBe('a1')

    bridge.emit('sync:state', state({ online: false }))
    expect(store.online).toBe(false)
    expect(store.progress).toBeNull()
    expect(store.syncing).toBe(false)
  })

  it('progress that trails the end of its sync does not bring the bar back', async () => {
    const bridge = fakeBridge({ 'groups:state': () => state() })
    const store = useSyncStore()
    await store.load()
    bridge.emit('sync:state', state({ syncing: true }))
    bridge.emit('sync:progress', { accountId: 'a1', fetched: 4500, total: 5000 })
    bridge.emit('sync:state', state({ syncing: false, lastSyncedAt: '2026-11-22T03:00:00.000Z' }))
    bridge.emit('sync:progress', { accountId: 'a1', fetched: 5000, total: 5000 })
    expect(store.progress).toBeNull()
    expect(store.syncing).toBe(false)
    expect(store.fraction).toBeNull()
  })

  it('a state read overtaken by a newer state event does not undo it', async () => {
    let answer!: (value: SyncState) => void
    const bridge = fakeBridge({ 'groups:state': () => new Promise<SyncState>((resolve) => (answer = resolve)) })
    const store = useSyncStore()
    const loading = store.load()
    await vi.waitFor(() => expect(answer).toBeTypeOf('function'))
    bridge.emit('sync:state', state({ syncing: false, lastSyncedAt: '2026-11-22T04:00:00.000Z' }))
    answer(state({ syncing: true, lastSyncedAt: '2026-11-22T02:00:00.000Z' }))
    await loading
    expect(store.syncing).toBe(false)
    expect(store.lastSyncedAt).toBe('2026-11-22T04:00:00.000Z')
  })

  it('syncs once at a time and reads the state afterwards', async () => {
    let release!: () => void
    const bridge = fakeBridge({
      'groups:state': () => state(),
      'groups:sync': () =>
        new Promise((resolve) => (release = () => resolve({ added: 1, removed: 0, changed: 0, total: 1, rejected: 0, durationMs: 3 }))),
    })
    const store = useSyncStore()
    const first = store.sync()
    expect(store.syncing).toBe(true)
    expect(await store.sync()).toBe(false)
    await vi.waitFor(() => expect(release).toBeTypeOf('function'))
    release()
    expect(await first).toBe(true)
    expect(bridge.callsTo('groups:sync')).toHaveLength(1)
    expect(bridge.callsTo('groups:state')).toHaveLength(1)
    expect(store.syncing).toBe(false)
  })

  it('keeps a failed sync’s error, but not a cancelled one', async () => {
    let code: 'offline' | 'cancelled' = 'offline'
    const unreachable = userText('apiErrors.network.unreachable')
    fakeBridge({
      'groups:state': () => state(),
      'groups:sync': () => {
        throw code === 'offline' ? failure(code, unreachable) : failure(code)
      },
    })
    const store = useSyncStore()
    expect(await store.sync()).toBe(false)
    expect(store.error).toMatchObject({ code: 'offline', text: unreachable })
    code = 'cancelled'
    await store.sync()
    expect(store.error).toBeNull()
  })

  it('shows the account on this client’s screen: another account’s state and progress are not its own', async () => {
    const bridge = fakeBridge({
      'groups:state': (arg) => state({ accountId: (arg as { accountId: string }).accountId, count: 10 }),
      'connectivity:probe': () => ({ online: false, probed: true }),
    })
    const store = useSyncStore()
    await store.load()
    expect(bridge.callsTo('groups:state')).toEqual([{ accountId: 'a1' }])
    bridge.emit('sync:state', state({ accountId: 'a2', syncing: true, online: false, count: 99 }))
    bridge.emit('sync:progress', { accountId: 'a2', fetched: 5, total: 10 })
    expect(store.syncing).toBe(false)
    expect(store.online).toBe(true)
    expect(store.state?.count).toBe(10)
    expect(store.progress).toBeNull()

    onScreen('a2', ['a1', 'a2'])
    await flushPromises()
    expect(bridge.callsTo('groups:state').at(-1)).toEqual({ accountId: 'a2' })
    expect(store.state?.accountId).toBe('a2')
    bridge.emit('sync:state', state({ accountId: 'a1', syncing: true }))
    expect(store.syncing).toBe(false)
    await store.probe()
    expect(bridge.callsTo('connectivity:probe')).toEqual([{ accountId: 'a2' }])
    expect(store.online).toBe(false)
  })

  it('a sync still running for the account left does not show on the next one', async () => {
    let release!: () => void
    const bridge = fakeBridge({
      'groups:state': (arg) => state({ accountId: (arg as { accountId: string }).accountId }),
      'groups:sync': () =>
        new Promise((resolve) => (release = () => resolve({ added: 0, removed: 0, changed: 0, total: 0, rejected: 0, durationMs: 1 }))),
      'groups:cancel-sync': () => undefined,
    })
    const store = useSyncStore()
    const first = store.sync()
    expect(store.syncing).toBe(true)
    onScreen('a2', ['a1', 'a2'])
    await flushPromises()
    expect(store.syncing).toBe(false)
    await store.cancel()
    expect(bridge.callsTo('groups:cancel-sync')).toEqual([{ accountId: 'a2' }])
    onScreen('a1', ['a1', 'a2'])
    expect(store.syncing).toBe(true)
    release()
    await first
    expect(bridge.callsTo('groups:sync')).toEqual([{ accountId: 'a1' }])
  })

  it('asks main nothing while no account is on screen', async () => {
    onScreen(null)
    const bridge = fakeBridge({ 'groups:state': () => state() })
    const store = useSyncStore()
    await store.load()
    expect(await store.sync()).toBe(false)
    await store.probe({ announce: true })
    await store.cancel()
    expect(bridge.calls).toEqual([])
  })
})
