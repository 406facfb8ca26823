import type { GroupDetail, GroupsWindow, LabelChip, SyncResult, SyncState } from '@shared/channels/groups'
import { AppError } from '@shared/errors'
import { userText } from '@shared/i18n/user-text'
import type { EventHub } from '../../../platform/events'
import type { AccountSession } from '../../../account/workspace/account-session'
import { definePart, type AccountWorkspace, type PartKind } from '../../../account/workspace/account-workspace'
import type { WorkspaceSource } from '../../../account/workspace/workspaces'
import type { FilePort } from '../../../platform/files/fs-port'
import type { Connectivity } from '../../../platform/net/connectivity'
import type { CommunityMember } from '../community'
import type { GroupsQueryArgs, NamedSender } from '../index'
import type { LoadedParticipants } from '../participants'
import type { Logger } from '../../../platform/log/log'
import type { GetLike } from '../../../platform/net'
import type { PictureSourceResolver } from '../pictures'
import { AccountGroups, type ParticipantsTimings, type SyncSettings, type SyncSource } from './account-groups'
import { systemTimers, type Timers } from '../../../platform/timers'
import { SyncScheduler } from './scheduler'

export interface GroupsServiceOptions {
  /** The open accounts: the one on screen has its groups here, as a part of its workspace. */
  workspaces: WorkspaceSource
  events: EventHub
  connectivity: Connectivity
  log: Logger
  /** Read at each sync and each time the next refresh is planned. */
  settings: () => SyncSettings
  /** For group pictures (public media links: no token goes with them). */
  fetch: GetLike
  files?: FilePort
  timers?: Timers
  /** For sorting names; the system's by default. */
  locale?: () => string | undefined
  /** Timings of the participants index (tests shorten them). */
  participantsTimings?: ParticipantsTimings
}

const NO_ACCOUNT_STATE: Omit<SyncState, 'online'> = {
  accountId: null,
  lastSyncedAt: null,
  syncing: false,
  progress: null,
  fromCache: false,
  lastError: null,
  lastResult: null,
  count: 0,
}

/**
 * The groups of the active account, offline first: the cached snapshot answers at once,
 * a background sync refreshes it (at start, on an interval, when the network comes back).
 * Each account's groups are a part of its workspace kept while it is on screen, so switching
 * accounts lets go of the last one's memory and loads the next.
 */
export class GroupsService {
  readonly #options: GroupsServiceOptions
  readonly #scheduler: SyncScheduler
  readonly #part: PartKind<AccountGroups>
  #activated = false
  #started = false
  readonly #unsubscribe: (() => void)[] = []

