import type { Settings } from '@shared/channels/settings'
import type { Logger } from '../log'
import { acceptedFeed, filesStayOnFeed } from './update-policy'

export interface UpdateOffer {
  version: string
  files: readonly { url: string }[]
}

/** What the controller needs of an updater (electron-updater in the app). */
export interface UpdateEngine {
  /** Points the engine at a generic feed (a folder holding latest*.yml) and lets it install on quit. */
  setFeed(url: string): void
  /** Updates were switched off: nothing already downloaded is installed. */
  disable(): void
  /** The newer release the feed offers, or null when this version is current. */
  check(): Promise<UpdateOffer | null>
  /** Downloads the offered release and checks its hash; it is installed when the app quits. */
  download(): Promise<void>
}

export interface UpdateControllerOptions {
  engine: UpdateEngine
  settings: { get(): Settings; onChange(listener: (settings: Settings) => void): () => void }
  log: Logger
  notify: (notice: { level: 'info' | 'warning'; message: string }) => void
  /** Between checks while updates are on. */
  intervalMs?: number
  timers?: { set(run: () => void, ms: number): unknown; clear(handle: unknown): void }
}

const SIX_HOURS = 6 * 60 * 60 * 1000

/**
 * Runs updates exactly as the settings say: nothing at all while they are off or have no
 * https feed; otherwise a check now and every few hours, a download only when every file
 * of the release stays on the feed's origin, and installation when the app quits.
 */
export class UpdateController {
  readonly #options: UpdateControllerOptions
  readonly #timers: NonNullable<UpdateControllerOptions['timers']>
  #feed: URL | null = null
  #timer: unknown = null
  #unsubscribe: (() => void) | null = null
  #checking: Promise<void> | null = null
  #downloaded: string | null = null

  constructor(options: UpdateControllerOptions) {
    this.#options = options
    this.#timers = options.timers ?? { set: (run, ms) => setInterval(run, ms), clear: (handle) => clearInterval(handle as NodeJS.Timeout) }
  }

  /** The feed in use, or null while updates are off. */
  get feed(): string | null {
    return this.#feed?.href ?? null
  }

  start(): void {
    this.#unsubscribe ??= this.#options.settings.onChange((settings) => this.#apply(settings.updates))
    this.#apply(this.#options.settings.get().updates)
  }

  stop(): void {
    this.#unsubscribe?.()
    this.#unsubscribe = null
    this.#stopTimer()
    this.#feed = null
  }

  /** One check (and download when there is something new); resolves when it is over. */
  check(): Promise<void> {
    this.#checking ??= this.#checkOnce().finally(() => (this.#checking = null))
    return this.#checking
  }

  #apply(updates: Settings['updates']): void {
    const verdict = acceptedFeed(updates)
    if (!verdict.on) {
      if (this.#feed) {
        this.#options.log.info('updates off', { reason: verdict.reason })
        this.#options.engine.disable()
      }
      this.#stopTimer()
      this.#feed = null
      return
    }
    if (this.#feed?.href === verdict.feed.href) return
    this.#feed = verdict.feed
    this.#options.engine.setFeed(verdict.feed.href)
    this.#options.log.info('updates on', { feed: verdict.feed.origin })
    this.#stopTimer()
    this.#timer = this.#timers.set(() => void this.check(), this.#options.intervalMs ?? SIX_HOURS)
    void this.check()
  }

  async #checkOnce(): Promise<void> {
    const feed = this.#feed
    if (!feed) return
    let offer: UpdateOffer | null
    try {
      offer = await this.#options.engine.check()
    } catch (error) {
      this.#options.log.warn('update check failed', { error: error instanceof Error ? error.message : String(error) })
      return
    }
    if (!offer || offer.version === this.#downloaded || this.#feed !== feed) return
    if (!filesStayOnFeed(feed, offer.files)) {
      this.#options.log.warn('update refused: its files are not on the feed', { version: offer.version, feed: feed.origin })
      this.#options.notify({
        level: 'warning',
        message: `Update ${offer.version} was not downloaded: its files are not on the update address (${feed.host}).`,
      })
      return
    }
    try {
      await this.#options.engine.download()
    } catch (error) {
      this.#options.log.warn('update download failed', { version: offer.version, error: error instanceof Error ? error.message : String(error) })
      return
    }
    this.#downloaded = offer.version
    this.#options.log.info('update ready', { version: offer.version })
    this.#options.notify({ level: 'info', message: `Statusdesk ${offer.version} is ready and will be installed when you quit the app.` })
  }

  #stopTimer(): void {
    if (this.#timer !== null) this.#timers.clear(this.#timer)
    this.#timer = null
  }
}
