import type { SyncProgress, SyncState } from '@shared/channels/groups'
import type { AppErrorData } from '@shared/errors'
import { defineStore } from 'pinia'
import { computed, ref, shallowRef, watch } from 'vue'
import { bridge } from '../bridge'
import { useAccountsStore } from './accounts'

/** Probes answered faster than this never show "checking". */
const SLOW_PROBE_MS = 400

/**
 * The sync engine's state as main reports it for the account on this client's screen: online,
 * last synced, progress, last error. Another account's events are not this screen's.
 */
export const useSyncStore = defineStore('sync', () => {
  const accounts = useAccountsStore()
  const state = shallowRef<SyncState | null>(null)
  const progress = shallowRef<SyncProgress | null>(null)
  /** Reading the state failed (main unreachable), or the last sync asked for here failed. */
  const loadError = ref<AppErrorData | null>(null)
  const syncError = ref<AppErrorData | null>(null)
  const error = computed(() => syncError.value ?? loadError.value)
  /** The account whose sync was asked for here and has not answered yet. */
  const requestedFor = ref<string | null>(null)
  const requested = computed(() => requestedFor.value !== null && requestedFor.value === accounts.activeId)
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
        if (next.accountId !== accounts.activeId) return
        stateEvents++
        state.value = next
        confirmedAt.value = Date.now()
        if (!next.syncing) progress.value = null
      }),
      bridge.on('sync:progress', (next) => {
        if (next.accountId !== accounts.activeId) return
        // Progress and state travel as separate events: progress that trails the end of its
        // sync must not bring back a finished "Syncing… N of N".
        if (!requested.value && state.value && !state.value.syncing) return
        progress.value = next
      }),
    )
  }

  // Each account has its own sync: another account on screen starts from its own state.
  watch(
    () => accounts.activeId,
    (id, previous) => {
      if (id === previous) return
      state.value = null
      progress.value = null
      loadError.value = null
      syncError.value = null
      confirmedAt.value = 0
      if (id !== null) void load()
    },
    { flush: 'sync' },
  )

  async function load(): Promise<void> {
    listen()
    const accountId = accounts.activeId
    if (accountId === null) return
    const seen = stateEvents
    const result = await bridge.call('groups:state', { accountId })
    // Another account came on screen meanwhile: this answer is not about it.
    if (accountId !== accounts.activeId) return
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
    const accountId = accounts.activeId
    if (accountId === null || syncing.value) return false
    requestedFor.value = accountId
    syncError.value = null
    try {
      const result = await bridge.call('groups:sync', { accountId })
      const shown = accountId === accounts.activeId
      if (shown && !result.ok && result.error.code !== 'cancelled') syncError.value = result.error
      return result.ok
    } finally {
      if (requestedFor.value === accountId) requestedFor.value = null
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
    const accountId = accounts.activeId
    if (accountId === null || syncing.value || Date.now() - confirmedAt.value < (options.minGapMs ?? 0)) return Promise.resolve()
    const slow = setTimeout(() => (checking.value = true), options.announce ? 0 : SLOW_PROBE_MS)
    if (options.announce) checking.value = true
    probing = (async () => {
      try {
        const result = await bridge.call('connectivity:probe', { accountId })
        if (result.ok && result.value.probed && accountId === accounts.activeId) {
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
    const accountId = accounts.activeId
    if (accountId !== null) await bridge.call('groups:cancel-sync', { accountId })
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
