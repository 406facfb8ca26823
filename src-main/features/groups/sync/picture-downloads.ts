import type { Logger } from '../../../platform/log/log'
import { longestStallMs } from '../../../platform/loop-stalls'
import type { PackedRefs } from '../index'
import type { PictureStore } from '../pictures'

/** Lists are told at most this often that more pictures have arrived. */
const PICTURE_REFRESH_MS = 2_000

/**
 * The thumbnails of one account fetched after a sync, one run at a time (a new run stops
 * the one before), telling the lists now and then that more have arrived.
 */
export class PictureDownloads {
  readonly #options: { log: Logger; now: () => number; arrived: () => void }
  #task: { promise: Promise<void>; controller: AbortController } | null = null

  constructor(options: { log: Logger; now: () => number; arrived: () => void }) {
    this.#options = options
  }

  get running(): boolean {
    return this.#task !== null
  }

  start(store: PictureStore, groups: PackedRefs): void {
    const { log, now, arrived } = this.#options
    this.#task?.controller.abort()
    const controller = new AbortController()
    const started = now()
    // From here on, the longest stall of main's loop goes into the run's last log line.
    longestStallMs()
    let lastRefresh = now()
    let unseen = 0
    const refresh = (): void => {
      unseen = 0
      lastRefresh = now()
      arrived()
    }
    const promise = store
      .syncThumbs(groups, {
        signal: controller.signal,
        onProgress: () => {
          unseen++
          if (now() - lastRefresh >= PICTURE_REFRESH_MS) refresh()
        },
      })
      .then((result) => {
        if (unseen > 0 || result.removed > 0) refresh()
        log.info('group pictures synced', { ...result, durationMs: now() - started, longestStallMs: longestStallMs() })
      })
      .catch((error: unknown) => {
        log.warn('group pictures not synced', {
          reason: error instanceof Error ? error.message : 'unknown',
        })
      })
      .finally(() => {
        if (this.#task?.controller === controller) this.#task = null
      })
    this.#task = { promise, controller }
  }

  /** Stops the run under way, if any. */
  cancel(): void {
    this.#task?.controller.abort()
  }

  /** Settles when the run under way (if any) has stopped. */
  settled(): Promise<void> {
    return this.#task?.promise ?? Promise.resolve()
  }
}
