import { type Settings, SettingsSchema } from '@shared/channels/settings'
import { createTestingPinia } from '@pinia/testing'
import { flushPromises, mount } from '@vue/test-utils'
import { vi } from 'vitest'
import type { Component } from 'vue'
import { createAppI18n } from '../../../../src-renderer/src/i18n'
import { useSettingsStore } from '../../../../src-renderer/src/stores/settings'
import { fakeBridge } from './fake-bridge'

/**
 * main's side of settings: kept in memory, each section of a patch merged into the stored
 * one and the result validated with the real schema, as the settings service does.
 */
export function fakeSettingsMain() {
  let current: Settings = SettingsSchema.parse({})
  return fakeBridge({
    'settings:get': () => current,
    'settings:status': () => ({ recovered: [] }),
    'settings:update': (patch) => {
      const next: Record<string, unknown> = { ...current }
      for (const [key, value] of Object.entries(patch as Record<string, unknown>)) {
        const stored = next[key]
        next[key] = value && typeof value === 'object' && stored && typeof stored === 'object' ? { ...stored, ...value } : value
      }
      current = SettingsSchema.parse(next)
      return current
    },
  })
}

/** Mounts a settings section with real Pinia and i18n, after the settings store has loaded. */
export async function mountSettingsSection(component: Component) {
  const wrapper = mount(component, {
    attachTo: document.body,
    global: { plugins: [createTestingPinia({ stubActions: false, createSpy: vi.fn }), createAppI18n('en')] },
  })
  await useSettingsStore().load()
  await flushPromises()
  return wrapper
}
