import { AppError } from '@shared/errors'
import { userText } from '@shared/i18n/user-text'
import { mkdirSync } from 'node:fs'
import { ApiClient, type ApiTimeouts, type FetchLike, type RetryPolicy } from '../../platform/api'
import type { Logger } from '../../platform/log/log'
import type { AccountSession } from '../workspace/account-session'
import type { AccountList } from './account-list'
import type { StoredAccount } from './account-records'
import { fingerprintOf, hintOf } from './connect-rules'
import type { DemoServer, StartDemoServer } from './demo-server'
import type { SecretBox } from './secret-box'
import { TokenVault } from './token-vault'
import { type AccountClient, tokenNeededClient } from './token-needed-client'

export interface SessionFactoryOptions {
  list: AccountList
  secretBox: SecretBox
  fetch: FetchLike
  log: Logger
  startDemo: StartDemoServer
  dirOf: (id: string) => string
  client?: { retry?: Partial<RetryPolicy>; timeouts?: Partial<ApiTimeouts> }
}

/**
 * Opens accounts' tokens and builds their clients: a sealed token is opened only to build the
 * client, a session-only token lives in memory for this run, the demo's comes from its own
 * server. Nothing here hands a token out.
 */
export class SessionFactory {
  readonly vault: TokenVault
  readonly #opts: SessionFactoryOptions
  /** Tokens kept for this run only: session-only accounts. */
  readonly #sessionTokens = new Map<string, string>()
  /** Accounts whose stored token could not be opened this run. */
  readonly #locked = new Set<string>()
  #demo: DemoServer | null = null

  constructor(options: SessionFactoryOptions) {
    this.#opts = options
    this.vault = new TokenVault(options.secretBox)
  }

  hasToken(account: StoredAccount): boolean {
    if (account.isDemo) return true
    if (this.#locked.has(account.id)) return false
    if (account.encryption === 'session') return this.#sessionTokens.has(account.id)
    return account.sealed !== undefined
  }

  /** The token was just entered: kept in memory when session-only, and the account is no longer locked. */
  tokenEntered(id: string, token: string, sessionOnly: boolean): void {
    if (sessionOnly) this.#sessionTokens.set(id, token)
    else this.#sessionTokens.delete(id)
    this.#locked.delete(id)
  }

  /** The account's provider token when at hand, for its hand-over to the paired agent (main only); never a demo's. */
  async tokenOf(id: string): Promise<string | undefined> {
    const account = this.#opts.list.find(id)
    if (!account || account.isDemo) return undefined
    return this.#sessionTokens.get(id) ?? (await this.#openStored(account))
  }

  /**
   * Whether the entry's sealed token is the one connected to its server (the fingerprint of both
   * matches). A token that does not open here passes: its account waits for its token anyway.
   */
  async sealedFor(account: StoredAccount): Promise<boolean> {
    if (account.sealed === undefined || account.fingerprint === undefined) return false
    try {
      const { token } = await this.vault.open(account.sealed)
      return fingerprintOf(account.baseUrl, token) === account.fingerprint
    } catch {
      return true
    }
  }

  forget(id: string): void {
    this.#sessionTokens.delete(id)
    this.#locked.delete(id)
  }

  forgetAll(): void {
    this.#sessionTokens.clear()
  }

  /**
   * The account's session; `token` is given when the caller already holds it (connect). An
   * account whose token is not at hand gets a client that refuses every request (tokenNeeded),
   * never another account's.
   */
  async build(id: string, token?: string): Promise<AccountSession<AccountClient> | null> {
    const account = this.#opts.list.find(id)
    if (!account) return null
    let secret = token
    let baseUrl = account.baseUrl
    if (account.isDemo) {
      const server = await this.demoServer()
      secret = server.token
      if (account.baseUrl !== server.baseUrl || account.tokenHint !== hintOf(server.token)) {
        baseUrl = server.baseUrl
        this.#opts.list.replaceQuietly({ ...account, baseUrl, tokenHint: hintOf(server.token) })
      }
    } else if (secret === undefined) {
      secret = this.#sessionTokens.get(id) ?? (await this.#openStored(account))
    }
    const dir = this.#opts.dirOf(id)
    const locked = (): AccountSession<AccountClient> => {
      mkdirSync(dir, { recursive: true, mode: 0o700 })
      return { id, baseUrl, isDemo: account.isDemo, dir, client: tokenNeededClient(account.label), tokenNeeded: true }
    }
    if (secret === undefined) return locked()
    let client: ApiClient
    try {
      const options = this.#opts.client
      client = new ApiClient({
        baseUrl,
        token: secret,
        fetch: this.#opts.fetch,
        logger: this.#opts.log,
        ...(options?.retry && { retry: options.retry }),
        ...(options?.timeouts && { timeouts: options.timeouts }),
      })
    } catch (error) {
      this.#opts.log.warn('account client not built', { id, code: error instanceof AppError ? error.code : 'internal' })
      this.#locked.add(id)
      return locked()
    }
    mkdirSync(dir, { recursive: true, mode: 0o700 })
    return { id, baseUrl, isDemo: account.isDemo, dir, client }
  }

  async demoServer(): Promise<DemoServer> {
    if (this.#demo) return this.#demo
    try {
      this.#demo = await this.#opts.startDemo()
    } catch (error) {
      this.#opts.log.error('demo server not started', { error: error instanceof Error ? error.message : String(error) })
      throw new AppError('internal', userText('accountErrors.demo.notStarted'))
    }
    return this.#demo
  }

  async stopDemo(): Promise<void> {
    const demo = this.#demo
    this.#demo = null
    if (demo) await demo.stop()
  }

  async #openStored(account: StoredAccount): Promise<string | undefined> {
    if (account.sealed === undefined) return undefined
    try {
      const { token, stale } = await this.vault.open(account.sealed)
      if (stale) await this.#reseal(account, token)
      return token
    } catch (error) {
      this.#opts.log.warn('stored token not opened', {
        id: account.id,
        reason: error instanceof AppError ? error.details?.['reason'] : 'internal',
      })
      this.#locked.add(account.id)
      return undefined
    }
  }

  /** The keyring asked for fresh encryption; if that fails the old form still opens. */
  async #reseal(account: StoredAccount, token: string): Promise<void> {
    try {
      const sealed = await this.vault.seal(token, account.encryption)
      if (sealed === null) return
      const current = this.#opts.list.find(account.id)
      if (current) this.#opts.list.replaceQuietly({ ...current, sealed })
    } catch {
      this.#opts.log.info('token not sealed again', { id: account.id })
    }
  }
}
