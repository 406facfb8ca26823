import type { SyncProgress, SyncState } from '@shared/channels/groups'
import type { AppErrorData } from '@shared/errors'
import { defineStore } from 'pinia'
import { computed, ref, shallowRef } from 'vue'
import { bridge } from '../bridge'

/** Probes answered faster than this never show "checking". */
const SLOW_PROBE_MS = 400

/** The sync engine's state as main reports it: online, last synced, progress, last error. */
export const useSyncStore = defineStore('sync', () => {
  const state = shallowRef<SyncState | null>(null)
  const progress = shallowRef<SyncProgress | null>(null)
  /** Reading the state failed (main unreachable), or the last sync asked for here failed. */
  const loadError = ref<AppErrorData | null>(null)
  const syncError = ref<AppErrorData | null>(null)
  const error = computed(() => syncError.value ?? loadError.value)
  const requested = ref(false)
  /** A connectivity probe is out and has taken long enough to be worth saying so. */
  const checking = ref(false)
  /** When main last told us whether the server can be reached (ms); 0 before it has. */
  const confirmedAt = ref(0)
  let probing: Promise<void> | null = null
  /** Counts state events, so a state read that was overtaken by one does not undo it. */
  let stateEvents = 0

  const syncing = computed(() => requested.value || (state.value?.syncing ?? false))
  const online = computed(() => state.value?.online ?? true)
  const fromCache = computed(() => state.value?.fromCache ?? false)
  const lastSyncedAt = computed(() => state.value?.lastSyncedAt ?? null)
  const lastError = computed(() => state.value?.lastError ?? null)
  /** 0..1 while the total is known, null while it is not (an indeterminate bar). */
  const fraction = computed<number | null>(() => {
    const p = progress.value ?? state.value?.progress ?? null
    if (!p || p.total === null || p.total <= 0) return null
    return Math.min(1, p.fetched / p.total)
  })

  const unsubscribers: Array<() => void> = []

  function listen(): void {
    if (unsubscribers.length > 0) return
    unsubscribers.push(
      bridge.on('sync:state', (next) => {
        stateEvents++
        state.value = next
        confirmedAt.value = Date.now()
        if (!next.syncing) progress.value = null
      }),
      bridge.on('sync:progress', (next) => {
        // Progress and state travel as separate events: progress that trails the end of its
        // sync must not bring back a finished "Syncing… N of N".
        if (!requested.value && state.value && !state.value.syncing) return
        if (!state.value || next.accountId === state.value.accountId) progress.value = next
      }),
    )
  }

  async function load(): Promise<void> {
    listen()
    const seen = stateEvents
    const result = await bridge.call('groups:state')
    if (result.ok) {
      // An event that arrived while the read was on its way is newer than its answer.
      if (stateEvents === seen) state.value = result.value
      confirmedAt.value = Date.now()
      loadError.value = null
    } else {
      loadError.value = result.error
    }
  }

  /** Starts a sync and resolves when it ends; its outcome also arrives as a sync:state event. */
  async function sync(): Promise<boolean> {
    if (syncing.value) return false
    requested.value = true
    syncError.value = null
    try {
      const result = await bridge.call('groups:sync')
      if (!result.ok && result.error.code !== 'cancelled') syncError.value = result.error
      return result.ok
    } finally {
      requested.value = false
      await load()
    }
  }

  /**
   * Asks main to probe the server now. A probe within `minGapMs` of the last word from main
   * is skipped; "checking" shows at once when `announce`, otherwise only once the answer is
   * slower than a glance (a quick probe should not make the status flicker).
   */
  function probe(options: { minGapMs?: number; announce?: boolean } = {}): Promise<void> {
    if (probing) return probing
    if (syncing.value || Date.now() - confirmedAt.value < (options.minGapMs ?? 0)) return Promise.resolve()
    const slow = setTimeout(() => (checking.value = true), options.announce ? 0 : SLOW_PROBE_MS)
    if (options.announce) checking.value = true
    probing = (async () => {
      try {
        const result = await bridge.call('connectivity:probe')
        if (result.ok && result.value.probed) {
          confirmedAt.value = Date.now()
          if (state.value && state.value.online !== result.value.online) state.value = { ...state.value, online: result.value.online }
        }
      } finally {
        clearTimeout(slow)
        checking.value = false
        probing = null
      }
    })()
    return probing
  }

  async function cancel(): Promise<void> {
    await bridge.call('groups:cancel-sync')
  }

  function dispose(): void {
    for (const off of unsubscribers.splice(0)) off()
  }

  return {
    state,
    progress,
    error,
    syncing,
    checking,
    confirmedAt,
    online,
    fromCache,
    lastSyncedAt,
    lastError,
    fraction,
    load,
    sync,
    probe,
    cancel,
    dispose,
  }
})
