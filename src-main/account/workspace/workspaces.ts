import type { Logger } from '../../platform/log/log'
import type { AccountSession } from './account-session'
import type { AccountWorkspace } from './account-workspace'

/** What features see of the open workspaces: the active one, each by id, and their comings and goings. */
export interface WorkspaceSource {
  /** The workspace of the account on screen, or null. */
  active(): AccountWorkspace | null
  /** An open workspace by account id. */
  get(id: string): AccountWorkspace | null
  /** Every open workspace, in the order they were opened. */
  all(): AccountWorkspace[]
  /** Called with the new active workspace (or null) whenever the account on screen changes. */
  onActiveChange(listener: (workspace: AccountWorkspace | null) => void): () => void
  /** Called with each workspace opened from now on. */
  onOpened(listener: (workspace: AccountWorkspace) => void): () => void
}

/** The open workspaces, one per listed account, and which one is on screen. */
export class Workspaces implements WorkspaceSource {
  readonly #open = new Map<string, AccountWorkspace>()
  readonly #create: (id: string) => AccountWorkspace
  readonly #log: Logger
  readonly #activeListeners = new Set<(workspace: AccountWorkspace | null) => void>()
  readonly #openedListeners = new Set<(workspace: AccountWorkspace) => void>()
  #active: AccountWorkspace | null = null

  constructor(create: (id: string) => AccountWorkspace, log: Logger) {
    this.#create = create
    this.#log = log
  }

  active(): AccountWorkspace | null {
    return this.#active
  }

  get(id: string): AccountWorkspace | null {
    return this.#open.get(id) ?? null
  }

  all(): AccountWorkspace[] {
    return [...this.#open.values()]
  }

  onActiveChange(listener: (workspace: AccountWorkspace | null) => void): () => void {
    this.#activeListeners.add(listener)
    return () => this.#activeListeners.delete(listener)
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
   * Puts the account on screen with this session. The one on screen before leaves it (its
   * on-screen parts let go, its outbox still sending); the same account with a new session only
   * takes the session.
   */
  async activate(id: string, session: AccountSession): Promise<AccountWorkspace> {
    const workspace = this.open(id)
    if (this.#active === workspace) {
      workspace.useSession(session)
      return workspace
    }
    const leaving = this.#active
    this.#active = workspace
    workspace.activate(session)
    this.#tell(this.#activeListeners, workspace)
    await leaving?.deactivate()
    return workspace
  }

  /** No account is on screen any more (the last one signed out, or the active one could not be opened). */
  async clearActive(): Promise<void> {
    const leaving = this.#active
    if (!leaving) return
    this.#active = null
    this.#tell(this.#activeListeners, null)
    await leaving.deactivate()
  }

  /** Closes the account's workspace (its folder stays); `remove` deletes the folder too. */
  async close(id: string, options: { remove?: boolean } = {}): Promise<void> {
    const workspace = this.#open.get(id)
    if (this.#active === workspace && workspace) await this.clearActive()
    this.#open.delete(id)
    if (workspace) await (options.remove ? workspace.remove() : workspace.close())
  }

  async closeAll(): Promise<void> {
    await this.clearActive()
    const all = [...this.#open.values()]
    this.#open.clear()
    await Promise.all(all.map((workspace) => workspace.close()))
  }

  #tell<T>(listeners: ReadonlySet<(value: T) => void>, value: T): void {
    for (const listener of [...listeners]) {
      try {
        listener(value)
      } catch (error) {
        this.#log.error('workspace listener failed', { error: error instanceof Error ? error.message : String(error) })
      }
    }
  }
}
