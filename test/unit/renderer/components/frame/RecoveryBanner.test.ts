import type { FileRecovery } from '@shared/channels/settings'
import { SettingsSchema } from '@shared/channels/settings'
import { userText } from '@shared/i18n/user-text'
import { createTestingPinia } from '@pinia/testing'
import { flushPromises, mount } from '@vue/test-utils'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import RecoveryBanner from '../../../../../src-renderer/src/components/frame/RecoveryBanner.vue'
import { createAppI18n } from '../../../../../src-renderer/src/i18n'
import { useNavStore } from '../../../../../src-renderer/src/stores/nav'
import { useSettingsStore } from '../../../../../src-renderer/src/stores/settings'
import { fakeBridge } from '../../support/fake-bridge'

const SETTINGS_RESET: FileRecovery = {
  file: 'settings',
  movedTo: 'settings.json.unreadable-2026-11-22T10-00-00Z',
  at: '2026-11-22T10:00:00.000Z',
  reason: userText('apiErrors.store.notJson'),
}

async function banner(recovered: FileRecovery[]) {
  fakeBridge({ 'settings:get': () => SettingsSchema.parse({}), 'settings:status': () => ({ recovered }) })
  const pinia = createTestingPinia({ stubActions: false, createSpy: vi.fn })
  const wrapper = mount(RecoveryBanner, { global: { plugins: [pinia, createAppI18n('en')] } })
  await useSettingsStore().load()
  await flushPromises()
  return wrapper
}

beforeEach(() => sessionStorage.clear())
afterEach(() => sessionStorage.clear())

describe('RecoveryBanner', () => {
  it('says on the main screen that the settings are back to their defaults, with a way to Settings', async () => {
    const wrapper = await banner([SETTINGS_RESET])
    expect(wrapper.get('[data-testid="recovery-banner"]').text()).toContain(
      'Your settings could not be read and are back to their defaults.',
    )
    await wrapper.get('[data-testid="recovery-banner-open"]').trigger('click')
    expect(useNavStore().section).toBe('settings')
    expect(wrapper.find('[data-testid="recovery-banner"]').exists()).toBe(false)
  })

  it('says it once: a dismissed notice stays away when the page is shown again', async () => {
    const first = await banner([SETTINGS_RESET])
    await first.get('[data-testid="recovery-banner-dismiss"]').trigger('click')
    expect(first.find('[data-testid="recovery-banner"]').exists()).toBe(false)
    first.unmount()
    const again = await banner([SETTINGS_RESET])
    expect(again.find('[data-testid="recovery-banner"]').exists()).toBe(false)
  })

  it('says a later recovery again, and nothing on a normal start', async () => {
    const first = await banner([SETTINGS_RESET])
    await first.get('[data-testid="recovery-banner-dismiss"]').trigger('click')
    first.unmount()
    const later = await banner([{ ...SETTINGS_RESET, at: '2026-11-23T08:00:00.000Z' }])
    expect(later.find('[data-testid="recovery-banner-settings"]').exists()).toBe(true)
    later.unmount()
    sessionStorage.clear()
    const normal = await banner([])
    expect(normal.find('[data-testid="recovery-banner"]').exists()).toBe(false)
  })
})
