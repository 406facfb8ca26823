import type { Diagnostics } from '@shared/channels/diagnostics'
import type { AppErrorData } from '@shared/errors'
import { defineStore } from 'pinia'
import { ref, shallowRef } from 'vue'
import { BridgeError, bridge } from '../bridge'
import { copyText } from '../bridge/clipboard'

/** The diagnostics report main writes for a support request, and copying it. */
export const useDiagnosticsStore = defineStore('diagnostics', () => {
  const report = shallowRef<Diagnostics | null>(null)
  const error = ref<AppErrorData | null>(null)
  const loading = ref(false)

  /** Asks main for a fresh report (disk use changes); null with `error` set when it fails. */
  async function load(): Promise<Diagnostics | null> {
    loading.value = true
    error.value = null
    try {
      const result = await bridge.call('app:diagnostics')
      if (!result.ok) {
        error.value = result.error
        return null
      }
      report.value = result.value
      return result.value
    } finally {
      loading.value = false
    }
  }

  /** A fresh report onto the clipboard; false with `error` set when it could not be made or copied. */
  async function copy(): Promise<boolean> {
    const fresh = await load()
    if (!fresh) return false
    try {
      await copyText(fresh.text)
      return true
    } catch (reason) {
      error.value =
        reason instanceof BridgeError ? { code: reason.code, text: reason.text } : { code: 'internal', text: { key: 'errors.clipboard' } }
      return false
    }
  }

  /** The installed app (IPC) rather than web mode: updates and the log folder belong to it. */
  function isDesktop(): boolean {
    return bridge.kind === 'ipc'
  }

  return { report, error, loading, load, copy, isDesktop }
})
