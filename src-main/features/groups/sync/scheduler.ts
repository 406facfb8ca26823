import type { Connectivity } from '../../../platform/net/connectivity'
import { systemTimers, type Timers } from '../../../platform/timers'

export type { Timers }

/** While offline, tries again after these waits (the last one repeats): a success is how "back online" is learnt. */
export const OFFLINE_RETRY_MS = [15_000, 30_000, 60_000, 120_000, 300_000] as const

export interface SyncSchedulerOptions {
  connectivity: Connectivity
  /** Minutes between refreshes; 0 turns them off. Read each time the next refresh is planned. */
  intervalMinutes: () => number
  /** When the last complete sync finished (ms), or null. */
  lastSyncedAt: () => number | null
  /** Starts a background sync (or joins the running one); never rejects. */
  sync: () => Promise<void>
  timers?: Timers
  offlineRetryMs?: readonly number[]
}

/**
 * When to refresh in the background: `intervalMinutes` after the last complete sync, at
 * once when the network comes back, and with a growing wait while it is away. One timer
 * at a time; `reschedule()` re-plans after a sync or a settings change.
 */
export class SyncScheduler {
  readonly #options: SyncSchedulerOptions
  readonly #timers: Timers
  readonly #retries: readonly number[]
  #timer: unknown = null
  #offlineStep = 0
  #nextAt: number | null = null
  #running = false
  #unsubscribe: (() => void) | null = null

  constructor(options: SyncSchedulerOptions) {
    this.#options = options
    this.#timers = options.timers ?? systemTimers
    this.#retries = options.offlineRetryMs ?? OFFLINE_RETRY_MS
  }

  start(): void {
    if (this.#running) return
    this.#running = true
    this.#unsubscribe = this.#options.connectivity.onChange((online) => {
      if (online) {
        this.#offlineStep = 0
        this.#fire()
      } else {
        this.reschedule()
      }
    })
    this.reschedule()
  }

  stop(): void {
    this.#running = false
    this.#unsubscribe?.()
    this.#unsubscribe = null
    this.#clear()
  }

  /** When the next refresh is due (ms), or null when none is planned. */
  get nextAt(): number | null {
    return this.#nextAt
  }

  reschedule(): void {
    this.#clear()
    if (!this.#running) return
    const now = this.#timers.now()
    let delay: number
    if (!this.#options.connectivity.online) {
      delay = this.#retries[Math.min(this.#offlineStep, this.#retries.length - 1)] ?? 60_000
    } else {
      const minutes = this.#options.intervalMinutes()
      if (!(minutes > 0)) return
      const last = this.#options.lastSyncedAt() ?? now
      delay = Math.max(0, last + minutes * 60_000 - now)
    }
    this.#nextAt = now + delay
    this.#timer = this.#timers.setTimeout(() => {
      this.#timer = null
      this.#fire()
    }, delay)
  }

  #fire(): void {
    this.#clear()
    if (!this.#running) return
    if (!this.#options.connectivity.online) this.#offlineStep++
    void this.#options.sync().finally(() => this.reschedule())
  }

  #clear(): void {
    if (this.#timer !== null) this.#timers.clearTimeout(this.#timer)
    this.#timer = null
    this.#nextAt = null
  }
}
