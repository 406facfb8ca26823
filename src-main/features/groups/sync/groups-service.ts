import type { GroupDetail, GroupsWindow, LabelChip, SyncResult, SyncState } from '@shared/channels/groups'
import { AppError } from '@shared/errors'
import { userText } from '@shared/i18n/user-text'
import type { EventHub } from '../../../platform/events'
import type { AccountSession } from '../../../account/workspace/account-session'
import { definePart, type AccountWorkspace, type PartKind, type WorkspacePart } from '../../../account/workspace/account-workspace'
import type { WorkspaceSource } from '../../../account/workspace/workspaces'
import type { FilePort } from '../../../platform/files/fs-port'
import type { CommunityMember } from '../community'
import type { GroupsQueryArgs, NamedSender } from '../index'
import type { LoadedParticipants } from '../participants'
import type { Logger } from '../../../platform/log/log'
import type { PictureNet, PictureSourceResolver } from '../pictures'
import { AccountGroups, type ParticipantsTimings, type SyncSettings, type SyncSource } from './account-groups'
import { systemTimers, type Timers } from '../../../platform/timers'
import { SyncScheduler } from './scheduler'

export interface GroupsServiceOptions {
  /** The open accounts: one on some client's screen has its groups here, as a part of its workspace. */
  workspaces: WorkspaceSource
  events: EventHub
  log: Logger
  /** Read at each sync and each time the next refresh is planned. */
  settings: () => SyncSettings
  /** For an account's group pictures (public media links: no token goes with them), checked against that account's server. */
  fetchFor: (accountId: string) => PictureNet
  files?: FilePort
  timers?: Timers
  /** For sorting names; the system's by default. */
  locale?: () => string | undefined
  /** Timings of the participants index (tests shorten them). */
  participantsTimings?: ParticipantsTimings
}

/** One account's groups while a screen shows it, with the refreshes that keep them fresh. */
class GroupsOnScreen implements WorkspacePart {
  readonly groups: AccountGroups
  readonly scheduler: SyncScheduler
  readonly #stop: () => void

  constructor(groups: AccountGroups, scheduler: SyncScheduler, stop: () => void) {
    this.groups = groups
    this.scheduler = scheduler
    this.#stop = stop
  }

  useSession(session: AccountSession): void {
    this.groups.useSession(session as AccountSession<SyncSource>)
  }

  async dispose(): Promise<void> {
    this.#stop()
    this.scheduler.stop()
    await this.groups.dispose()
  }
}

/**
 * The groups of each account on some client's screen, offline first: the cached snapshot
 * answers at once, a background sync refreshes it (when it comes on screen, on an interval,
 * when its server can be reached again). Each account's groups are a part of its workspace kept
 * while a screen shows it, so an account no client looks at lets go of its memory.
 */
export class GroupsService {
  readonly #options: GroupsServiceOptions
  readonly #part: PartKind<GroupsOnScreen>
  #started = false
  #unsubscribe: (() => void) | null = null

