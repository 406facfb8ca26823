import type { AppInfo } from '@shared/channels/app'
import { defineStore } from 'pinia'
import { ref, shallowRef } from 'vue'
import { bridge } from '../bridge'
import type { AppErrorData } from '@shared/errors'

export const useAppStore = defineStore('app', () => {
  const info = shallowRef<AppInfo | null>(null)
  const error = ref<AppErrorData | null>(null)
  const loading = ref(false)

  async function loadInfo(): Promise<void> {
    loading.value = true
    error.value = null
    const result = await bridge.call('app:info')
    loading.value = false
    if (result.ok) info.value = result.value
    else error.value = result.error
  }

  return { info, error, loading, loadInfo }
})
