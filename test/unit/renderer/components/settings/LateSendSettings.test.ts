import { flushPromises } from '@vue/test-utils'
import { describe, expect, it } from 'vitest'
import LateSendSettings from '../../../../../src-renderer/src/components/settings/LateSendSettings.vue'
import { useSettingsStore } from '../../../../../src-renderer/src/stores/settings'
import { fakeSettingsMain, mountSettingsSection } from '../../support/settings-harness'

describe('LateSendSettings', () => {
  it('shows the minutes a late story may still go, 0 at first, and saves what the user types', async () => {
    const bridge = fakeSettingsMain()
    const wrapper = await mountSettingsSection(LateSendSettings)
    const minutes = wrapper.get('[data-testid="settings-late-send-minutes"]')
    expect((minutes.element as HTMLInputElement).value).toBe('0')
    expect(minutes.attributes('aria-invalid')).toBe('false')
    await minutes.setValue('30')
    await minutes.trigger('change')
    await flushPromises()
    expect(bridge.callsTo('settings:update')).toEqual([{ stories: { lateSendMinutes: 30 } }])
    expect(useSettingsStore().settings?.stories.lateSendMinutes).toBe(30)
    wrapper.unmount()
  })

  it('refuses fewer than 0 minutes, more than a day or a fraction, and sends nothing', async () => {
    const bridge = fakeSettingsMain()
    const wrapper = await mountSettingsSection(LateSendSettings)
    const minutes = wrapper.get('[data-testid="settings-late-send-minutes"]')
    for (const bad of ['-1', '1441', '2.5']) {
      await minutes.setValue(bad)
      await minutes.trigger('change')
      await flushPromises()
      expect(minutes.attributes('aria-invalid'), bad).toBe('true')
      expect(wrapper.find('[role="alert"]').exists(), bad).toBe(true)
    }
    expect(bridge.callsTo('settings:update')).toEqual([])
    wrapper.unmount()
  })
})
