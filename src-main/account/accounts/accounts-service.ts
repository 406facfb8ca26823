import type { AccountSummary, AccountsState, ConnectedAccount, ConnectOutcome } from '@shared/channels/accounts'
import { AppError } from '@shared/errors'
import { userText } from '@shared/i18n/user-text'
import type { ApiTimeouts, FetchLike, RetryPolicy } from '../../platform/api'
import type { EventHub } from '../../platform/events'
import type { Logger } from '../../platform/log/log'
import type { KeyValueStore } from '../../platform/store/key-value-store'
import type { RecoveryLog } from '../../platform/store/recovery-log'
import { setAsideNotice } from '../files/file-registry'
import type { AccountSession } from '../workspace/account-session'
import { AccountWorkspace } from '../workspace/account-workspace'
import { Workspaces, type WorkspaceSource } from '../workspace/workspaces'
import { AccountFolders, type AccountIdentity } from './account-folders'
import { AccountList } from './account-list'
import type { StoredAccount } from './account-records'
import { connectAccount, type ConnectInput } from './connect-flow'
import { DEMO_FINGERPRINT, DEMO_LABEL, hintOf, notFound, orphanSummary } from './connect-rules'
import { emulatorDemo, type StartDemoServer } from './demo-server'
import type { SecretBox } from './secret-box'
import { SessionFactory } from './session-factory'
import type { AccountClient } from './token-needed-client'

export type { ConnectInput }

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
  /** Options for the accounts' clients, used by sync and stories. */
  client?: { retry?: Partial<RetryPolicy>; timeouts?: Partial<ApiTimeouts> }
  now?: () => Date
  /** Where a partly unreadable accounts file is reported, so the user is told. */
  recoveries?: RecoveryLog
}

/**
 * The accounts the app knows, their tokens, and their workspaces: one per listed account,
 * opened in the background at start and activated when the account comes on screen. Tokens
 * are kept sealed and opened only to build an account's client; nothing this class returns or
 * emits carries a token.
 */
export class AccountsService {
  readonly #opts: AccountsServiceOptions
  readonly #log: Logger
  readonly #now: () => Date
  readonly #list: AccountList
  readonly #folders: AccountFolders
  readonly #sessions: SessionFactory
  readonly #workspaces: Workspaces
  /** Account folders no listed account owns; read again after every change to the list. */
  #orphans: AccountIdentity[] | null = null
  #queue: Promise<unknown> = Promise.resolve()

