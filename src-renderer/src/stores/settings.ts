import type { FileRecovery, Settings, SettingsPatch } from '@shared/channels/settings'
import type { AppErrorData } from '@shared/errors'
import { defineStore } from 'pinia'
import { ref, shallowRef } from 'vue'
import { bridge } from '../bridge'

/** The user's settings as main keeps them; every change goes through main and comes back. */
export const useSettingsStore = defineStore('settings', () => {
  const settings = shallowRef<Settings | null>(null)
  /** Files set aside at startup because they could not be read (empty on a normal start). */
  const recovered = shallowRef<FileRecovery[]>([])
  const error = ref<AppErrorData | null>(null)
  const busy = ref(false)

  let unsubscribe: (() => void) | null = null

  async function load(): Promise<Settings | null> {
    unsubscribe ??= bridge.on('settings:changed', (next) => {
      settings.value = next
    })
    error.value = null
    const [current, status] = await Promise.all([bridge.call('settings:get'), bridge.call('settings:status')])
    if (status.ok) recovered.value = status.value.recovered
    if (!current.ok) {
      error.value = current.error
      return null
    }
    settings.value = current.value
    return current.value
  }

  /** Merges `patch` into the settings; resolves to the saved settings, or null with `error` set. */
  async function update(patch: SettingsPatch): Promise<Settings | null> {
    busy.value = true
    error.value = null
    try {
      const result = await bridge.call('settings:update', patch)
      if (!result.ok) {
        error.value = result.error
        return null
      }
      settings.value = result.value
      return result.value
    } finally {
      busy.value = false
    }
  }

  /** Hides the "settings were reset" notice for the rest of this run. */
  function dismissRecovery(): void {
    recovered.value = []
  }

  function dispose(): void {
    unsubscribe?.()
    unsubscribe = null
  }

  return { settings, recovered, error, busy, load, update, dismissRecovery, dispose }
})
