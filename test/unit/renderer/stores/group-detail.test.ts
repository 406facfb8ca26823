import { createTestingPinia } from '@pinia/testing'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { useGroupDetailStore } from '../../../../src-renderer/src/stores/group-detail'
import { fakeBridge } from '../support/fake-bridge'
import { group } from '../support/groups-fixtures'
import { onScreen } from '../support/accounts-fixtures'

beforeEach(() => {
  createTestingPinia({ stubActions: false, createSpy: vi.fn })
  onScreen('a1')
})

describe('group detail store', () => {
  it('shows the group opened last even when an earlier one answers later', async () => {
    const waits = new Map<string, () => void>()
    fakeBridge({
      'groups:get': (arg) => {
        const { id } = arg as { id: string }
        return new Promise((resolve) => waits.set(id, () => resolve({ group: group({ id, name: id }), picture: null, pictureFull: null })))
      },
    })
    const store = useGroupDetailStore()
    const first = store.open('a@g.us')
    const second = store.open('b@g.us')
    await vi.waitFor(() => expect(waits.size).toBe(2))
    waits.get('b@g.us')!()
    await second
    waits.get('a@g.us')!()
    await first
    expect(store.openId).toBe('b@g.us')
    expect(store.detail?.group.name).toBe('b@g.us')
    expect(store.loading).toBe(false)
  })

  it('after a sync, an older read of the same group answering late does not replace the newer one', async () => {
    const answers: Array<(name: string) => void> = []
    fakeBridge({
      'groups:get': () =>
        new Promise((resolve) =>
          answers.push((name) => resolve({ group: group({ id: 'a@g.us', name }), picture: null, pictureFull: null })),
        ),
    })
    const store = useGroupDetailStore()
    const opened = store.open('a@g.us')
    const reloaded = store.reloadIfOpen()
    await vi.waitFor(() => expect(answers).toHaveLength(2))
    answers[1]!('Renamed after the sync')
    await reloaded
    answers[0]!('Name before the sync')
    await opened
    expect(store.detail?.group.name).toBe('Renamed after the sync')
    expect(store.loading).toBe(false)
  })

  it('keeps a trail of community links for "back", and forgets it on close', async () => {
    fakeBridge({ 'groups:get': (arg) => ({ group: group({ id: (arg as { id: string }).id }), picture: null, pictureFull: null }) })
    const store = useGroupDetailStore()
    await store.open('child@g.us')
    await store.open('parent@g.us', { from: 'child@g.us' })
    expect(store.trail).toEqual(['child@g.us'])
    await store.back()
    expect(store.openId).toBe('child@g.us')
    expect(store.trail).toEqual([])
    store.close()
    expect(store.isOpen).toBe(false)
    expect(store.detail).toBeNull()
  })

  it('reads the group, its community and its participants’ export from the account on screen, and closes on a switch', async () => {
    const answers: Array<() => void> = []
    const bridge = fakeBridge({
      'groups:get': (arg) => {
        const { id } = arg as { id: string }
        return new Promise((resolve) => answers.push(() => resolve({ group: group({ id }), picture: null, pictureFull: null })))
      },
      'groups:community': () => ({ parent: null, announcement: null, defaultSubgroup: null, subgroups: [] }),
      'export:participants': () => ({ path: null, rows: 0 }),
    })
    const store = useGroupDetailStore()
    const opening = store.open('a@g.us')
    await store.community('a@g.us')
    await store.exportParticipants('a@g.us')
    expect(bridge.callsTo('groups:get')).toEqual([{ accountId: 'a1', id: 'a@g.us' }])
    expect(bridge.callsTo('groups:community')).toEqual([{ accountId: 'a1', id: 'a@g.us' }])
    expect(bridge.callsTo('export:participants')).toEqual([{ accountId: 'a1', id: 'a@g.us' }])

    onScreen('a2', ['a1', 'a2'])
    expect(store.isOpen).toBe(false)
    answers[0]!()
    await opening
    expect(store.detail).toBeNull()
    onScreen(null)
    await store.open('b@g.us')
    expect(await store.community('b@g.us')).toBeNull()
    expect(bridge.callsTo('groups:get')).toHaveLength(1)
  })
})
