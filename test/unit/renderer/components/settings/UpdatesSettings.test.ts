import { flushPromises } from '@vue/test-utils'
import { describe, expect, it } from 'vitest'
import UpdatesSettings from '../../../../../src-renderer/src/components/settings/UpdatesSettings.vue'
import { useSettingsStore } from '../../../../../src-renderer/src/stores/settings'
import { fakeSettingsMain, mountSettingsSection } from '../../support/settings-harness'

const settingsMain = fakeSettingsMain
const view = () => mountSettingsSection(UpdatesSettings)

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
