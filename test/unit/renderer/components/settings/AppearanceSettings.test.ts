import { flushPromises } from '@vue/test-utils'
import { describe, expect, it } from 'vitest'
import AppearanceSettings from '../../../../../src-renderer/src/components/settings/AppearanceSettings.vue'
import { useSettingsStore } from '../../../../../src-renderer/src/stores/settings'
import { fakeSettingsMain, mountSettingsSection } from '../../support/settings-harness'

describe('AppearanceSettings language', () => {
  it('offers each translated language in its own name and script, marked with its language', async () => {
    fakeSettingsMain()
    const wrapper = await mountSettingsSection(AppearanceSettings)
    const options = wrapper.get('[data-testid="settings-locale"]').findAll('option')
    const byTag = Object.fromEntries(options.map((o) => [o.attributes('value'), { text: o.text(), lang: o.attributes('lang') }]))
    expect(Object.keys(byTag)).toEqual(['', 'en-US', 'en-GB', 'es-ES', 'es-MX', 'pt-BR', 'ru-RU', 'id-ID', 'ar-SA', 'ar-EG'])
    expect(byTag['ru-RU']).toEqual({ text: expect.stringMatching(/^русский/), lang: 'ru-RU' })
    expect(byTag['ar-EG']!.text).toMatch(/العربية/)
    expect(byTag['pt-BR']!.text).toMatch(/^português/)
    wrapper.unmount()
  })

  it('saves the chosen language, and clears it to follow the system again', async () => {
    fakeSettingsMain()
    const wrapper = await mountSettingsSection(AppearanceSettings)
    const select = wrapper.get('[data-testid="settings-locale"]')
    await select.setValue('ar-EG')
    await flushPromises()
    expect(useSettingsStore().settings?.locale).toBe('ar-EG')
    await select.setValue('')
    await flushPromises()
    expect(useSettingsStore().settings?.locale).toBeNull()
    wrapper.unmount()
  })

  it('still shows a region saved earlier that is not among the offered ones', async () => {
    fakeSettingsMain()
    const wrapper = await mountSettingsSection(AppearanceSettings)
    await useSettingsStore().update({ locale: 'de-DE' })
    await flushPromises()
    const select = wrapper.get('[data-testid="settings-locale"]').element as HTMLSelectElement
    expect(select.value).toBe('de-DE')
    wrapper.unmount()
  })
})
