import type { AppNotice } from '@shared/channels/app'
import type { UserText } from '@shared/i18n/user-text'
import { defineStore } from 'pinia'
import { shallowRef } from 'vue'
import { bridge } from '../bridge'

export interface Toast {
  id: number
  level: 'info' | 'success' | 'warning' | 'error'
  /** Written by the page, or main's text, rendered when shown so it follows a change of language. */
  message: string | UserText
}

const LIFETIME_MS = { info: 5000, success: 5000, warning: 9000, error: 12000 } as const

/** Short notices in a corner: "copied", "exported to …", and main's app:notice events. */
export const useToastsStore = defineStore('toasts', () => {
  const toasts = shallowRef<readonly Toast[]>([])
  let nextId = 1
  let unsubscribe: (() => void) | null = null

  function dismiss(id: number): void {
    toasts.value = toasts.value.filter((toast) => toast.id !== id)
  }

  function show(level: Toast['level'], message: string | UserText): number {
    const id = nextId++
    toasts.value = [...toasts.value.slice(-4), { id, level, message }]
    setTimeout(() => dismiss(id), LIFETIME_MS[level])
    return id
  }

  /** Shows main's notice and tells main it was seen, so the next page does not show it again. */
  function showNotice(notice: AppNotice): void {
    show(notice.level, notice.text)
    if (notice.id !== undefined) void bridge.call('app:notices-read', { ids: [notice.id] })
  }

  /** Follows main's notices, after showing those raised before this page listened (start-up finds). */
  async function listen(): Promise<void> {
    if (unsubscribe) return
    const seen = new Set<number>()
    unsubscribe = bridge.on('app:notice', (notice) => {
      if (notice.id !== undefined) seen.add(notice.id)
      showNotice(notice)
    })
    const unread = await bridge.call('app:notices')
    if (!unread.ok) return
    for (const notice of unread.value) if (notice.id === undefined || !seen.has(notice.id)) showNotice(notice)
  }

  function dispose(): void {
    unsubscribe?.()
    unsubscribe = null
  }

  return { toasts, show, dismiss, listen, dispose }
})
