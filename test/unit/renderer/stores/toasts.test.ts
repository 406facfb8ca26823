import { createPinia, setActivePinia } from 'pinia'
import { beforeEach, describe, expect, it } from 'vitest'
import { useToastsStore } from '../../../../src-renderer/src/stores/toasts'
import { fakeBridge } from '../support/fake-bridge'

beforeEach(() => {
  setActivePinia(createPinia())
})

describe('main’s notices', () => {
  it('shows those raised before the page listened, and marks each one read', async () => {
    const bridge = fakeBridge({
      'app:notices': () => [
        {
          id: 3,
          level: 'warning',
          message: 'The list of published stories could not be read and was set aside.',
          at: '2026-01-01T00:00:00.000Z',
        },
      ],
      'app:notices-read': () => undefined,
    })
    const toasts = useToastsStore()
    await toasts.listen()
    expect(toasts.toasts.map((toast) => toast.message)).toEqual(['The list of published stories could not be read and was set aside.'])
    bridge.emit('app:notice', { id: 4, level: 'info', message: 'A live one.' })
    expect(toasts.toasts.map((toast) => toast.message)).toEqual([
      'The list of published stories could not be read and was set aside.',
      'A live one.',
    ])
    expect(bridge.callsTo('app:notices-read')).toEqual([{ ids: [3] }, { ids: [4] }])
  })
})
