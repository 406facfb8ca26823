import { mount } from '@vue/test-utils'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { defineComponent, h } from 'vue'
import { useStoryNotifications } from '../../../../src-renderer/src/composables/useStoryNotifications'
import { createAppI18n } from '../../../../src-renderer/src/i18n'
import { fakeBridge } from '../support/fake-bridge'

const shown: { title: string; body: string }[] = []
let permission: NotificationPermission = 'granted'
const original = globalThis.Notification

beforeEach(() => {
  shown.splice(0)
  permission = 'granted'
  class RecordingNotification {
    static get permission() {
      return permission
    }
    static requestPermission = async () => (permission = 'granted')
    constructor(title: string, options: { body?: string } = {}) {
      shown.push({ title, body: options.body ?? '' })
    }
  }
  ;(globalThis as { Notification: unknown }).Notification = RecordingNotification
})
afterEach(() => {
  ;(globalThis as { Notification: unknown }).Notification = original
})

const Probe = defineComponent({
  setup() {
    const notifications = useStoryNotifications()
    notifications.listen()
    return () => h('p', notifications.permission.value)
  },
})

function listening(i18n = createAppI18n('en')) {
  const bridge = fakeBridge({})
  const wrapper = mount(Probe, { global: { plugins: [i18n] } })
  return { bridge, wrapper }
}

describe('web-mode story notifications', () => {
  it('shows the browser notification, translated, when the user allowed it', () => {
    const { bridge } = listening()
    bridge.emit('stories:notify', { outcome: 'published', text: 'Call [number] today' })
    expect(shown).toEqual([{ title: 'Story published', body: '“Call [number] today” — Your planned or queued story is live.' }])
    bridge.emit('stories:notify', { outcome: 'failed', text: '' })
    expect(shown[1]).toEqual({
      title: 'Story not published',
      body: 'The server refused it. Open the Outbox to send it again or discard it.',
    })
  })

  it('names the account when main said which one, in the user’s language', () => {
    const { bridge } = listening()
    bridge.emit('stories:notify', { outcome: 'published', text: 'Doors open', account: 'Shop' })
    bridge.emit('stories:notify', { outcome: 'missed', text: '', account: 'Branch' })
    expect(shown).toEqual([
      { title: 'Story published on Shop', body: '“Doors open” — Your planned or queued story is live.' },
      {
        title: 'A planned story on Branch missed its time',
        body: 'It was not sent late. Open the Outbox to send it now, reschedule or cancel it.',
      },
    ])
  })

  it('sets the account’s name apart in a right-to-left language', async () => {
    const { default: ar } = await import('@shared/i18n/ar/index')
    document.documentElement.dir = 'rtl'
    try {
      const i18n = createAppI18n('ar')
      i18n.global.setLocaleMessage('ar', ar)
      const { bridge } = listening(i18n)
      bridge.emit('stories:notify', { outcome: 'published', text: '', account: 'Shop 2' })
      expect(shown[0]!.title).toBe('نُشرت الحالة على \u2068Shop 2\u2069')
    } finally {
      document.documentElement.dir = ''
    }
  })

  it('shows nothing when notifications are not allowed', () => {
    permission = 'denied'
    const { bridge, wrapper } = listening()
    expect(wrapper.text()).toBe('denied')
    bridge.emit('stories:notify', { outcome: 'published', text: 'x' })
    expect(shown).toEqual([])
  })
})
