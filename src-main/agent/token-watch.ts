import { AppError } from '@shared/errors'
import { TOKEN_NEEDED } from '../account/accounts/token-needed-client'
import type { Logger } from '../platform/log/log'
import { systemTimers, type Timers } from '../platform/timers'

/** What the agent last learnt of an account's provider token. */
export type TokenState = 'ok' | 'refused' | 'needed' | 'unchecked'

export interface AccountTokenState {
  accountId: string
  state: TokenState
  /** When the server last answered a check (or the token was found missing); null before. */
  checkedAt: string | null
}

/** The cheapest authenticated request the API has: one group of the list, as the connect test reads them. */
interface TokenProbe {
  client: { listGroups(params: { count: number; offset: number }): Promise<unknown> }
  tokenNeeded?: boolean
}

export interface TokenWatchOptions {
  /** The listed accounts' ids. */
  accounts: () => string[]
  /** The account's session (built when needed), or null when it cannot be opened. */
  session: (accountId: string) => Promise<TokenProbe | null>
  /** The account's next planned story (an ISO instant), or null. */
  nextDue: (accountId: string) => string | null
  log: Logger
  timers?: Timers
  /** How often every token is checked. */
  everyMs?: number
  /** How long before a planned story its account's token is checked again. */
  aheadMs?: number
  /** How often the watch looks at what is due. */
  tickMs?: number
}

const EVERY_MS = 30 * 60_000
const AHEAD_MS = 15 * 60_000
const TICK_MS = 60_000

interface Known {
  state: TokenState
  checkedAt: number | null
  /** The last attempt, answered or not: an unreachable server is asked again at the next round, not every tick. */
  triedAt: number | null
}

/**
 * Checks each account's provider token before it is needed: every half hour, and again a
 * quarter of an hour before the account's next planned story, so a token that stopped working
 * is found (and logged) while there is time to enter a new one, not at the story's slot. An
 * unreachable server tells nothing of the token: its state stays as it was.
 */
export class TokenWatch {
  readonly #opts: TokenWatchOptions
  readonly #timers: Timers
  readonly #known = new Map<string, Known>()
  #timer: unknown = null
  #running: Promise<void> | null = null
  #started = false
  #stopped = false

  constructor(options: TokenWatchOptions) {
    this.#opts = options
    this.#timers = options.timers ?? systemTimers
  }

  /** Checks every account now, then looks every minute for checks that are due. */
  start(): void {
    this.#started = true
    this.#schedule(0)
  }

  async stop(): Promise<void> {
    this.#stopped = true
    this.#timers.clearTimeout(this.#timer)
    this.#timer = null
    await this.#running
  }

  /** A token may have changed (an account connected, renewed or removed): every account is checked at the next round, which comes now. */
  recheck(): void {
    for (const known of this.#known.values()) known.triedAt = null
    if (this.#started && !this.#stopped) this.#schedule(0)
  }

  states(): AccountTokenState[] {
    return this.#opts.accounts().map((accountId) => {
      const known = this.#known.get(accountId)
      const checkedAt = known?.checkedAt ?? null
      return { accountId, state: known?.state ?? 'unchecked', checkedAt: checkedAt === null ? null : new Date(checkedAt).toISOString() }
    })
  }

  /** One round: each account whose check is due is checked, one after the other. */
  round(): Promise<void> {
    this.#running ??= this.#checkDue().finally(() => (this.#running = null))
    return this.#running
  }

  #schedule(ms: number): void {
    this.#timers.clearTimeout(this.#timer)
    this.#timer = this.#timers.setTimeout(() => {
      void this.round().finally(() => {
        if (!this.#stopped) this.#schedule(this.#opts.tickMs ?? TICK_MS)
      })
    }, ms)
  }

  async #checkDue(): Promise<void> {
    const accounts = this.#opts.accounts()
    for (const id of [...this.#known.keys()]) if (!accounts.includes(id)) this.#known.delete(id)
    for (const accountId of accounts) {
      if (this.#stopped) return
      if (this.#due(accountId)) await this.#check(accountId)
    }
  }

  #due(accountId: string): boolean {
    const known = this.#known.get(accountId)
    if (!known || known.triedAt === null) return true
    const now = this.#timers.now()
    if (now - known.triedAt >= (this.#opts.everyMs ?? EVERY_MS)) return true
    const next = this.#opts.nextDue(accountId)
    if (next === null) return false
    const window = Date.parse(next) - (this.#opts.aheadMs ?? AHEAD_MS)
    return now >= window && known.triedAt < window
  }

  async #check(accountId: string): Promise<void> {
    const known: Known = this.#known.get(accountId) ?? { state: 'unchecked', checkedAt: null, triedAt: null }
    this.#known.set(accountId, known)
    const now = this.#timers.now()
    known.triedAt = now
    const learnt = await this.#ask(accountId)
    if (learnt === null) return
    const before = known.state
    known.state = learnt
    known.checkedAt = this.#timers.now()
    if (learnt === 'refused' && before !== 'refused') this.#opts.log.warn('provider token refused', { accountId })
    if (learnt === 'needed' && before !== 'needed') this.#opts.log.warn('provider token needed', { accountId })
    if (learnt === 'ok' && before !== 'ok' && before !== 'unchecked') this.#opts.log.info('provider token accepted again', { accountId })
  }

  /** What the server says of the token; null when it said nothing of it (unreachable, busy, another failure). */
  async #ask(accountId: string): Promise<TokenState | null> {
    try {
      const session = await this.#opts.session(accountId)
      if (session === null) return null
      if (session.tokenNeeded) return 'needed'
      await session.client.listGroups({ count: 1, offset: 0 })
      return 'ok'
    } catch (error) {
      if (error instanceof AppError && error.code === 'unauthorized')
        return error.details?.['reason'] === TOKEN_NEEDED ? 'needed' : 'refused'
      this.#opts.log.info('provider token not checked', {
        accountId,
        error: error instanceof AppError ? error.code : error instanceof Error ? error.name : 'unknown',
      })
      return null
    }
  }
}
