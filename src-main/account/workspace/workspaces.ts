import type { Logger } from '../../platform/log/log'
import type { AccountSession } from './account-session'
import type { AccountWorkspace } from './account-workspace'

/** What features see of the open workspaces: each by id, which are on some client's screen, and their comings and goings. */
export interface WorkspaceSource {
  /** An open workspace by account id. */
  get(id: string): AccountWorkspace | null
  /** Every open workspace, in the order they were opened. */
  all(): AccountWorkspace[]
  /** The account on this client's screen, or null. */
  shownTo(client: string): string | null
  /** Called when an account comes on the first client's screen, or leaves the last one's. */
  onScreenChange(listener: (workspace: AccountWorkspace, onScreen: boolean) => void): () => void
  /** Called with each workspace opened from now on. */
  onOpened(listener: (workspace: AccountWorkspace) => void): () => void
}

/** Clients remembered at most: each window or page is one, and a page that went away for good is forgotten first. */
const MAX_CLIENTS = 64

/**
 * The open workspaces, one per listed account, and which clients (a window, a web page, an
 * agent's page) show which: each client has its own account on screen. An account is on screen
 * while at least one client shows it: its on-screen parts (the groups, the feed) live as long.
 */
export class Workspaces implements WorkspaceSource {
  readonly #open = new Map<string, AccountWorkspace>()
  readonly #create: (id: string) => AccountWorkspace
  readonly #log: Logger
  /** Client → the account on its screen; in the order they last chose, oldest first. */
  readonly #screens = new Map<string, string>()
  readonly #screenListeners = new Set<(workspace: AccountWorkspace, onScreen: boolean) => void>()
  readonly #openedListeners = new Set<(workspace: AccountWorkspace) => void>()

  constructor(create: (id: string) => AccountWorkspace, log: Logger) {
    this.#create = create
    this.#log = log
  }

  get(id: string): AccountWorkspace | null {
    return this.#open.get(id) ?? null
  }

  all(): AccountWorkspace[] {
    return [...this.#open.values()]
  }

  shownTo(client: string): string | null {
    return this.#screens.get(client) ?? null
  }

  /** How many clients show the account. */
  viewers(id: string): number {
    let count = 0
    for (const shown of this.#screens.values()) if (shown === id) count++
    return count
  }

  onScreenChange(listener: (workspace: AccountWorkspace, onScreen: boolean) => void): () => void {
    this.#screenListeners.add(listener)
    return () => this.#screenListeners.delete(listener)
  }

  onOpened(listener: (workspace: AccountWorkspace) => void): () => void {
    this.#openedListeners.add(listener)
    return () => this.#openedListeners.delete(listener)
  }

  /** The account's workspace, opened in the background if it is not open yet. */
  open(id: string): AccountWorkspace {
    const known = this.#open.get(id)
    if (known) return known
    const workspace = this.#create(id)
    this.#open.set(id, workspace)
    this.#tell(this.#openedListeners, workspace)
    return workspace
  }

  /**
   * Puts the account on this client's screen with this session. What the client showed before
   * leaves its screen (and goes off screen altogether when no other client shows it: its
   * on-screen parts let go, its outbox still sending); the same account with a new session only
   * takes the session.
   */
  async show(client: string, id: string, session: AccountSession): Promise<AccountWorkspace> {
    const workspace = this.open(id)
    const before = this.#screens.get(client) ?? null
    this.#screens.delete(client)
    this.#screens.set(client, id)
    if (workspace.mode === 'active') workspace.useSession(session)
    else {
      workspace.activate(session)
      this.#tellScreen(workspace, true)
    }
    if (before !== null && before !== id) await this.#leftScreen(before)
    await this.#forgetOldest()
    return workspace
  }

  /** The client shows no account any more (its account signed out with nothing left, or could not be opened). */
  async hide(client: string): Promise<void> {
    const before = this.#screens.get(client) ?? null
    this.#screens.delete(client)
    if (before !== null) await this.#leftScreen(before)
  }

  /** The clients showing the account. */
  clientsOf(id: string): string[] {
    return [...this.#screens].filter(([, shown]) => shown === id).map(([client]) => client)
  }

  /** Closes the account's workspace (its folder stays); `remove` deletes the folder too. The clients showing it show nothing. */
  async close(id: string, options: { remove?: boolean } = {}): Promise<void> {
    for (const client of this.clientsOf(id)) this.#screens.delete(client)
    const workspace = this.#open.get(id)
    if (workspace) await this.#leftScreen(id)
    this.#open.delete(id)
    if (workspace) await (options.remove ? workspace.remove() : workspace.close())
  }

  async closeAll(): Promise<void> {
    this.#screens.clear()
    const all = [...this.#open.values()]
    this.#open.clear()
    await Promise.all(all.map((workspace) => workspace.close()))
  }

  /** No client shows the account any more: it goes off screen. */
  async #leftScreen(id: string): Promise<void> {
    const workspace = this.#open.get(id)
    if (!workspace || this.viewers(id) > 0 || workspace.mode !== 'active') return
    this.#tellScreen(workspace, false)
    await workspace.deactivate()
  }

  async #forgetOldest(): Promise<void> {
    while (this.#screens.size > MAX_CLIENTS) {
      const [client] = this.#screens.keys()
      await this.hide(client!)
    }
  }

  #tellScreen(workspace: AccountWorkspace, onScreen: boolean): void {
    for (const listener of [...this.#screenListeners]) this.#quietly(() => listener(workspace, onScreen))
  }

  #tell<T>(listeners: ReadonlySet<(value: T) => void>, value: T): void {
    for (const listener of [...listeners]) this.#quietly(() => listener(value))
  }

  #quietly(run: () => void): void {
    try {
      run()
    } catch (error) {
      this.#log.error('workspace listener failed', { error: error instanceof Error ? error.message : String(error) })
    }
  }
}
