import { ACCOUNT_FILES } from '../account/files/account-files'
import type { SharedAccountChange } from '../account/accounts/shared-registry'
import type { SharedAccountData } from '../account/files/shared-documents'
import type { EventHub } from '../platform/events'
import type { Logger } from '../platform/log/log'

/** How often the rows' revisions are looked at: as often as the shared accounts are. */
const LOOK_EVERY_MS = 5_000
/** Rows read in one look at most: three documents for each of thousands of accounts. */
const MAX_ROWS = 30_000

export interface SharedDataWatchOptions {
  data: SharedAccountData
  events: EventHub
  log: Logger
  pollMs?: number
}

/**
 * Tells this engine's clients when another engine on the database changed an account's history
 * or insights: the revisions of the shared rows are looked at every few seconds (never their
 * bytes), and each row whose revision moved since the last look raises the event a change made
 * here would. A change made here is told twice, which only asks the view again. An account
 * signed out here with its data has its rows removed.
 */
export class SharedDataWatch {
  readonly #opts: SharedDataWatchOptions
  #seen: Map<string, string> | null = null
  #timer: NodeJS.Timeout | null = null
  #looking: Promise<void> | null = null

  constructor(options: SharedDataWatchOptions) {
    this.#opts = options
  }

  start(): void {
    if (this.#timer) return
    this.#timer = setInterval(() => void this.lookNow(), this.#opts.pollMs ?? LOOK_EVERY_MS)
    this.#timer.unref()
    void this.lookNow()
  }

  async stop(): Promise<void> {
    if (this.#timer) clearInterval(this.#timer)
    this.#timer = null
    await this.#looking
  }

  /** An account signed out here with its data: its history and insights go from the database too, for every engine. */
  accountChanged(change: SharedAccountChange): void {
    if (change.kind !== 'remove' || !change.removeData) return
    void this.#opts.data
      .forget(change.id)
      .catch((error: unknown) => this.#opts.log.warn('shared account data not removed', { accountId: change.id, error: String(error) }))
  }

  /** One look; a look on its way is waited for, not doubled. */
  lookNow(): Promise<void> {
    this.#looking ??= this.#look()
      .catch((error: unknown) => this.#opts.log.warn('shared account data: look failed', { error: String(error) }))
      .finally(() => {
        this.#looking = null
      })
    return this.#looking
  }

  async #look(): Promise<void> {
    const rows = await this.#opts.data.rows.revisions(MAX_ROWS)
    const previous = this.#seen
    const seen = new Map<string, string>()
    const history = new Set<string>()
    const insights = new Set<string>()
    for (const { accountId, name, rev } of rows) {
      const key = `${accountId}\u0000${name}`
      seen.set(key, rev)
      if (previous === null || previous.get(key) === rev) continue
      if (name === ACCOUNT_FILES.history.path) history.add(accountId)
      else if (name === ACCOUNT_FILES.insightsLive.path || name === ACCOUNT_FILES.insightsArchive.path) insights.add(accountId)
    }
    this.#seen = seen
    for (const accountId of history) this.#opts.events.emit('stories:history-changed', { accountId })
    for (const accountId of insights) this.#opts.events.emit('insights:changed', { accountId })
  }
}
