import { rm } from 'node:fs/promises'
import { AppError } from '@shared/errors'
import { userText } from '@shared/i18n/user-text'
import type { Logger } from '../../platform/log/log'
import { Connectivity } from '../../platform/net/connectivity'
import { ACCOUNT_FILE_LIST } from '../files/account-files'
import type { FileDecl } from '../files/file-registry'
import { FileRoot } from '../files/file-root'
import type { AccountSession } from './account-session'

/**
 * One part of an account's work (its groups, its outbox with schedule and history, its drafts,
 * its story feed), made by a feature for one workspace and owned by it: the workspace tells it
 * when the account comes on screen or leaves it, when its client changes, and disposes it.
 */
export interface WorkspacePart {
  /** The account has a new client (its token was entered again): the next request uses it. */
  useSession?(session: AccountSession): void
  /** The account came on screen. */
  activate?(): void
  /** The account left the screen; a part kept while open goes on working. */
  deactivate?(): void
  /** Stops its work and lets go of what it holds; a request already on its way is waited for, bounded. */
  dispose(): Promise<void>
}

/**
 * A kind of part, defined once by its feature. `keep` says how long a workspace holds it:
 * `open` while the account is open at all, on screen or in the background (the outbox keeps
 * sending); `on-screen` only while it is the active account (the groups and their memory).
 */
export interface PartKind<P extends WorkspacePart> {
  readonly name: string
  readonly keep: 'open' | 'on-screen'
  create(workspace: AccountWorkspace): P
}

export function definePart<P extends WorkspacePart>(
  name: string,
  keep: PartKind<P>['keep'],
  create: (workspace: AccountWorkspace) => P,
): PartKind<P> {
  return { name, keep, create }
}

export type WorkspaceMode = 'active' | 'background' | 'closed'

export interface WorkspaceOptions {
  id: string
  /** The account's folder, `<data dir>/accounts/<id>/`. */
  dir: string
  log: Logger
  /** The account's name as the user gave it, for messages; empty once the account has left the list. */
  label: () => string
  /** Builds the account's session (its client); null when it cannot be opened now. */
  openSession: () => Promise<AccountSession | null>
  /** A declared file of the folder could not be read and was set aside. */
  onSetAside?: (workspace: AccountWorkspace, decl: FileDecl, path: string) => void
}

/**
 * One account's home in main: its folder with every file in it (declared in account-files.ts)
 * and its parts — groups, outbox with schedule and history, drafts, story feed — with one
 * lifecycle. Opened for every listed account, in the background or active; activated when the
 * account comes on screen and deactivated when it leaves (parts kept `on-screen` are let go,
 * the others go on: planned stories are sent whichever account is shown); closed at sign-out
 * or quit; removed with its folder when the user asks.
 */
export class AccountWorkspace {
  readonly id: string
  readonly dir: string
  readonly files: FileRoot
  /**
   * Whether the account's server can be reached, as its own requests learn it (sync, the outbox,
   * the feed, a probe): accounts may live on different servers, so one server down leaves the
   * others online.
   */
  readonly connectivity = new Connectivity()
  readonly #opts: WorkspaceOptions
  readonly #parts = new Map<PartKind<WorkspacePart>, WorkspacePart>()
  readonly #ready: Promise<void>
  #mode: WorkspaceMode = 'background'
  #session: AccountSession | null = null
  #opening: Promise<AccountSession | null> | null = null

