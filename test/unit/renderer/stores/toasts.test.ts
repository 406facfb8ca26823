import { userText } from '@shared/i18n/user-text'
import { createPinia, setActivePinia } from 'pinia'
import { beforeEach, describe, expect, it } from 'vitest'
import { useToastsStore } from '../../../../src-renderer/src/stores/toasts'
import { fakeBridge } from '../support/fake-bridge'

beforeEach(() => {
  setActivePinia(createPinia())
})

describe('main’s notices', () => {
  it('shows those raised before the page listened, and marks each one read', async () => {
    const setAside = userText('notices.setAside.history')
    const ready = userText('notices.updates.ready', { version: '2.1.0' })
    const bridge = fakeBridge({
      'app:notices': () => [{ id: 3, level: 'warning', text: setAside, at: '2026-01-01T00:00:00.000Z' }],
      'app:notices-read': () => undefined,
    })
    const toasts = useToastsStore()
    await toasts.listen()
    // Kept as main's text, not rendered yet: the toast renders it in whatever language is chosen when it shows.
    expect(toasts.toasts.map((toast) => toast.message)).toEqual([setAside])
    bridge.emit('app:notice', { id: 4, level: 'info', text: ready })
    expect(toasts.toasts.map((toast) => toast.message)).toEqual([setAside, ready])
    expect(bridge.callsTo('app:notices-read')).toEqual([{ ids: [3] }, { ids: [4] }])
  })
})
