import type { OutboxAction, SetAsideAction, SetAsideItem } from '@shared/channels/stories'
import type { AppErrorData } from '@shared/errors'
import type { HistoryEntry, OutboxItemView } from '@shared/story/records'
import { defineStore } from 'pinia'
import { ref, shallowRef } from 'vue'
import { bridge } from '../bridge'

/** The outbox (stories on their way or waiting for the user) and the history of published ones. */
export const useOutboxStore = defineStore('outbox', () => {
  const items = shallowRef<readonly OutboxItemView[]>([])
  const history = shallowRef<readonly HistoryEntry[]>([])
  /** Files of this account that could not be read and were set aside. */
  const setAside = shallowRef<readonly SetAsideItem[]>([])
  /** Why the last restore or discard of a set-aside file did not happen. */
  const setAsideError = shallowRef<AppErrorData | null>(null)
  const loading = ref(false)
  const error = shallowRef<AppErrorData | null>(null)
  /** The item an action is running on. */
  const acting = ref<string | null>(null)
  const unsubscribers: Array<() => void> = []

  function listen(): void {
    if (unsubscribers.length > 0) return
    unsubscribers.push(
      bridge.on('stories:outbox-changed', (event) => {
        items.value = event.items
      }),
      bridge.on('stories:history-changed', () => void loadHistory()),
      // A notice often means a file was just set aside.
      bridge.on('app:notice', () => void loadSetAside()),
      bridge.on('accounts:changed', () => void load()),
    )
  }

  async function loadHistory(): Promise<void> {
    const result = await bridge.call('stories:history-list')
    if (result.ok) history.value = result.value
  }

  async function loadSetAside(): Promise<void> {
    const result = await bridge.call('stories:set-aside-list')
    if (result.ok) setAside.value = result.value
  }

  async function load(): Promise<void> {
    listen()
    loading.value = true
    error.value = null
    const [outbox, past] = await Promise.all([bridge.call('stories:outbox-list'), bridge.call('stories:history-list')])
    // After the lists: reading them is what sets a damaged file aside.
    await loadSetAside()
    loading.value = false
    if (outbox.ok) items.value = outbox.value
    else error.value = outbox.error
    if (past.ok) history.value = past.value
    else error.value ??= past.error
  }

  async function act(id: string, action: OutboxAction): Promise<boolean> {
    acting.value = id
    error.value = null
    try {
      const result = await bridge.call('stories:outbox-act', { id, action })
      if (!result.ok) {
        error.value = result.error
        return false
      }
      items.value = result.value
      return true
    } finally {
      acting.value = null
    }
  }

  /** Restores what can be read of a set-aside file, or deletes it; the lists are read again after. */
  async function actOnSetAside(id: string, action: SetAsideAction): Promise<boolean> {
    acting.value = id
    setAsideError.value = null
    try {
      const result = await bridge.call('stories:set-aside-act', { id, action })
      if (!result.ok) {
        setAsideError.value = result.error
        return false
      }
      setAside.value = result.value
      const [outbox, past] = await Promise.all([bridge.call('stories:outbox-list'), bridge.call('stories:history-list')])
      if (outbox.ok) items.value = outbox.value
      if (past.ok) history.value = past.value
      return true
    } finally {
      acting.value = null
    }
  }

  function dispose(): void {
    for (const off of unsubscribers.splice(0)) off()
  }

  return { items, history, setAside, setAsideError, loading, error, acting, load, loadHistory, loadSetAside, act, actOnSetAside, dispose }
})
