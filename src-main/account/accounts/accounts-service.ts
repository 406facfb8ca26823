import type {
  AccountSummary,
  AccountsState,
  ConnectArgsSchema,
  ConnectedAccount,
  ConnectOutcome,
  OrphanAccount,
  TokenStorage,
} from '@shared/channels/accounts'
import { AppError } from '@shared/errors'
import { createHash, randomBytes } from 'node:crypto'
import { mkdirSync, rmSync } from 'node:fs'
import type { z } from 'zod'
import type { EventHub } from '../../platform/events'
import type { AccountSession, ActiveAccountSource } from '../workspace/account-session'
import { ApiClient, type ApiTimeouts, type FetchLike, type RetryPolicy } from '../../platform/api'
import { AccountFolders, type AccountIdentity } from './account-folders'
import type { Logger } from '../../platform/log/log'
import type { KeyValueStore } from '../../platform/store/key-value-store'
import type { RecoveryLog } from '../../platform/store/recovery-log'
import { copyAside } from '../../platform/store/copy-aside'
import {
  ACCOUNTS_FILE_VERSION,
  KEYS,
  type AccountsFile,
  readAccountsFile,
  type RetainedAccount,
  type StoredAccount,
} from './account-records'
import { testConnection } from './connect-test'
import { type DemoServer, emulatorDemo, type StartDemoServer } from './demo-server'
import type { SecretBox } from './secret-box'
import { TokenVault } from './token-vault'
import { type AccountClient, tokenNeededClient } from './token-needed-client'

export type ConnectInput = z.output<typeof ConnectArgsSchema>

/** The active account as the caches see it, whether or not its token is at hand this run. */
export interface ActiveAccount {
  id: string
  baseUrl: string
  isDemo: boolean
  dir: string
  /** False when the user must enter the token again before anything can be fetched. */
  hasToken: boolean
}

export interface AccountsServiceOptions {
  store: KeyValueStore
  secretBox: SecretBox
  /** Each account's folder is `<dataDir>/accounts/<id>/`. */
  dataDir: string
  fetch: FetchLike
  log: Logger
  events?: EventHub
  /** Starts the demo's server; default: the emulator with about 2,000 groups. */
  startDemo?: StartDemoServer
  /** The connect test's budget (connect-test.ts has the defaults). */
  connect?: { retry?: Partial<RetryPolicy>; timeouts?: Partial<ApiTimeouts> }
  /** Options for the active account's client, used by sync and stories. */
  client?: { retry?: Partial<RetryPolicy>; timeouts?: Partial<ApiTimeouts> }
  now?: () => Date
  /** Where a partly unreadable accounts file is reported, so the user is told. */
  recoveries?: RecoveryLog
}

type SessionListener = (session: AccountSession<AccountClient> | null) => void

const DEMO_FINGERPRINT = 'demo'
const DEMO_LABEL = 'Demo account'

function hintOf(token: string): string {
  return `…${token.slice(-4)}`
}

/** The base URL as the client uses it: origin and path, no trailing slash. */
function normalizeBaseUrl(raw: string): string {
  const url = new URL(raw)
  return `${url.origin}${url.pathname.replace(/\/+$/, '')}`
}

function fingerprintOf(baseUrl: string, token: string): string {
  return createHash('sha256').update(`${baseUrl}\n${token}`).digest('hex').slice(0, 32)
}

function defaultLabel(baseUrl: string, token: string): string {
  return `${new URL(baseUrl).host} (${hintOf(token)})`
}

/** What a connect knows of the account it renews: a listed account, or a folder's own record. */
type Previous = Pick<StoredAccount, 'id'> & Partial<Pick<StoredAccount, 'label' | 'createdAt' | 'encryption' | 'channelId'>>

function orphanSummary(identity: AccountIdentity): OrphanAccount {
  return {
    id: identity.id,
    label: identity.label ?? null,
    baseUrl: identity.baseUrl ?? null,
    tokenHint: identity.tokenHint ?? null,
    createdAt: identity.createdAt ?? null,
  }
}

function notFound(): AppError {
  return new AppError('not-found', 'That account is no longer in the list.')
}

/**
 * The accounts the app knows, their tokens, and the active one. Tokens are kept sealed
 * (token-vault.ts) and opened only to build the active account's ApiClient; session-only
 * tokens live in memory. Nothing this class returns or emits carries a token.
 */
