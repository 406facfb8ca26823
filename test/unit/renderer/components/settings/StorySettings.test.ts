import { SettingsSchema } from '@shared/channels/settings'
import { createTestingPinia } from '@pinia/testing'
import { flushPromises, mount } from '@vue/test-utils'
import { describe, expect, it, vi } from 'vitest'
import StorySettings from '../../../../../src-renderer/src/components/settings/StorySettings.vue'
import { createAppI18n } from '../../../../../src-renderer/src/i18n'
import { useSettingsStore } from '../../../../../src-renderer/src/stores/settings'
import { fakeBridge } from '../../support/fake-bridge'

const MB = 1024 * 1024
type Patch = { stories?: Record<string, number> }

/** main's side: settings kept in memory, patched and validated with the real schema. */
function settingsMain() {
  let current = SettingsSchema.parse({})
  return fakeBridge({
    'settings:get': () => current,
    'settings:status': () => ({ recovered: [] }),
    'settings:update': (patch) => {
      current = SettingsSchema.parse({ ...current, stories: { ...current.stories, ...(patch as Patch).stories } })
      return current
    },
  })
}

async function view() {
  const wrapper = mount(StorySettings, {
    attachTo: document.body,
    global: { plugins: [createTestingPinia({ stubActions: false, createSpy: vi.fn }), createAppI18n('en')] },
  })
  await useSettingsStore().load()
  await flushPromises()
  return wrapper
}

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
