import type { GroupRow, GroupsWindow } from '@shared/channels/groups'
import { userText } from '@shared/i18n/user-text'
import { createTestingPinia } from '@pinia/testing'
import { flushPromises } from '@vue/test-utils'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { MAX_CACHED_PAGES, PAGE_SIZE, SEARCH_DEBOUNCE_MS, useGroupsStore } from '../../../../src-renderer/src/stores/groups'
import { failure, fakeBridge } from '../support/fake-bridge'
import { rows, windowOf } from '../support/groups-fixtures'
import { onScreen } from '../support/accounts-fixtures'

const ALL = rows(1000)
const LABELS = [{ id: '1', name: 'VIP', color: 'gold' }]

function deferred<T>() {
  let resolve!: (value: T) => void
  const promise = new Promise<T>((r) => (resolve = r))
  return { promise, resolve }
}

beforeEach(() => {
  createTestingPinia({ stubActions: false, createSpy: vi.fn })
  onScreen('a1')
})
afterEach(() => {
  vi.useRealTimers()
})

describe('groups store', () => {
  it('starts with the first page of the default query and the labels', async () => {
    const bridge = fakeBridge({ 'groups:query': (arg) => windowOf(ALL, arg, 1200), 'groups:labels': () => LABELS })
    const store = useGroupsStore()
    await store.start()
    expect(bridge.callsTo('groups:query')).toEqual([
      { accountId: 'a1', search: '', filters: [], labels: [], sort: 'recent', offset: 0, limit: PAGE_SIZE },
    ])
    expect(bridge.callsTo('groups:labels')).toEqual([{ accountId: 'a1' }])
    expect(store.status).toBe('ready')
    expect(store.matching).toBe(1000)
    expect(store.total).toBe(1200)
    expect(store.rowAt(0)?.name).toBe('Group 0')
    expect(store.rowAt(PAGE_SIZE)).toBeUndefined()
    expect(store.labels).toEqual(LABELS)
  })

  it('fetches each page the list shows once, and only those', async () => {
    const bridge = fakeBridge({ 'groups:query': (arg) => windowOf(ALL, arg), 'groups:labels': () => [] })
    const store = useGroupsStore()
    await store.start()
    store.ensureRange(250, 320)
    store.ensureRange(260, 330)
    await flushPromises()
    const offsets = bridge.callsTo('groups:query').map((arg) => (arg as { offset: number }).offset)
    expect(offsets).toEqual([0, 200, 300])
    expect(store.rowAt(250)?.name).toBe('Group 250')
    expect(store.rowAt(399)?.name).toBe('Group 399')
    expect(store.pages.size).toBe(3)
  })

  it('keeps a bounded number of pages while the user scrolls a large account', async () => {
    const many = rows(10_000)
    fakeBridge({ 'groups:query': (arg) => windowOf(many, arg), 'groups:labels': () => [] })
    const store = useGroupsStore()
    await store.start()
    for (let start = 0; start < 10_000; start += PAGE_SIZE) {
      store.ensureRange(start, start + 12)
      await flushPromises()
    }
    expect(store.pages.size).toBe(MAX_CACHED_PAGES)
    expect(store.rowAt(9_990)?.name).toBe('Group 9990')
    expect(store.rowAt(0)).toBeUndefined()
    // Back at the top, the page is fetched again.
    store.ensureRange(0, 12)
    await flushPromises()
    expect(store.rowAt(0)?.name).toBe('Group 0')
  })

  it('drops an answer to a query the user has already changed', async () => {
    const slow = deferred<void>()
    const bridge = fakeBridge({
      'groups:query': async (arg) => {
        const { sort } = arg as { sort: string }
        if (sort === 'recent') await slow.promise
        return windowOf(sort === 'recent' ? rows(5, 0, 'Old') : rows(3, 0, 'New'), arg)
      },
      'groups:labels': () => [],
    })
    const store = useGroupsStore()
    const first = store.start()
    store.setSort('name')
    await flushPromises()
    slow.resolve()
    await first
    await flushPromises()
    expect(bridge.callsTo('groups:query')).toHaveLength(2)
    expect(store.matching).toBe(3)
    expect(store.rowAt(0)?.name).toBe('New 0')
  })

  it('waits for a pause in typing before it searches, and searches the last text', async () => {
    vi.useFakeTimers()
    const bridge = fakeBridge({
      'groups:query': (arg) =>
        windowOf(
          ALL.filter((r) => r.name.includes((arg as { search: string }).search)),
          arg,
        ),
      'groups:labels': () => [],
    })
    const store = useGroupsStore()
    await store.start()
    store.setSearch('Group 1')
    store.setSearch('Group 12')
    store.setSearch('Group 123')
    expect(bridge.callsTo('groups:query')).toHaveLength(1)
    await vi.advanceTimersByTimeAsync(SEARCH_DEBOUNCE_MS + 1)
    const searches = bridge.callsTo('groups:query').map((arg) => (arg as { search: string }).search)
    expect(searches).toEqual(['', 'Group 123'])
    expect(store.matching).toBe(1)
    expect(store.hasQuery).toBe(true)
    // Clearing the box shows everything again at once.
    store.setSearch('')
    await vi.advanceTimersByTimeAsync(0)
    expect(store.matching).toBe(1000)
  })

  it('searches on the keystroke itself in a build without the debounce (the benchmark builds one)', async () => {
    vi.stubGlobal('__SEARCH_DEBOUNCE_MS__', 0)
    vi.resetModules()
    try {
      // Fresh modules read the constant; the fake bridge must serve the fresh store's bridge.
      const { fakeBridge: freshBridge } = await import('../support/fake-bridge')
      const fresh = await import('../../../../src-renderer/src/stores/groups')
      expect(fresh.SEARCH_DEBOUNCE_MS).toBe(0)
      const bridge = freshBridge({ 'groups:query': (arg) => windowOf(ALL, arg), 'groups:labels': () => [] })
      const store = fresh.useGroupsStore()
      await store.start()
      store.setSearch('Group 1')
      expect(bridge.callsTo('groups:query').map((arg) => (arg as { search: string }).search)).toEqual(['', 'Group 1'])
    } finally {
      vi.unstubAllGlobals()
      vi.resetModules()
    }
  })

  it('sends filters, labels and sort with every query, and starts again from the top', async () => {
    const bridge = fakeBridge({ 'groups:query': (arg) => windowOf(ALL, arg), 'groups:labels': () => [] })
    const store = useGroupsStore()
    await store.start()
    store.ensureRange(500, 520)
    await flushPromises()
    const version = store.queryVersion
    store.toggleFilter('unread')
    store.toggleFilter('admin')
    store.toggleLabel('7')
    store.setSort('size')
    await flushPromises()
    expect(bridge.calls.at(-1)?.arg).toEqual({
      accountId: 'a1',
      search: '',
      filters: ['unread', 'admin'],
      labels: ['7'],
      sort: 'size',
      offset: 0,
      limit: PAGE_SIZE,
    })
    expect(store.queryVersion).toBe(version + 4)
    store.toggleFilter('unread')
    await flushPromises()
    expect(store.filters).toEqual(['admin'])
    store.clearQuery()
    await flushPromises()
    expect(store.currentQuery()).toEqual({ search: '', filters: [], labels: [], sort: 'size' })
  })

  it('reads the visible pages again after a new snapshot, keeping the place', async () => {
    let names = 'Before'
    const bridge = fakeBridge({ 'groups:query': (arg) => windowOf(rows(1000, 0, names), arg), 'groups:labels': () => [] })
    const store = useGroupsStore()
    await store.start()
    store.ensureRange(420, 440)
    await flushPromises()
    store.setActive(430)
    const version = store.queryVersion
    names = 'After'
    bridge.emit('groups:changed', { accountId: 'a1' })
    await flushPromises()
    expect(store.rowAt(430)?.name).toBe('After 430')
    expect(store.rowAt(0)).toBeUndefined()
    expect(store.activeIndex).toBe(430)
    expect(store.queryVersion).toBe(version)
  })

  it('reports a failed query and recovers on retry', async () => {
    let fail = true
    const unreadable = userText('apiErrors.store.unreadable', { code: 'EIO' })
    fakeBridge({
      'groups:query': (arg) => {
        if (fail) throw failure('storage', unreadable)
        return windowOf(ALL, arg)
      },
      'groups:labels': () => [],
    })
    const store = useGroupsStore()
    await store.start()
    expect(store.status).toBe('error')
    expect(store.error).toEqual({ code: 'storage', text: unreadable })
    fail = false
    await store.refresh()
    expect(store.status).toBe('ready')
    expect(store.error).toBeNull()
  })

  it('moves the keyboard selection within the list', async () => {
    fakeBridge({ 'groups:query': (arg) => windowOf(rows(3), arg), 'groups:labels': () => [] })
    const store = useGroupsStore()
    await store.start()
    expect(store.activeIndex).toBe(-1)
    expect(store.moveActive(1)).toBe(0)
    expect(store.moveActive(10)).toBe(2)
    expect(store.moveActive(-1)).toBe(1)
    store.setActive(99)
    expect(store.activeIndex).toBe(2)
  })

  it('forgets the account on reset', async () => {
    fakeBridge({ 'groups:query': (arg) => windowOf(ALL, arg), 'groups:labels': () => LABELS })
    const store = useGroupsStore()
    await store.start()
    store.reset()
    expect(store.status).toBe('idle')
    expect(store.matching).toBe(0)
    expect(store.rowAt(0) as GroupRow | undefined).toBeUndefined()
    expect(store.labels).toEqual([])
  })

  it('follows the account on this client’s screen, and ignores another account’s new snapshot', async () => {
    const nameOf = (arg: unknown) => ((arg as { accountId: string }).accountId === 'a1' ? 'Shop' : 'Home')
    const bridge = fakeBridge({ 'groups:query': (arg) => windowOf(rows(5, 0, nameOf(arg)), arg), 'groups:labels': () => [] })
    const store = useGroupsStore()
    await store.start()
    expect(store.rowAt(0)?.name).toBe('Shop 0')
    bridge.emit('groups:changed', { accountId: 'a2' })
    await flushPromises()
    expect(bridge.callsTo('groups:query')).toHaveLength(1)
    expect(store.snapshotVersion).toBe(0)

    onScreen('a2', ['a1', 'a2'])
    await flushPromises()
    expect(store.rowAt(0)?.name).toBe('Home 0')
    expect(bridge.callsTo('groups:query').at(-1)).toMatchObject({ accountId: 'a2', offset: 0 })
    expect(bridge.callsTo('groups:labels').at(-1)).toEqual({ accountId: 'a2' })
    bridge.emit('groups:changed', { accountId: 'a1' })
    await flushPromises()
    expect(bridge.callsTo('groups:query')).toHaveLength(2)
    bridge.emit('groups:changed', { accountId: 'a2' })
    await flushPromises()
    expect(bridge.callsTo('groups:query')).toHaveLength(3)
    expect(store.snapshotVersion).toBe(1)
  })

  it('drops the rows of the account left when they answer after a switch', async () => {
    const answers: Array<(value: GroupsWindow) => void> = []
    fakeBridge({
      'groups:query': (arg) =>
        (arg as { accountId: string }).accountId === 'a1'
          ? new Promise<GroupsWindow>((resolve) => answers.push(resolve))
          : windowOf(rows(2, 0, 'Home'), arg),
      'groups:labels': () => [],
    })
    const store = useGroupsStore()
    const started = store.start()
    await vi.waitFor(() => expect(answers).toHaveLength(1))
    onScreen('a2', ['a1', 'a2'])
    await flushPromises()
    answers[0]!(windowOf(rows(5, 0, 'Shop'), { offset: 0, limit: PAGE_SIZE }))
    await started
    expect(store.matching).toBe(2)
    expect(store.rowAt(0)?.name).toBe('Home 0')
  })

  it('asks main nothing while no account is on screen', async () => {
    onScreen(null)
    const bridge = fakeBridge({ 'groups:query': (arg) => windowOf(ALL, arg), 'groups:labels': () => LABELS })
    const store = useGroupsStore()
    await store.start()
    await store.loadLabels()
    expect(await store.exportMatching()).toBeNull()
    expect(bridge.calls).toEqual([])
  })

  it('exports the matching groups of the account on screen', async () => {
    const bridge = fakeBridge({
      'groups:query': (arg) => windowOf(ALL, arg),
      'groups:labels': () => [],
      'export:groups': () => ({ path: '/tmp/groups.csv', rows: 3 }),
    })
    const store = useGroupsStore()
    await store.start()
    store.toggleFilter('admin')
    expect(await store.exportMatching()).toEqual({ ok: true, value: { path: '/tmp/groups.csv', rows: 3 } })
    expect(bridge.callsTo('export:groups')).toEqual([{ accountId: 'a1', search: '', filters: ['admin'], labels: [], sort: 'recent' }])
  })
})