export class AccountsService implements ActiveAccountSource<AccountClient> {
  readonly #store: KeyValueStore
  readonly #box: SecretBox
  readonly #vault: TokenVault
  readonly #folders: AccountFolders
  readonly #fetch: FetchLike
  readonly #log: Logger
  readonly #events: EventHub | undefined
  readonly #startDemo: StartDemoServer
  readonly #connectOptions: AccountsServiceOptions['connect']
  readonly #clientOptions: AccountsServiceOptions['client']
  readonly #now: () => Date
  readonly #listeners = new Set<SessionListener>()

  #accounts: StoredAccount[]
  #activeId: string | null
  #retained: RetainedAccount[]
  /** Tokens kept for this run only: session-only accounts. */
  readonly #sessionTokens = new Map<string, string>()
  /** Accounts whose stored token could not be opened this run. */
  readonly #locked = new Set<string>()
  #session: AccountSession<AccountClient> | null = null
  /** Account folders no listed account owns; read again after every change to the list. */
  #orphans: AccountIdentity[] | null = null
  #demo: DemoServer | null = null
  #queue: Promise<unknown> = Promise.resolve()

  constructor(options: AccountsServiceOptions) {
    this.#store = options.store
    this.#box = options.secretBox
    this.#vault = new TokenVault(options.secretBox)
    this.#folders = new AccountFolders(options.dataDir)
    this.#fetch = options.fetch
    this.#log = options.log
    this.#events = options.events
    this.#startDemo = options.startDemo ?? emulatorDemo()
    this.#connectOptions = options.connect
    this.#clientOptions = options.client
    this.#now = options.now ?? (() => new Date())
    const file = readAccountsFile(options.store.entries())
    if (file.dropped > 0 || file.newer) this.#keepCopy(file, options.recoveries)
    this.#accounts = file.accounts
    this.#activeId = file.activeId
    this.#retained = file.retained
  }

