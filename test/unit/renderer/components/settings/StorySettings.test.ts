import { flushPromises } from '@vue/test-utils'
import { describe, expect, it } from 'vitest'
import StorySettings from '../../../../../src-renderer/src/components/settings/StorySettings.vue'
import { useSettingsStore } from '../../../../../src-renderer/src/stores/settings'
import { fakeSettingsMain, mountSettingsSection } from '../../support/settings-harness'

const MB = 1024 * 1024

const settingsMain = fakeSettingsMain
const view = () => mountSettingsSection(StorySettings)

describe('StorySettings', () => {
  it('shows the limits in MB and seconds, and saves what the user types in the number fields', async () => {
    const bridge = settingsMain()
    const wrapper = await view()
    const image = wrapper.get('[data-testid="settings-stories-imageMaxBytes"]')
    expect((image.element as HTMLInputElement).value).toBe('5')

    await image.setValue('2.5')
    await image.trigger('change')
    await flushPromises()
    await wrapper.get('[data-testid="settings-stories-videoMaxSeconds"]').setValue('30')
    await wrapper.get('[data-testid="settings-stories-videoMaxSeconds"]').trigger('change')
    await flushPromises()
    expect(bridge.callsTo('settings:update')).toEqual([
      { stories: { imageMaxBytes: Math.round(2.5 * MB) } },
      { stories: { videoMaxSeconds: 30 } },
    ])
    expect(useSettingsStore().settings?.stories).toMatchObject({ imageMaxBytes: Math.round(2.5 * MB), videoMaxSeconds: 30 })
    wrapper.unmount()
  })

  it('refuses zero, a negative or an empty value next to the field, and sends nothing', async () => {
    const bridge = settingsMain()
    const wrapper = await view()
    const video = wrapper.get('[data-testid="settings-stories-videoMaxBytes"]')
    for (const bad of ['0', '-3', '']) {
      await video.setValue(bad)
      await video.trigger('change')
      await flushPromises()
      expect(wrapper.find('[role="alert"]').exists(), bad).toBe(true)
    }
    expect(bridge.callsTo('settings:update')).toEqual([])
    wrapper.unmount()
  })
})