  constructor(options: AccountsServiceOptions) {
    this.#opts = options
    this.#log = options.log
    this.#now = options.now ?? (() => new Date())
    this.#folders = new AccountFolders(options.dataDir)
    this.#list = new AccountList({
      store: options.store,
      log: options.log,
      now: this.#now,
      ...(options.recoveries && { recoveries: options.recoveries }),
      onChange: () => {
        this.#orphans = null
      },
    })
    this.#sessions = new SessionFactory({
      list: this.#list,
      secretBox: options.secretBox,
      fetch: options.fetch,
      log: options.log,
      startDemo: options.startDemo ?? emulatorDemo(),
      dirOf: (id) => this.dirOf(id),
      ...(options.client && { client: options.client }),
    })
    this.#workspaces = new Workspaces((id) => this.#newWorkspace(id), options.log)
  }

  /** The open workspaces: every listed account's, and the one on screen. */
  get workspaces(): WorkspaceSource {
    return this.#workspaces
  }

  /** The active account with a ready client, or null (no account, or it could not be opened). */
  active(): AccountSession<AccountClient> | null {
    return (this.#workspaces.active()?.session() as AccountSession<AccountClient> | null | undefined) ?? null
  }

  /** The private folder of an account: caches, pictures, outbox, history. */
  dirOf(id: string): string {
    return this.#folders.dirOf(id)
  }

  labelOf(id: string): string | undefined {
    return this.#list.find(id)?.label
  }

  list(): AccountsState {
    return {
      accounts: this.#list.accounts.map((account) => this.#summary(account)),
      activeId: this.#list.activeId,
      keyring: this.#opts.secretBox.status(),
      // The demo's folder is taken back by the demo button itself.
      orphans: this.#orphanList()
        .filter((orphan) => !orphan.isDemo)
        .map(orphanSummary),
    }
  }

  /** Opens every listed account's workspace and builds the last active account's session: no network, only a decrypt (or the demo server). */
  restore(): Promise<void> {
    return this.#serial(async () => {
      // Folders made before they named their account learn it now, while the list is readable.
      for (const account of this.#list.accounts) if (this.#folders.read(account.id) === null) await this.#writeIdentity(account)
      for (const account of this.#list.accounts) this.#workspaces.open(account.id)
      if (this.#list.activeId !== null) await this.#activate(this.#list.activeId)
    })
  }

  /** Tests the pair, then saves it and makes it active (connect-flow.ts says which account it becomes). */
  connect(input: ConnectInput): Promise<ConnectedAccount> {
    return this.#serial(async () => {
      const { account, outcome, token } = await connectAccount(input, {
        list: this.#list,
        vault: this.#sessions.vault,
        keyring: () => this.#opts.secretBox.status().available,
        orphans: () => this.#orphanList(),
        fetch: this.#opts.fetch,
        log: this.#log,
        now: this.#now,
        ...(this.#opts.connect && { connect: this.#opts.connect }),
      })
      await this.#writeIdentity(account)
      this.#sessions.tokenEntered(account.id, token, account.encryption === 'session')
      this.#log.info('account connected', { id: account.id, storage: account.encryption, outcome })
      await this.#activate(account.id, token)
      this.#changed()
      return { ...this.#summary(account), outcome: outcome satisfies ConnectOutcome }
    })
  }

  rename(id: string, label: string): Promise<AccountSummary> {
    return this.#serial(async () => {
      const account = this.#list.find(id)
      if (!account) throw notFound()
      const renamed = { ...account, label: label.trim() }
      this.#list.commit(() => {
        this.#list.accounts = this.#list.accounts.map((item) => (item.id === id ? renamed : item))
      })
      await this.#writeIdentity(renamed)
      this.#changed()
      return this.#summary(renamed)
    })
  }

  switchTo(id: string): Promise<AccountsState> {
    return this.#serial(async () => {
      const account = this.#list.find(id)
      if (!account) throw notFound()
      if (id !== this.#list.activeId) {
        // A demo that cannot start is reported before anything changes.
        if (account.isDemo) await this.#sessions.demoServer()
        this.#list.commit(() => {
          this.#list.activeId = id
        })
        await this.#activate(id)
        this.#changed()
      }
      return this.list()
    })
  }

  /** Forgets the account and its token, and closes its workspace; with `removeData` its folder goes too. */
  signOut(id: string, removeData: boolean): Promise<AccountsState> {
    return this.#serial(async () => {
      const account = this.#list.find(id)
      if (!account) throw notFound()
      const wasActive = this.#list.activeId === id
      this.#list.commit(() => {
        this.#list.accounts = this.#list.accounts.filter((item) => item.id !== id)
        this.#list.retained = this.#list.retained.filter((item) => item.id !== id)
        const fingerprint = account.isDemo ? DEMO_FINGERPRINT : account.fingerprint
        if (!removeData && fingerprint) this.#list.retained.push({ id, fingerprint })
        if (wasActive) this.#list.activeId = this.#list.accounts[0]?.id ?? null
      })
      this.#sessions.forget(id)
      if (wasActive) {
        if (this.#list.activeId === null) await this.#setActive(null)
        else await this.#activate(this.#list.activeId)
      }
      // Its parts are stopped (a send on its way finishes) before anything of the folder goes.
      let removal: AppError | null = null
      try {
        await this.#workspaces.close(id, { remove: removeData })
      } catch (error) {
        this.#log.error('account data not removed', { id, error: error instanceof Error ? error.message : String(error) })
        removal = new AppError('storage', userText('accountErrors.list.dataNotRemoved'))
      }
      if (account.isDemo) await this.#sessions.stopDemo()
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
      const server = await this.#sessions.demoServer()
      let account = this.#list.accounts.find((item) => item.isDemo)
      if (!account) {
        const id =
          this.#list.retained.find((item) => item.fingerprint === DEMO_FINGERPRINT)?.id ??
          this.#orphanList().find((item) => item.isDemo)?.id ??
          this.#list.newId(this.#orphanList().map((item) => item.id))
        const created: StoredAccount = {
          id,
          label: DEMO_LABEL,
          baseUrl: server.baseUrl,
          tokenHint: hintOf(server.token),
          encryption: 'session',
          isDemo: true,
          createdAt: this.#now().toISOString(),
        }
        account = created
        this.#list.commit(() => {
          this.#list.accounts = [...this.#list.accounts, created]
          this.#list.retained = this.#list.retained.filter((item) => item.id !== id)
          this.#list.activeId = id
        })
        await this.#writeIdentity(created)
      } else {
        const { id } = account
        this.#list.commit(() => {
          this.#list.activeId = id
        })
      }
      await this.#activate(account.id)
      this.#changed()
      return this.#summary(this.#list.find(account.id) ?? account)
    })
  }

  /**
   * A session for any listed account without making it the active one: a story published to
   * several accounts goes out through each account's own client. The active account gets its
   * own session back; an account whose token is not at hand gets a client that refuses every
   * request (tokenNeeded), never another account's.
   */
  sessionOf(id: string): Promise<AccountSession<AccountClient> | null> {
    const active = this.active()
    if (active?.id === id) return Promise.resolve(active)
    return this.#serial(async () => {
      const current = this.active()
      if (current?.id === id) return current
      try {
        return await this.#sessions.build(id)
      } catch (error) {
        this.#log.error('account session not built', {
          id,
          error: error instanceof AppError ? error.code : error instanceof Error ? error.name : 'unknown',
        })
        return null
      }
    })
  }

  /** Closes every workspace (their sends on the way finish, bounded), stops the demo server and forgets session tokens; for app quit. */
  async dispose(): Promise<void> {
    await this.#serial(async () => {
      await this.#workspaces.closeAll()
      await this.#sessions.stopDemo()
      this.#sessions.forgetAll()
    })
  }

  #serial<T>(work: () => Promise<T>): Promise<T> {
    const run = this.#queue.then(work, work)
    this.#queue = run.catch(() => undefined)
    return run
  }

  #newWorkspace(id: string): AccountWorkspace {
    return new AccountWorkspace({
      id,
      dir: this.dirOf(id),
      log: this.#log,
      label: () => this.#list.find(id)?.label ?? '',
      openSession: () => this.sessionOf(id),
      onSetAside: (_workspace, decl) => this.#opts.events?.emit('app:notice', { level: 'warning', text: setAsideNotice(decl) }),
    })
  }

  #summary(account: StoredAccount): AccountSummary {
    return {
      id: account.id,
      label: account.label,
      baseUrl: account.baseUrl,
      tokenHint: account.tokenHint,
      encryption: account.encryption,
      hasToken: this.#sessions.hasToken(account),
      isDemo: account.isDemo,
      createdAt: account.createdAt,
    }
  }

  #orphanList(): AccountIdentity[] {
    this.#orphans ??= this.#folders.orphans(new Set(this.#list.accounts.map((account) => account.id)))
    return this.#orphans
  }

  /** Best effort: the folder's own record only matters once the accounts file is lost. */
  async #writeIdentity(account: StoredAccount): Promise<void> {
    try {
      await this.#folders.write({
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

  /**
   * Puts `id` on screen; `token` is given when the caller already holds it (connect). Never
   * throws: an account that cannot be opened (its token unreadable, the demo server down, the
   * folder not writable) leaves no account on screen, and its cache stays readable.
   */
  async #activate(id: string, token?: string): Promise<void> {
    try {
      const session = await this.#sessions.build(id, token)
      await this.#setActive(session)
    } catch (error) {
      this.#log.error('account not opened', {
        id,
        error: error instanceof AppError ? error.code : error instanceof Error ? error.name : 'unknown',
      })
      await this.#setActive(null)
    }
  }

  async #setActive(session: AccountSession<AccountClient> | null): Promise<void> {
    if (session) await this.#workspaces.activate(session.id, session)
    else await this.#workspaces.clearActive()
  }

  #changed(): void {
    this.#opts.events?.emit('accounts:changed', this.list())
  }
}
