import { SettingsSchema } from '@shared/channels/settings'
import { createTestingPinia } from '@pinia/testing'
import { flushPromises, mount } from '@vue/test-utils'
import { describe, expect, it, vi } from 'vitest'
import UpdatesSettings from '../../../../../src-renderer/src/components/settings/UpdatesSettings.vue'
import { createAppI18n } from '../../../../../src-renderer/src/i18n'
import { useSettingsStore } from '../../../../../src-renderer/src/stores/settings'
import { fakeBridge } from '../../support/fake-bridge'

type Patch = { updates?: { enabled?: boolean; feedUrl?: string | null } }

/** main's side: settings kept in memory, patched and validated with the real schema. */
function settingsMain() {
  let current = SettingsSchema.parse({})
  return fakeBridge({
    'settings:get': () => current,
    'settings:status': () => ({ recovered: [] }),
    'settings:update': (patch) => {
      const p = patch as Patch
      current = SettingsSchema.parse({ ...current, updates: { ...current.updates, ...p.updates } })
      return current
    },
  })
}

async function view() {
  const wrapper = mount(UpdatesSettings, {
    attachTo: document.body,
    global: { plugins: [createTestingPinia({ stubActions: false, createSpy: vi.fn }), createAppI18n('en')] },
  })
  await useSettingsStore().load()
  await flushPromises()
  return wrapper
}

describe('UpdatesSettings', () => {
  it('keeps updates off until an address is saved, then lets the user switch them on', async () => {
    const bridge = settingsMain()
    const wrapper = await view()
    const enabled = wrapper.get('[data-testid="settings-updates-enabled"]')
    expect((enabled.element as HTMLInputElement).disabled).toBe(true)
    expect(wrapper.find('[data-testid="settings-updates-needs-feed"]').exists()).toBe(true)

    await wrapper.get('[data-testid="settings-updates-feed"]').setValue('https://updates.example.com/statusdesk/')
    await wrapper.get('form').trigger('submit')
    await flushPromises()
    expect(bridge.callsTo('settings:update')).toEqual([{ updates: { feedUrl: 'https://updates.example.com/statusdesk/' } }])
    expect((wrapper.get('[data-testid="settings-updates-enabled"]').element as HTMLInputElement).disabled).toBe(false)

    await wrapper.get('[data-testid="settings-updates-enabled"]').setValue(true)
    await flushPromises()
    expect(bridge.callsTo('settings:update').at(-1)).toEqual({ updates: { enabled: true } })
    expect(useSettingsStore().settings?.updates).toEqual({ enabled: true, feedUrl: 'https://updates.example.com/statusdesk/' })
    wrapper.unmount()
  })

  it('refuses an address that is not https without sending it', async () => {
    const bridge = settingsMain()
    const wrapper = await view()
    await wrapper.get('[data-testid="settings-updates-feed"]').setValue('http://updates.example.com/')
    await wrapper.get('form').trigger('submit')
    await flushPromises()
    expect(wrapper.get('[data-testid="settings-updates-feed-error"]').text()).toBe('Enter an address starting with https://')
    expect(bridge.callsTo('settings:update')).toEqual([])
    wrapper.unmount()
  })

  it('emptying the address switches updates off', async () => {
    const bridge = settingsMain()
    const wrapper = await view()
    await wrapper.get('[data-testid="settings-updates-feed"]').setValue('https://u.example.com/')
    await wrapper.get('form').trigger('submit')
    await flushPromises()
    await wrapper.get('[data-testid="settings-updates-enabled"]').setValue(true)
    await flushPromises()
    await wrapper.get('[data-testid="settings-updates-feed"]').setValue('')
    await wrapper.get('form').trigger('submit')
    await flushPromises()
    expect(bridge.callsTo('settings:update').at(-1)).toEqual({ updates: { feedUrl: null, enabled: false } })
    expect(useSettingsStore().settings?.updates).toEqual({ enabled: false, feedUrl: null })
    wrapper.unmount()
  })
})
