import { createTestingPinia } from '@pinia/testing'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { useGroupDetailStore } from '../../../../src-renderer/src/stores/group-detail'
import { fakeBridge } from '../support/fake-bridge'
import { group } from '../support/groups-fixtures'

beforeEach(() => {
  createTestingPinia({ stubActions: false, createSpy: vi.fn })
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
})
