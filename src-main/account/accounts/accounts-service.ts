import type { AccountSummary, AccountsList, AccountsState, ConnectedAccount, ConnectOutcome } from '@shared/channels/accounts'
import { AppError } from '@shared/errors'
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
import { identityOf, type StoredAccount } from './account-records'
import { addFollowedAccount, type FollowedInput } from './followed-account'
import { connectAccount, type ConnectDeps, type ConnectInput } from './connect-flow'
import { notFound, orphanSummary } from './connect-rules'
import { emulatorDemo, type StartDemoServer } from './demo-server'
import type { SecretBox } from './secret-box'
import { SessionFactory } from './session-factory'
import { addDemoAccount, adoptAccount, removeAccount, type ListChangeDeps } from './list-changes'
import { isShareable, type SharedAccountChange } from './shared-registry'
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
  /** Told of each account added, changed or removed here, as the list commits it (shared-accounts.ts writes it for other engines). */
  onShared?: (change: SharedAccountChange) => void
  /** On an agent sharing its accounts, asked before a new account is listed (connect-flow.ts). */
  claimShared?: ConnectDeps['claimShared']
}

/**
 * The accounts the app knows, their tokens, and their workspaces: one per listed account,
 * opened in the background at start and on screen while some client shows it. Each client (a
 * window, a page) has its own account on screen; the one chosen last is where a new client
 * starts. Tokens are kept sealed and opened only to build an account's client; nothing this
 * class returns or emits carries a token.
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

  /** The account's session if it was built (it is on a screen, or had something to send), or null. */
  sessionIf(id: string): AccountSession<AccountClient> | null {
    return (this.#workspaces.get(id)?.session() as AccountSession<AccountClient> | null | undefined) ?? null
  }

  /** The account's server, as the user gave it. */
  baseUrlOf(id: string): string | undefined {
    return this.#list.find(id)?.baseUrl
  }

  /** The private folder of an account: caches, pictures, outbox, history. */
  dirOf(id: string): string {
    return this.#folders.dirOf(id)
  }

  /** The provider token, for the hand-over to the paired agent only: never given to a page. */
  readonly providerToken = (id: string): Promise<string | undefined> => this.#sessions.tokenOf(id)

  labelOf(id: string): string | undefined {
    return this.#list.find(id)?.label
  }

  /** The accounts as every client sees them. */
  listed(): AccountsList {
    return {
      accounts: this.#list.accounts.map((account) => this.#summary(account)),
      keyring: this.#opts.secretBox.status(),
      // The demo's folder is taken back by the demo button itself.
      orphans: this.#orphanList()
        .filter((orphan) => !orphan.isDemo)
        .map(orphanSummary),
    }
  }

  /** The accounts and the one on this client's screen; a client that never chose starts on the account chosen last. */
  list(client: string): Promise<AccountsState> {
    return this.#serial(async () => {
      if (this.#workspaces.shownTo(client) === null && this.#list.activeId !== null) await this.#show(client, this.#list.activeId)
      return this.#stateFor(client)
    })
  }

  #stateFor(client: string): AccountsState {
    return { ...this.listed(), activeId: this.#workspaces.shownTo(client) }
  }

  /** Opens every listed account's workspace: no network, no decrypt; an account's client is built when a screen shows it or a story must go. */
  restore(): Promise<void> {
    return this.#serial(async () => {
      // Folders made before they named their account learn it now, while the list is readable.
      for (const account of this.#list.accounts) if (this.#folders.read(account.id) === null) await this.#writeIdentity(account)
      for (const account of this.#list.accounts) this.#workspaces.open(account.id)
    })
  }

  /** This client goes away (its window closed, its page gone): the account it showed leaves its screen. */
  clientGone(client: string): Promise<void> {
    return this.#serial(() => this.#workspaces.hide(client))
  }

  /** Tests the pair, then saves it and puts it on this client's screen (connect-flow.ts says which account it becomes). */
  connect(client: string, input: ConnectInput): Promise<ConnectedAccount> {
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
        claimShared: this.#opts.claimShared,
      })
      await this.#writeIdentity(account)
      this.#sessions.tokenEntered(account.id, token, account.encryption === 'session')
      this.#log.info('account connected', { id: account.id, storage: account.encryption, outcome })
      this.#opts.onShared?.({ kind: 'put', account })
      this.#chose(account.id)
      await this.#show(client, account.id, token)
      this.#changed()
      return { ...this.#summary(account), outcome: outcome satisfies ConnectOutcome }
    })
  }

  /** An account this computer follows on the agent, without its token here (followed-account.ts). */
  addFollowed(input: FollowedInput): Promise<AccountSummary> {
    return this.#serial(async () => {
      const account = addFollowedAccount(this.#list, input, this.#orphanList(), this.#now())
      await this.#writeIdentity(account)
      this.#changed()
      return this.#summary(account)
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
      this.#opts.onShared?.({ kind: 'put', account: renamed })
      await this.#writeIdentity(renamed)
      this.#changed()
      return this.#summary(renamed)
    })
  }

  /** Puts the account on this client's screen; other clients keep theirs. A new client will start on it. */
  switchTo(client: string, id: string): Promise<AccountsState> {
    return this.#serial(async () => {
      const account = this.#list.find(id)
      if (!account) throw notFound()
      if (id !== this.#workspaces.shownTo(client)) {
        // A demo that cannot start is reported before anything changes.
        if (account.isDemo) await this.#sessions.demoServer()
        this.#chose(id)
        await this.#show(client, id)
      }
      return this.#stateFor(client)
    })
  }

  /** Forgets the account and closes its workspace, its folder too with `removeData` (list-changes.ts). */
  signOut(client: string, id: string, removeData: boolean): Promise<AccountsState> {
    return this.#serial(async () => {
      const account = this.#list.find(id)
      if (!account) throw notFound()
      const removal = await removeAccount(this.#changeDeps(), account, removeData)
      this.#opts.onShared?.({ kind: 'remove', id, removeData })
      if (account.isDemo) await this.#sessions.stopDemo()
      this.#log.info('account signed out', { id, removeData })
      this.#changed()
      if (removal) throw removal
      return this.#stateFor(client)
    })
  }

  /** Starts the built-in demo server and puts the demo account on this client's screen (one demo account at most). */
  startDemo(client: string): Promise<AccountSummary> {
    return this.#serial(async () => {
      // Started first, so a demo that cannot start changes nothing.
      const server = await this.#sessions.demoServer()
      const account =
        this.#list.accounts.find((item) => item.isDemo) ??
        (await addDemoAccount(this.#changeDeps(), server, this.#orphanList(), this.#now().toISOString()))
      this.#chose(account.id)
      await this.#show(client, account.id)
      this.#changed()
      return this.#summary(this.#list.find(account.id) ?? account)
    })
  }

  /**
   * A session for any listed account, whether a screen shows it or not: a story published to
   * several accounts goes out through each account's own client. An account whose session was
   * built gets it back; one whose token is not at hand gets a client that refuses every request
   * (tokenNeeded), never another account's.
   */
  sessionOf(id: string): Promise<AccountSession<AccountClient> | null> {
    const built = this.sessionIf(id)
    if (built) return Promise.resolve(built)
    return this.#serial(async () => {
      const current = this.sessionIf(id)
      if (current) return current
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

  /** The entries as the list keeps them (tokens sealed), for the shared list (shared-accounts.ts) only. */
  storedAccounts(): readonly StoredAccount[] {
    return this.#list.accounts
  }

  /** A change another engine made to the shared list, applied here unless `accept` refuses it; an account only this engine has (a demo, a followed one) is left alone. */
  applyShared(change: SharedAccountChange, accept: () => boolean): Promise<void> {
    return this.#serial(async () => {
      const current = this.#list.find(change.kind === 'put' ? change.account.id : change.id)
      if ((current && !isShareable(current)) || (change.kind === 'remove' && !current)) return
      // Anyone who can write the database could have moved a sealed token into another server's entry.
      if (change.kind === 'put' && !(await this.#sessions.sealedFor(change.account))) {
        return this.#log.warn('shared account row skipped', { id: change.account.id, reason: 'token-elsewhere' })
      }
      if (!accept()) return
      if (change.kind === 'put' && !(await adoptAccount(this.#changeDeps(), change.account))) return
      if (change.kind === 'remove' && current) await removeAccount(this.#changeDeps(), current, change.removeData)
      this.#log.info('shared account applied', { id: current?.id ?? (change.kind === 'put' ? change.account.id : ''), kind: change.kind })
      this.#changed()
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

  #changeDeps(): ListChangeDeps {
    return {
      list: this.#list,
      sessions: this.#sessions,
      workspaces: this.#workspaces,
      log: this.#log,
      show: (client, id) => this.#show(client, id),
      writeIdentity: (account) => this.#writeIdentity(account),
    }
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
      ...(account.followed && { followed: true }),
    }
  }

  #orphanList(): AccountIdentity[] {
    this.#orphans ??= this.#folders.orphans(new Set(this.#list.accounts.map((account) => account.id)))
    return this.#orphans
  }

  /** Best effort: the folder's own record only matters once the accounts file is lost. */
  async #writeIdentity(account: StoredAccount): Promise<void> {
    await this.#folders.write(identityOf(account)).catch((error: unknown) => {
      this.#log.warn('account folder record not written', { id: account.id, error: error instanceof Error ? error.name : 'unknown' })
    })
  }

  /** The account chosen last: where a new client starts, kept across restarts. */
  #chose(id: string): void {
    if (this.#list.activeId === id) return
    this.#list.commit(() => {
      this.#list.activeId = id
    })
  }

  /**
   * Puts `id` on the client's screen; `token` is given when the caller already holds it
   * (connect). Never throws: an account that cannot be opened (its token unreadable, the demo
   * server down, the folder not writable) leaves the client with no account on screen, and its
   * cache stays readable.
   */
  async #show(client: string, id: string, token?: string): Promise<void> {
    try {
      // Another client shows it already: its session is this client's too.
      const built = token === undefined && this.#workspaces.get(id)?.mode === 'active' ? this.sessionIf(id) : null
      const session = built ?? (await this.#sessions.build(id, token))
      if (session) await this.#workspaces.show(client, id, session)
      else await this.#workspaces.hide(client)
    } catch (error) {
      this.#log.error('account not opened', {
        id,
        error: error instanceof AppError ? error.code : error instanceof Error ? error.name : 'unknown',
      })
      await this.#workspaces.hide(client)
    }
  }

  #changed(): void {
    this.#opts.events?.emit('accounts:changed', this.listed())
  }
}
