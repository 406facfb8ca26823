import { defineStore } from 'pinia'
import { shallowRef } from 'vue'
import { bridge } from '../bridge'

export interface Toast {
  id: number
  level: 'info' | 'success' | 'warning' | 'error'
  message: string
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

  function show(level: Toast['level'], message: string): number {
    const id = nextId++
    toasts.value = [...toasts.value.slice(-4), { id, level, message }]
    setTimeout(() => dismiss(id), LIFETIME_MS[level])
    return id
  }

  function listen(): void {
    unsubscribe ??= bridge.on('app:notice', (notice) => show(notice.level, notice.message))
  }

  function dispose(): void {
    unsubscribe?.()
    unsubscribe = null
  }

  return { toasts, show, dismiss, listen, dispose }
})
