import type { AppNotice } from '@shared/channels/app'
import type { Settings } from '@shared/channels/settings'
import { userText } from '@shared/i18n/user-text'
import type { Logger } from '../../platform/log/log'
import type { FeedMemory } from './accepted-feeds'
import { acceptedFeed, filesStayOnFeed, type SignatureCheck } from './update-policy'

export interface UpdateOffer {
  version: string
  files: readonly { url: string }[]
}

/** What the controller needs of an updater (electron-updater in the app). */
export interface UpdateEngine {
  /** Points the engine at a generic feed (a folder holding latest*.yml). */
  setFeed(url: string): void
  /** Updates were switched off: nothing already downloaded is installed. */
  disable(): void
  /** The newer release the feed offers, or null when this version is current. */
  check(): Promise<UpdateOffer | null>
  /** Downloads the offered release and checks its hash. */
  download(): Promise<void>
  /** Lets what was downloaded be installed when the app quits. */
  installOnQuit(): void
}

/** Asks the user, in a native dialog of main (never the renderer), to accept a new update address. */
export type ConfirmFeed = (feed: URL) => Promise<boolean>

export interface UpdateControllerOptions {
  engine: UpdateEngine
  /** The feed the build was published with (electron-builder `publish`), if any. */
  buildFeed: string | null
  /**
   * Any other address comes from settings the renderer can write, so it is used only once
   * the user has accepted it here, in main. Asked once per run until accepted.
   */
  confirmFeed: ConfirmFeed
  /** Addresses accepted in an earlier run: used without asking again. Refusals are not kept. */
  acceptedFeeds?: FeedMemory
  /** Whether this install can check an update's signature; unattended installs need it. */
  signature: SignatureCheck
  settings: { get(): Settings; onChange(listener: (settings: Settings) => void): () => void }
  log: Logger
  notify: (notice: AppNotice) => void
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
  /** Addresses the user accepted (or refused) in this run, so each is asked at most once a run. */
  readonly #answers = new Map<string, Promise<boolean>>()
  /** Bumped by every settings change: an answer that arrives late applies only if still current. */
  #generation = 0

  constructor(options: UpdateControllerOptions) {
    this.#options = options
    this.#timers = options.timers ?? { set: (run, ms) => setInterval(run, ms), clear: (handle) => clearInterval(handle as NodeJS.Timeout) }
  }

  start(): void {
    this.#unsubscribe ??= this.#options.settings.onChange((settings) => this.#apply(settings.updates))
    this.#apply(this.#options.settings.get().updates)
  }

  stop(): void {
    this.#generation++
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
    const generation = ++this.#generation
    const verdict = acceptedFeed(updates, this.#options.buildFeed)
    if (verdict.on && !this.#isBuildFeed(verdict.feed)) {
      void this.#confirmed(verdict.feed).then((accepted) => {
        if (generation !== this.#generation) return
        if (accepted) this.#use(verdict)
        else {
          this.#options.log.warn('update address refused by the user', { feed: verdict.feed.origin })
          this.#options.notify({ level: 'warning', text: userText('notices.updates.feedRefused', { host: verdict.feed.host }) })
          this.#use(acceptedFeed({ ...updates, feedUrl: null }, this.#options.buildFeed))
        }
      })
      return
    }
    this.#use(verdict)
  }

  #isBuildFeed(feed: URL): boolean {
    const build = this.#options.buildFeed ? acceptedFeed({ enabled: true, feedUrl: this.#options.buildFeed }) : null
    return build?.on === true && build.feed.href === feed.href
  }

  #confirmed(feed: URL): Promise<boolean> {
    let answer = this.#answers.get(feed.href)
    if (!answer) {
      const memory = this.#options.acceptedFeeds
      answer = (async () => {
        if (await memory?.has(feed.href).catch(() => false)) return true
        const accepted = await this.#options.confirmFeed(feed).catch(() => false)
        if (accepted)
          await memory
            ?.remember(feed.href)
            .catch((error: unknown) => this.#options.log.warn('accepted update address not remembered', { error: String(error) }))
        return accepted
      })()
      this.#answers.set(feed.href, answer)
    }
    return answer
  }

  #use(verdict: ReturnType<typeof acceptedFeed>): void {
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
      this.#options.notify({ level: 'warning', text: userText('notices.updates.offFeed', { version: offer.version, host: feed.host }) })
      return
    }
    const { signature } = this.#options
    if (!signature.verified) {
      // Nothing is downloaded to be run unattended when nobody can tell who built it.
      this.#downloaded = offer.version
      this.#options.log.info('update not installed automatically', { version: offer.version, reason: signature.reason })
      const params = { version: offer.version, host: feed.host }
      this.#options.notify({
        level: 'info',
        text:
          signature.reason === 'no-publisher'
            ? userText('notices.updates.manualNoPublisher', params)
            : userText('notices.updates.manualUnsigned', params),
      })
      return
    }
    try {
      await this.#options.engine.download()
    } catch (error) {
      this.#options.log.warn('update download failed', {
        version: offer.version,
        error: error instanceof Error ? error.message : String(error),
      })
      return
    }
    if (this.#feed !== feed) return
    this.#options.engine.installOnQuit()
    this.#downloaded = offer.version
    this.#options.log.info('update ready', { version: offer.version })
    this.#options.notify({ level: 'info', text: userText('notices.updates.ready', { version: offer.version }) })
  }

  #stopTimer(): void {
    if (this.#timer !== null) this.#timers.clear(this.#timer)
    this.#timer = null
  }
}
