import type { Settings } from '@shared/channels/settings'
import { userText } from '@shared/i18n/user-text'
import { createPinia, setActivePinia } from 'pinia'
import { beforeEach, describe, expect, it } from 'vitest'
import { useSettingsStore } from '../../../../src-renderer/src/stores/settings'
import { failure, fakeBridge } from '../support/fake-bridge'

const defaults: Settings = {
  theme: 'system',
  locale: null,
  sync: { intervalMinutes: 15, concurrency: 4, downloadPictures: true },
  stories: { imageMaxBytes: 1, videoMaxBytes: 1, audioMaxBytes: 1, videoMaxSeconds: 60, lateSendMinutes: 0 },
  insights: { retentionDays: 90 },
  updates: { enabled: false, feedUrl: null },
}
const recovery = {
  file: 'settings' as const,
  movedTo: 'settings.json.unreadable-2025',
  at: '2025-01-01T00:00:00.000Z',
  reason: userText('apiErrors.store.notJson'),
}

beforeEach(() => {
  setActivePinia(createPinia())
})

describe('settings store', () => {
  it('loads the settings and whether a file was set aside at startup', async () => {
    fakeBridge({ 'settings:get': () => defaults, 'settings:status': () => ({ recovered: [recovery] }) })
    const store = useSettingsStore()
    await store.load()
    expect(store.settings?.theme).toBe('system')
    expect(store.recovered).toEqual([recovery])
    store.dismissRecovery()
    expect(store.recovered).toEqual([])
  })

  it('sends a patch and takes main’s answer, then follows changes', async () => {
    const bridge = fakeBridge({
      'settings:get': () => defaults,
      'settings:status': () => ({ recovered: [] }),
      'settings:update': () => ({ ...defaults, theme: 'dark' }),
    })
    const store = useSettingsStore()
    await store.load()
    expect((await store.update({ theme: 'dark' }))?.theme).toBe('dark')
    expect(bridge.callsTo('settings:update')).toEqual([{ theme: 'dark' }])
    bridge.emit('settings:changed', { ...defaults, theme: 'light' })
    expect(store.settings?.theme).toBe('light')
  })

  it('keeps the refusal and the settings as they were', async () => {
    fakeBridge({
      'settings:get': () => defaults,
      'settings:status': () => ({ recovered: [] }),
      'settings:update': () => {
        throw failure('invalid-argument', userText('accountErrors.settings.invalidValue', { field: 'sync.concurrency' }))
      },
    })
    const store = useSettingsStore()
    await store.load()
    expect(await store.update({ sync: { concurrency: 99 } })).toBeNull()
    expect(store.error?.code).toBe('invalid-argument')
    expect(store.settings?.sync.concurrency).toBe(4)
  })
})