  constructor(options: GroupsServiceOptions) {
    this.#options = options
    const timers = options.timers ?? systemTimers
    this.#scheduler = new SyncScheduler({
      connectivity: options.connectivity,
      timers,
      intervalMinutes: () => options.settings().intervalMinutes,
      lastSyncedAt: () => {
        const at = this.#current()?.lastSyncedAt
        return at ? Date.parse(at) : null
      },
      sync: () => this.#backgroundSync(),
    })
    this.#part = definePart('groups', 'on-screen', (workspace) => this.#create(workspace))
  }

  /** The active account's groups, made when first asked for. */
  #current(): AccountGroups | null {
    const workspace = this.#options.workspaces.active()
    return workspace?.session() ? workspace.part(this.#part) : null
  }

  /** Loads the active account's cache, then syncs in the background and keeps it fresh. */
  async start(): Promise<void> {
    if (this.#started) return
    this.#started = true
    this.#activate()
    this.#scheduler.start()
    void this.#backgroundSync()
  }

  async dispose(): Promise<void> {
    this.#started = false
    this.#scheduler.stop()
    for (const off of this.#unsubscribe.splice(0)) off()
    // A sync, the index being saved and the participants' worker end before the service is gone.
    await Promise.all(this.#options.workspaces.all().map((workspace) => workspace.release(this.#part)))
  }

  async query(query: GroupsQueryArgs): Promise<GroupsWindow> {
    const current = this.#account()
    if (!current) return { rows: [], offset: query.offset, matching: 0, total: 0 }
    return current.query(query)
  }

  async get(id: string): Promise<GroupDetail> {
    return this.#required().get(id)
  }

  async labels(): Promise<LabelChip[]> {
    return (await this.#account()?.labels()) ?? []
  }

  state(): SyncState {
    return this.#account()?.state() ?? { ...NO_ACCOUNT_STATE, online: this.#options.connectivity.online }
  }

  /** Syncs the active account now, or joins the sync already running. */
  async sync(): Promise<SyncResult> {
    const current = this.#required()
    try {
      return await current.sync()
    } finally {
      this.#scheduler.reschedule()
    }
  }

  cancel(): void {
    this.#account()?.cancel()
  }

  /** A cached group and the rest of its community (the last complete snapshot). */
  async communityMembers(id: string): Promise<CommunityMember[]> {
    return (await this.#account()?.communityMembers(id)) ?? []
  }

  /** Who sent the active account's cached last messages under a name they gave. */
  async namedSenders(accountId?: string): Promise<NamedSender[]> {
    const current = this.#account()
    if (!current || (accountId !== undefined && accountId !== current.id)) return []
    return current.namedSenders()
  }

  /** Everyone in the active account's cached groups, as the contact picker searches them. */
  async participants(): Promise<LoadedParticipants | null> {
    return (await this.#account()?.participants()) ?? null
  }

  /** The participants among `ids` in the active account's cached groups, with some of their groups. */
  async participantsWithIds(ids: readonly string[]): Promise<{ id: string; sampleGroups: string[] }[]> {
    return (await this.#account()?.participantsWithIds(ids)) ?? []
  }

  /** For the picture routes: only the active account's pictures are served. */
  readonly pictureSource: PictureSourceResolver = (accountId) => {
    const current = this.#account()
    return current && current.id === accountId ? current.pictureSource() : null
  }

  /** Call when the sync settings change: the next refresh is planned again. */
  settingsChanged(): void {
    this.#scheduler.reschedule()
  }

  #account(): AccountGroups | null {
    this.#activate()
    return this.#current()
  }

  #required(): AccountGroups {
    const current = this.#account()
    if (!current) throw new AppError('invalid-request', userText('groupErrors.noAccount'))
    return current
  }

  /** Follows the active account from the first use on (a query may come before start()). */
  #activate(): void {
    if (this.#activated) return
    this.#activated = true
    this.#unsubscribe.push(
      this.#options.workspaces.onActiveChange((workspace) => this.#switched(workspace)),
      this.#options.connectivity.onChange(() => this.#options.events.emit('sync:state', this.state())),
    )
  }

  /** Another account came on screen (its workspace let the last one's groups go): its groups load and sync. */
  #switched(workspace: AccountWorkspace | null): void {
    if (!workspace) this.#options.events.emit('sync:state', this.state())
    else this.#current()
    if (this.#started) {
      void this.#backgroundSync()
      this.#scheduler.reschedule()
    }
  }

  #create(workspace: AccountWorkspace): AccountGroups {
    const { events, connectivity, log, settings, fetch, files, locale, participantsTimings } = this.#options
    const timers = this.#options.timers ?? systemTimers
    return new AccountGroups({
      session: workspace.session() as AccountSession<SyncSource>,
      events,
      connectivity,
      log,
      settings,
      fetch,
      now: () => timers.now(),
      ...(files && { files }),
      ...(locale && { locale }),
      ...(participantsTimings && { participantsTimings }),
    })
  }

  async #backgroundSync(): Promise<void> {
    const current = this.#current()
    if (!current) return
    await current.sync().catch(() => undefined)
    // The next refresh counts from this sync's end.
    if (this.#started) this.#scheduler.reschedule()
  }
}
