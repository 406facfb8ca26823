import { flushPromises } from '@vue/test-utils'
import { describe, expect, it } from 'vitest'
import InsightsSettings from '../../../../../src-renderer/src/components/settings/InsightsSettings.vue'
import { useSettingsStore } from '../../../../../src-renderer/src/stores/settings'
import { fakeSettingsMain, mountSettingsSection } from '../../support/settings-harness'

describe('InsightsSettings', () => {
  it('shows the days insights are kept, 90 at first, and saves what the user types', async () => {
    const bridge = fakeSettingsMain()
    const wrapper = await mountSettingsSection(InsightsSettings)
    const days = wrapper.get('[data-testid="settings-insights-retention"]')
    expect((days.element as HTMLInputElement).value).toBe('90')
    expect(wrapper.text()).toContain('From 7 to 730 days.')
    await days.setValue('365')
    await days.trigger('change')
    await flushPromises()
    expect(bridge.callsTo('settings:update')).toEqual([{ insights: { retentionDays: 365 } }])
    expect(useSettingsStore().settings?.insights.retentionDays).toBe(365)
    wrapper.unmount()
  })

  it('refuses fewer than 7 days, more than 730, a fraction or nothing, and sends nothing', async () => {
    const bridge = fakeSettingsMain()
    const wrapper = await mountSettingsSection(InsightsSettings)
    const days = wrapper.get('[data-testid="settings-insights-retention"]')
    for (const bad of ['6', '731', '30.5', '']) {
      await days.setValue(bad)
      await days.trigger('change')
      await flushPromises()
      expect(wrapper.get('[role="alert"]').text(), bad).toBe('Enter a whole number of days from 7 to 730.')
    }
    expect(bridge.callsTo('settings:update')).toEqual([])
    wrapper.unmount()
  })
})