  constructor(options: GroupsServiceOptions) {
    this.#options = options
    this.#part = definePart('groups', 'on-screen', (workspace) => this.#create(workspace))
    // From the first moment: an account that comes on a screen loads its groups and, once started, syncs them.
    this.#unsubscribe = options.workspaces.onScreenChange((workspace, onScreen) => {
      if (onScreen) this.#comeOnScreen(workspace)
    })
  }

  /** Syncs every account on screen now and keeps them fresh from then on. */
  async start(): Promise<void> {
    if (this.#started) return
    this.#started = true
    for (const workspace of this.#options.workspaces.all()) if (workspace.mode === 'active') this.#comeOnScreen(workspace)
  }

  async dispose(): Promise<void> {
    this.#started = false
    this.#unsubscribe?.()
    this.#unsubscribe = null
    // A sync, the index being saved and the participants' worker end before the service is gone.
    await Promise.all(this.#options.workspaces.all().map((workspace) => workspace.release(this.#part)))
  }

  async query(accountId: string, query: GroupsQueryArgs): Promise<GroupsWindow> {
    return this.#required(accountId).query(query)
  }

  async get(accountId: string, id: string): Promise<GroupDetail> {
    return this.#required(accountId).get(id)
  }

  async labels(accountId: string): Promise<LabelChip[]> {
    return this.#required(accountId).labels()
  }

  state(accountId: string): SyncState {
    return this.#required(accountId).state()
  }

  /** Syncs the account now, or joins the sync already running. */
  async sync(accountId: string): Promise<SyncResult> {
    const part = this.#onScreen(accountId)
    try {
      return await part.groups.sync()
    } finally {
      part.scheduler.reschedule()
    }
  }

  cancel(accountId: string): void {
    this.#required(accountId).cancel()
  }

  /** A cached group and the rest of its community (the last complete snapshot). */
  async communityMembers(accountId: string, id: string): Promise<CommunityMember[]> {
    return this.#required(accountId).communityMembers(id)
  }

  /** Who sent the account's cached last messages under a name they gave; nothing when no screen shows it. */
  async namedSenders(accountId: string): Promise<NamedSender[]> {
    return (await this.#shown(accountId)?.namedSenders()) ?? []
  }

  /** Everyone in the account's cached groups, as the contact picker searches them. */
  async participants(accountId: string): Promise<LoadedParticipants | null> {
    return this.#required(accountId).participants()
  }

  /** The participants among `ids` in the account's cached groups, with some of their groups; nothing when no screen shows it. */
  async participantsWithIds(accountId: string, ids: readonly string[]): Promise<{ id: string; sampleGroups: string[] }[]> {
    return (await this.#shown(accountId)?.participantsWithIds(ids)) ?? []
  }

  /** For the picture routes: the pictures of an account some screen shows. */
  readonly pictureSource: PictureSourceResolver = (accountId) => this.#shown(accountId)?.pictureSource() ?? null

  /** Call when the sync settings change: each account's next refresh is planned again. */
  settingsChanged(): void {
    for (const workspace of this.#options.workspaces.all()) workspace.peek(this.#part)?.scheduler.reschedule()
  }

  /** The account's groups when a screen shows it, made on first use; null otherwise. */
  #shown(accountId: string): AccountGroups | null {
    const workspace = this.#options.workspaces.get(accountId)
    return workspace?.mode === 'active' && workspace.session() ? workspace.part(this.#part).groups : null
  }

  #onScreen(accountId: string): GroupsOnScreen {
    const workspace = this.#options.workspaces.get(accountId)
    if (!workspace || workspace.mode === 'closed') throw new AppError('not-found', userText('groupErrors.noAccount'))
    if (workspace.mode !== 'active' || !workspace.session()) throw new AppError('invalid-request', userText('groupErrors.notOnScreen'))
    return workspace.part(this.#part)
  }

  #required(accountId: string): AccountGroups {
    return this.#onScreen(accountId).groups
  }

  /** An account came on a screen: its groups load, and sync once the service runs. */
  #comeOnScreen(workspace: AccountWorkspace): void {
    if (!workspace.session()) return
    const part = workspace.part(this.#part)
    if (!this.#started) return
    part.scheduler.start()
    void this.#backgroundSync(part)
  }

  #create(workspace: AccountWorkspace): GroupsOnScreen {
    const { events, log, settings, files, locale, participantsTimings } = this.#options
    const timers = this.#options.timers ?? systemTimers
    const groups = new AccountGroups({
      session: workspace.session() as AccountSession<SyncSource>,
      events,
      connectivity: workspace.connectivity,
      log,
      settings,
      pictureNet: this.#options.fetchFor(workspace.id),
      now: () => timers.now(),
      ...(files && { files }),
      ...(locale && { locale }),
      ...(participantsTimings && { participantsTimings }),
    })
    const scheduler: SyncScheduler = new SyncScheduler({
      connectivity: workspace.connectivity,
      timers,
      intervalMinutes: () => settings().intervalMinutes,
      lastSyncedAt: () => {
        const at = groups.lastSyncedAt
        return at ? Date.parse(at) : null
      },
      sync: () => this.#backgroundSync(part),
    })
    // The status line follows the account's own server: reachable or not.
    const stop = workspace.connectivity.onChange(() => events.emit('sync:state', groups.state()))
    const part = new GroupsOnScreen(groups, scheduler, stop)
    return part
  }

  async #backgroundSync(part: GroupsOnScreen): Promise<void> {
    await part.groups.sync().catch(() => undefined)
    // The next refresh counts from this sync's end.
    if (this.#started) part.scheduler.reschedule()
  }
}