  constructor(options: WorkspaceOptions) {
    this.id = options.id
    this.dir = options.dir
    this.#opts = options
    this.files = new FileRoot(options.dir, ACCOUNT_FILE_LIST, {
      log: options.log,
      onSetAside: (decl, path) => options.onSetAside?.(this, decl, path),
    })
    // Leftovers of writes a killed run never finished go before any part reads the folder.
    this.#ready = this.files.sweepTemps().then(
      () => undefined,
      (error: unknown) => options.log.warn('temp sweep failed', { error: error instanceof Error ? error.message : String(error) }),
    )
  }

  /** Settles once the folder is ready to be read (stale temps swept). */
  ready(): Promise<void> {
    return this.#ready
  }

  get mode(): WorkspaceMode {
    return this.#mode
  }

  get label(): string {
    return this.#opts.label()
  }

  /** The account's session if it was built: always for the active account. */
  session(): AccountSession | null {
    return this.#session
  }

  /**
   * The session, built now if needed (a background account with stories to send). Null when
   * the account cannot be opened (its server down for the demo, a folder not writable) or is closed.
   */
  async ensureSession(): Promise<AccountSession | null> {
    if (this.#session || this.#mode === 'closed') return this.#session
    this.#opening ??= this.#opts.openSession().then(
      (session) => {
        this.#opening = null
        if (session && this.#mode !== 'closed' && !this.#session) this.useSession(session)
        return this.#session
      },
      (error: unknown) => {
        this.#opening = null
        this.#opts.log.warn('account session not built', { id: this.id, error: error instanceof Error ? error.message : String(error) })
        return null
      },
    )
    return this.#opening
  }

  /** The workspace's part of this kind, made on first use. */
  part<P extends WorkspacePart>(kind: PartKind<P>): P {
    if (this.#mode === 'closed') throw new AppError('not-found', userText('accountErrors.workspace.closed'))
    let part = this.#parts.get(kind as PartKind<WorkspacePart>) as P | undefined
    if (!part) {
      part = kind.create(this)
      this.#parts.set(kind as PartKind<WorkspacePart>, part)
    }
    return part
  }

  /** The part of this kind if it was made, without making it. */
  peek<P extends WorkspacePart>(kind: PartKind<P>): P | null {
    return (this.#parts.get(kind as PartKind<WorkspacePart>) as P | undefined) ?? null
  }

  /** Lets go of the part of this kind (its feature stops): disposed and waited for; made again on next use. */
  async release<P extends WorkspacePart>(kind: PartKind<P>): Promise<void> {
    const part = this.#parts.get(kind as PartKind<WorkspacePart>)
    if (!part) return
    this.#parts.delete(kind as PartKind<WorkspacePart>)
    await this.#dispose(part)
  }

  /** The account came on screen with this session. */
  activate(session: AccountSession): void {
    if (this.#mode === 'closed') return
    this.useSession(session)
    this.#mode = 'active'
    for (const part of [...this.#parts.values()]) this.#quietly('activate', () => part.activate?.())
  }

  /** The account left the screen: its on-screen parts are let go, the others keep working. */
  async deactivate(): Promise<void> {
    if (this.#mode !== 'active') return
    this.#mode = 'background'
    const leaving: WorkspacePart[] = []
    for (const [kind, part] of [...this.#parts]) {
      if (kind.keep === 'on-screen') {
        this.#parts.delete(kind)
        leaving.push(part)
      } else this.#quietly('deactivate', () => part.deactivate?.())
    }
    await Promise.all(leaving.map((part) => this.#dispose(part)))
  }

  /** A new session for the same account (its token entered again): every part uses it from now on. */
  useSession(session: AccountSession): void {
    if (session.id !== this.id || this.#mode === 'closed') return
    this.#session = session
    for (const part of [...this.#parts.values()]) this.#quietly('useSession', () => part.useSession?.(session))
  }

  /** Stops every part (the last made first) and waits for them; the folder stays. */
  async close(): Promise<void> {
    if (this.#mode === 'closed') return
    this.#mode = 'closed'
    const parts = [...this.#parts.values()].reverse()
    this.#parts.clear()
    await Promise.all(parts.map((part) => this.#dispose(part)))
    this.#session = null
  }

  /** Closes the workspace, then deletes the account's folder and everything in it. */
  async remove(): Promise<void> {
    await this.close()
    await this.#ready
    await rm(this.dir, { recursive: true, force: true, maxRetries: 3 })
  }

  async #dispose(part: WorkspacePart): Promise<void> {
    try {
      await part.dispose()
    } catch (error) {
      this.#opts.log.error('workspace part not disposed', { id: this.id, error: error instanceof Error ? error.message : String(error) })
    }
  }

  #quietly(step: string, run: () => void): void {
    try {
      run()
    } catch (error) {
      this.#opts.log.error('workspace part failed', { id: this.id, step, error: error instanceof Error ? error.message : String(error) })
    }
  }
}