  /**
   * The next save writes only the entries this version could read, so the file as it was
   * (a left-out account still holds its sealed token) is copied aside first.
   */
  #keepCopy(file: AccountsFile, recoveries: RecoveryLog | undefined): void {
    const reason = file.newer
      ? 'the accounts were written by a newer version of Statusdesk'
      : `${file.dropped} ${file.dropped === 1 ? 'entry' : 'entries'} could not be read and ${file.dropped === 1 ? 'is' : 'are'} left out`
    const path = this.#store.path
    if (path === null) return this.#log.warn('accounts file entries left out', { dropped: file.dropped, newer: file.newer })
    const at = this.#now()
    try {
      const movedTo = copyAside(path, file.newer ? 'newer' : 'unreadable', at)
      this.#log.warn('accounts file copied aside', { movedTo, dropped: file.dropped, newer: file.newer })
      recoveries?.add({ file: 'accounts', movedTo, at: at.toISOString(), reason })
    } catch (error) {
      this.#log.error('accounts file could not be copied aside', { error: error instanceof Error ? error.name : 'unknown' })
    }
  }

  // ---- ActiveAccountSource -------------------------------------------------------------

  /** The active account with a ready client, or null (no account, or its token is needed again). */
  active(): AccountSession<AccountClient> | null {
    return this.#session
  }

  onActiveChange(listener: SessionListener): () => void {
    this.#listeners.add(listener)
    return () => this.#listeners.delete(listener)
  }

  /** The active account even when its token is missing: enough to show its cached data. */
  activeAccount(): ActiveAccount | null {
    const account = this.#find(this.#activeId)
    if (!account) return null
    return { id: account.id, baseUrl: account.baseUrl, isDemo: account.isDemo, dir: this.dirOf(account.id), hasToken: this.#hasToken(account) }
  }

  /** The private folder of an account: caches, pictures, outbox, history. */
  dirOf(id: string): string {
    return this.#folders.dirOf(id)
  }

  // ---- what the renderer may know -----------------------------------------------------

  list(): AccountsState {
    return {
      accounts: this.#accounts.map((account) => this.#summary(account)),
      activeId: this.#activeId,
      keyring: this.#box.status(),
      // The demo's folder is taken back by the demo button itself.
      orphans: this.#orphanList()
        .filter((orphan) => !orphan.isDemo)
        .map(orphanSummary),
    }
  }

  // ---- actions ---------------------------------------------------------------------------

  /** Builds the last active account's session at startup: no network, only a decrypt (or the demo server). */
  restore(): Promise<void> {
    return this.#serial(async () => {
      // Folders made before they named their account learn it now, while the list is readable.
      for (const account of this.#accounts) if (this.#folders.read(account.id) === null) this.#writeIdentity(account)
      if (this.#activeId !== null) await this.#activate(this.#activeId)
    })
  }

  /**
   * Tests the pair, then saves it and makes it active.
   *
   * - The same server and token as a listed account: that account, unchanged (label,
   *   storage, folder); only its token is at hand again. The answer says so.
   * - `accountId` names a listed account (or an orphaned folder): the token is that
   *   account's new one, unless the server shows it belongs to another channel (its own
   *   number differs from the one learnt before), which is refused so that two channels'
   *   caches never share a folder.
   * - Otherwise a new account, or the folder of one signed out (or orphaned by a damaged
   *   accounts file) with this very pair, taken back with its data.
   */
  connect(input: ConnectInput): Promise<ConnectedAccount> {
    return this.#serial(async () => {
      const baseUrl = normalizeBaseUrl(input.baseUrl)
      const token = input.token
      const fingerprint = fingerprintOf(baseUrl, token)
      const listed = input.accountId === undefined ? undefined : this.#find(input.accountId)
      const orphan = input.accountId === undefined || listed ? undefined : this.#orphanList().find((item) => item.id === input.accountId)
      if (input.accountId !== undefined && ((!listed && !orphan) || listed?.isDemo || orphan?.isDemo)) throw notFound()
      const samePair = input.accountId === undefined ? this.#accounts.find((a) => !a.isDemo && a.fingerprint === fingerprint) : undefined
      const previous: Previous | undefined = listed ?? samePair ?? orphan
      const storage = samePair ? this.#keptStorage(samePair.encryption) : this.#chooseStorage(input.storage ?? this.#offered(previous?.encryption))
      const { channelId } = await testConnection({
        baseUrl,
        token,
        fetch: this.#fetch,
        logger: this.#log,
        ...(this.#connectOptions?.retry && { retry: this.#connectOptions.retry }),
        ...(this.#connectOptions?.timeouts && { timeouts: this.#connectOptions.timeouts }),
      })
      const target = previous ?? this.#recoverable(fingerprint)
      const knownChannel = target?.channelId
      if (target && !samePair && knownChannel && channelId && knownChannel !== channelId) {
        throw new AppError(
          'conflict',
          `This token belongs to another channel (${channelId}) than “${target.label ?? target.id}” (${knownChannel}). Add it as a new account instead, so the two channels’ groups and stories stay apart.`,
          { reason: 'other-channel' },
        )
      }

      const sealed = await this.#vault.seal(token, storage)
      const id = target?.id ?? this.#newId()
      const outcome: ConnectOutcome = samePair
        ? 'already-connected'
        : listed
          ? 'token-renewed'
          : target
            ? 'recovered'
            : 'added'
      const label = samePair ? samePair.label : input.label || target?.label || defaultLabel(baseUrl, token)
      const account: StoredAccount = {
        ...listed,
        ...samePair,
        id,
        label,
        baseUrl,
        tokenHint: hintOf(token),
        encryption: storage,
        isDemo: false,
        createdAt: target?.createdAt ?? this.#now().toISOString(),
        fingerprint,
      }
      const channel = channelId ?? knownChannel
      if (channel) account.channelId = channel
      if (sealed === null) delete account.sealed
      else account.sealed = sealed

      const inList = this.#find(id) !== undefined
      this.#commit(() => {
        this.#accounts = inList ? this.#accounts.map((item) => (item.id === id ? account : item)) : [...this.#accounts, account]
        this.#retained = this.#retained.filter((item) => item.id !== id)
        this.#activeId = id
      })
      this.#writeIdentity(account)
      if (storage === 'session') this.#sessionTokens.set(id, token)
      else this.#sessionTokens.delete(id)
      this.#locked.delete(id)
      this.#log.info('account connected', { id, storage, outcome })
      await this.#activate(id, token)
      this.#changed()
      return { ...this.#summary(account), outcome }
    })
  }

  rename(id: string, label: string): Promise<AccountSummary> {
    return this.#serial(async () => {
      const account = this.#find(id)
      if (!account) throw notFound()
      const renamed = { ...account, label: label.trim() }
      this.#commit(() => {
        this.#accounts = this.#accounts.map((item) => (item.id === id ? renamed : item))
      })
      this.#writeIdentity(renamed)
      this.#changed()
      return this.#summary(renamed)
    })
  }

  switchTo(id: string): Promise<AccountsState> {
    return this.#serial(async () => {
      const account = this.#find(id)
      if (!account) throw notFound()
      if (id !== this.#activeId) {
        // A demo that cannot start is reported before anything changes.
        if (account.isDemo) await this.#demoServer()
        this.#commit(() => {
          this.#activeId = id
        })
        await this.#activate(id)
        this.#changed()
      }
      return this.list()
    })
  }

  /** Forgets the account and its token; with `removeData` its folder goes too. */
  signOut(id: string, removeData: boolean): Promise<AccountsState> {
    return this.#serial(async () => {
      const account = this.#find(id)
      if (!account) throw notFound()
      const wasActive = this.#activeId === id
      this.#commit(() => {
        this.#accounts = this.#accounts.filter((item) => item.id !== id)
        this.#retained = this.#retained.filter((item) => item.id !== id)
        const fingerprint = account.isDemo ? DEMO_FINGERPRINT : account.fingerprint
        if (!removeData && fingerprint) this.#retained.push({ id, fingerprint })
        if (wasActive) this.#activeId = this.#accounts[0]?.id ?? null
      })
      this.#sessionTokens.delete(id)
      this.#locked.delete(id)
      if (wasActive) {
        if (this.#activeId === null) this.#setSession(null)
        else await this.#activate(this.#activeId)
      }
      if (account.isDemo) await this.#stopDemo()
      // After the active session moved on, so nothing is still writing into the folder.
      const removal = removeData ? this.#removeDir(id) : null
      this.#log.info('account signed out', { id, removeData })
      this.#changed()
      if (removal) throw removal
      return this.list()
    })
  }

  /** Starts the built-in demo server and makes the demo account active (one demo account at most). */
  startDemo(): Promise<AccountSummary> {
    return this.#serial(async () => {
      // Started first, so a demo that cannot start changes nothing.
      const server = await this.#demoServer()
      let account = this.#accounts.find((item) => item.isDemo)
      if (!account) {
        const id =
          this.#retained.find((item) => item.fingerprint === DEMO_FINGERPRINT)?.id ??
          this.#orphanList().find((item) => item.isDemo)?.id ??
          this.#newId()
        account = {
          id,
          label: DEMO_LABEL,
          baseUrl: server.baseUrl,
          tokenHint: hintOf(server.token),
          encryption: 'session',
          isDemo: true,
          createdAt: this.#now().toISOString(),
        }
        const created = account
        this.#commit(() => {
          this.#accounts = [...this.#accounts, created]
          this.#retained = this.#retained.filter((item) => item.id !== id)
          this.#activeId = id
        })
        this.#writeIdentity(created)
      } else {
        const { id } = account
        this.#commit(() => {
          this.#activeId = id
        })
      }
      await this.#activate(account.id)
      this.#changed()
      return this.#summary(this.#find(account.id) ?? account)
    })
  }

  /** Stops the demo server and forgets session tokens; for app quit. */
  async dispose(): Promise<void> {
    await this.#serial(async () => {
      await this.#stopDemo()
      this.#sessionTokens.clear()
      this.#setSession(null)
    })
  }

  // ---- internals ------------------------------------------------------------------------

  #serial<T>(work: () => Promise<T>): Promise<T> {
    const run = this.#queue.then(work, work)
    this.#queue = run.catch(() => undefined)
    return run
  }

  #find(id: string | null): StoredAccount | undefined {
    return id === null ? undefined : this.#accounts.find((account) => account.id === id)
  }

  #newId(): string {
    const taken = new Set([...this.#accounts, ...this.#retained, ...this.#orphanList()].map((item) => item.id))
    for (;;) {
      const id = randomBytes(6).toString('hex')
      if (!taken.has(id)) return id
    }
  }

  #hasToken(account: StoredAccount): boolean {
    if (account.isDemo) return true
    if (this.#locked.has(account.id)) return false
    if (account.encryption === 'session') return this.#sessionTokens.has(account.id)
    return account.sealed !== undefined
  }

  #summary(account: StoredAccount): AccountSummary {
    return {
      id: account.id,
      label: account.label,
      baseUrl: account.baseUrl,
      tokenHint: account.tokenHint,
      encryption: account.encryption,
      hasToken: this.#hasToken(account),
      isDemo: account.isDemo,
      createdAt: account.createdAt,
    }
  }

  /** The account's storage when this system still offers it (a keyring may have come or gone). */
  #offered(storage: TokenStorage | undefined): TokenStorage | undefined {
    if (storage === undefined) return undefined
    const keyring = this.#box.status().available
    if (storage === 'keyring') return keyring ? storage : undefined
    if (storage === 'weak') return keyring ? undefined : storage
    return storage
  }

  /** A reconnect of the same pair keeps how its token is kept, as far as this system allows. */
  #keptStorage(storage: TokenStorage): TokenStorage {
    return this.#offered(storage) ?? (this.#box.status().available ? 'keyring' : 'session')
  }

  /** A folder on disk (retained after a sign-out, or orphaned by a damaged accounts file) made by this very pair. */
  #recoverable(fingerprint: string): Previous | undefined {
    const retained = this.#retained.find((item) => item.fingerprint === fingerprint)
    const orphans = this.#orphanList().filter((item) => !item.isDemo)
    if (retained) return orphans.find((item) => item.id === retained.id) ?? { id: retained.id }
    return orphans.find((item) => item.fingerprint === fingerprint)
  }

  #orphanList(): AccountIdentity[] {
    this.#orphans ??= this.#folders.orphans(new Set(this.#accounts.map((account) => account.id)))
    return this.#orphans
  }

  /** Best effort: the folder's own record only matters once the accounts file is lost. */
  #writeIdentity(account: StoredAccount): void {
    try {
      this.#folders.write({
        version: 1,
        id: account.id,
        label: account.label,
        baseUrl: account.baseUrl,
        ...(account.fingerprint && { fingerprint: account.fingerprint }),
        ...(account.channelId && { channelId: account.channelId }),
        encryption: account.encryption,
        tokenHint: account.tokenHint,
        isDemo: account.isDemo,
        createdAt: account.createdAt,
      })
    } catch (error) {
      this.#log.warn('account folder record not written', { id: account.id, error: error instanceof Error ? error.name : 'unknown' })
    }
  }

  #chooseStorage(requested: TokenStorage | undefined): TokenStorage {
    if (this.#box.status().available) {
      if (requested === 'weak') {
        throw new AppError('invalid-argument', 'The system keyring is available, so the token is stored encrypted by it (or kept for this session only).')
      }
      return requested ?? 'keyring'
    }
    if (requested === 'weak' || requested === 'session') return requested
    throw new AppError(
      'invalid-argument',
      'This system offers no keyring to encrypt the token. Choose to keep it for this session only, or to store it with weak protection.',
      { reason: 'storage-choice-needed' },
    )
  }

  /**
   * Makes `id` the session; `token` is given when the caller already holds it (connect).
   * Never throws: an account that cannot be opened (its token unreadable, the demo server
   * down, the folder not writable) leaves no session, and its cache stays readable.
   */
  async #activate(id: string, token?: string): Promise<void> {
    try {
      await this.#open(id, token)
    } catch (error) {
      this.#log.error('account not opened', { id, error: error instanceof AppError ? error.code : error instanceof Error ? error.name : 'unknown' })
      this.#setSession(null)
    }
  }

  /**
   * A session for any listed account without making it the active one: a story published to
   * several accounts at once goes out through each account's own client. The active account
   * gets its own session back; an account whose token is not at hand gets a client that
   * refuses every request (tokenNeeded), never another account's.
   */
  sessionOf(id: string): Promise<AccountSession<AccountClient> | null> {
    if (this.#session?.id === id) return Promise.resolve(this.#session)
    return this.#serial(async () => {
      if (this.#session?.id === id) return this.#session
      try {
        return await this.#build(id)
      } catch (error) {
        this.#log.error('account session not built', { id, error: error instanceof AppError ? error.code : error instanceof Error ? error.name : 'unknown' })
        return null
      }
    })
  }

  async #open(id: string, token?: string): Promise<void> {
    this.#setSession(await this.#build(id, token))
  }

  async #build(id: string, token?: string): Promise<AccountSession<AccountClient> | null> {
    const account = this.#find(id)
    if (!account) return null
    let secret = token
    let baseUrl = account.baseUrl
    if (account.isDemo) {
      const server = await this.#demoServer()
      secret = server.token
      if (account.baseUrl !== server.baseUrl || account.tokenHint !== hintOf(server.token)) {
        baseUrl = server.baseUrl
        const updated = { ...account, baseUrl, tokenHint: hintOf(server.token) }
        this.#accounts = this.#accounts.map((item) => (item.id === id ? updated : item))
        this.#persistQuietly()
      }
    } else if (secret === undefined) {
      secret = this.#sessionTokens.get(id) ?? (await this.#openStored(account))
    }
    const dir = this.dirOf(id)
    const locked = (): AccountSession<AccountClient> => {
      mkdirSync(dir, { recursive: true, mode: 0o700 })
      return { id, baseUrl, isDemo: account.isDemo, dir, client: tokenNeededClient(account.label), tokenNeeded: true }
    }
    if (secret === undefined) return locked()

    let client: ApiClient
    try {
      client = new ApiClient({
        baseUrl,
        token: secret,
        fetch: this.#fetch,
        logger: this.#log,
        ...(this.#clientOptions?.retry && { retry: this.#clientOptions.retry }),
        ...(this.#clientOptions?.timeouts && { timeouts: this.#clientOptions.timeouts }),
      })
    } catch (error) {
      this.#log.warn('account client not built', { id, code: error instanceof AppError ? error.code : 'internal' })
      this.#locked.add(id)
      return locked()
    }
    mkdirSync(dir, { recursive: true, mode: 0o700 })
    return { id, baseUrl, isDemo: account.isDemo, dir, client }
  }

  async #openStored(account: StoredAccount): Promise<string | undefined> {
    if (account.sealed === undefined) return undefined
    try {
      const { token, stale } = await this.#vault.open(account.sealed)
      if (stale) await this.#reseal(account, token)
      return token
    } catch (error) {
      this.#log.warn('stored token not opened', { id: account.id, reason: error instanceof AppError ? error.details?.['reason'] : 'internal' })
      this.#locked.add(account.id)
      return undefined
    }
  }

  /** The keyring asked for fresh encryption; if that fails the old form still opens. */
  async #reseal(account: StoredAccount, token: string): Promise<void> {
    try {
      const sealed = await this.#vault.seal(token, account.encryption)
      if (sealed === null) return
      this.#accounts = this.#accounts.map((item) => (item.id === account.id ? { ...item, sealed } : item))
      this.#persistQuietly()
    } catch {
      this.#log.info('token not sealed again', { id: account.id })
    }
  }

  #setSession(session: AccountSession<AccountClient> | null): void {
    if (session === null && this.#session === null) return
    this.#session = session
    for (const listener of this.#listeners) {
      try {
        listener(session)
      } catch (error) {
        this.#log.error('active account listener failed', { error: error instanceof Error ? error.message : String(error) })
      }
    }
  }

  async #demoServer(): Promise<DemoServer> {
    if (this.#demo) return this.#demo
    try {
      this.#demo = await this.#startDemo()
    } catch (error) {
      this.#log.error('demo server not started', { error: error instanceof Error ? error.message : String(error) })
      throw new AppError('internal', 'The demo could not be started on this computer.')
    }
    return this.#demo
  }

  async #stopDemo(): Promise<void> {
    const demo = this.#demo
    this.#demo = null
    if (demo) await demo.stop()
  }

  /** Deletes the account's folder; returns the error to report when that fails. */
  #removeDir(id: string): AppError | null {
    try {
      rmSync(this.dirOf(id), { recursive: true, force: true, maxRetries: 3 })
      return null
    } catch (error) {
      this.#log.error('account data not removed', { id, error: error instanceof Error ? error.message : String(error) })
      return new AppError('storage', 'The account was signed out, but its cached data could not be deleted. Close other programs using the app’s data folder and try again.')
    }
  }

  /** Applies a change to the list and saves it; on a failed save the list is as it was. */
  #commit(change: () => void): void {
    const before = { accounts: this.#accounts, activeId: this.#activeId, retained: this.#retained }
    change()
    this.#orphans = null
    try {
      this.#persist()
    } catch (error) {
      this.#accounts = before.accounts
      this.#activeId = before.activeId
      this.#retained = before.retained
      throw error
    }
  }

  #persist(): void {
    try {
      this.#store.set(KEYS.accounts, this.#accounts)
      this.#store.set(KEYS.activeId, this.#activeId)
      this.#store.set(KEYS.retained, this.#retained)
      this.#store.set(KEYS.version, ACCOUNTS_FILE_VERSION)
    } catch (error) {
      this.#log.error('accounts not saved', { error: error instanceof Error ? error.name : 'unknown' })
      throw new AppError('storage', 'The accounts could not be saved to disk. Check that the app’s data folder is writable and has free space.')
    }
  }

  #persistQuietly(): void {
    try {
      this.#persist()
    } catch {
      // Only the demo's address changed; it is written again next time.
    }
  }

  #changed(): void {
    this.#events?.emit('accounts:changed', this.list())
  }
}
