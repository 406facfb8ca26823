import type { GroupDetail, GroupsWindow, LabelChip, SyncProgress, SyncResult, SyncState } from '@shared/channels/groups'
import { AppError, type AppErrorData } from '@shared/errors'
import { userText } from '@shared/i18n/user-text'
import type { AccountSession } from '../../../account/workspace/account-session'
import { errnoCode } from '../../../platform/files/fs-port'
import { longestStallMs } from '../../../platform/loop-stalls'
import { SnapshotStore, readGroup, setAsideText, type SnapshotProblem } from '../cache'
import type { CommunityMember } from '../community'
import type { GroupsIndexOptions, GroupsQueryArgs, NamedSender, PictureRef } from '../index'
import { ParticipantIndex, participantsWithIds, type LoadedParticipants } from '../participants'
import { PictureStore } from '../pictures'
import type { AccountGroupsOptions } from './account-groups-options'
import { fetchAndSave, type SyncSource } from './fetch-and-save'
import { loadHeldSnapshot } from './held-snapshot'
import { syncCancelled } from './paging'
import { PictureDownloads } from './picture-downloads'
import { SnapshotInUse } from './snapshot-in-use'
import { syncFailure } from './sync-failure'

export type { SyncSource } from './fetch-and-save'
export type { AccountGroupsOptions, ParticipantsTimings, SyncSettings } from './account-groups-options'

/**
 * One account's groups: the snapshot on disk, the index the list queries, the sync that
 * refreshes both and the pictures that go with them. A sync builds a complete new
 * snapshot beside the old one and swaps it in only once it is saved; until then, and
 * whenever a sync fails, everything keeps answering from the last complete one.
 *
 * Memory holds the columns of what rows, search, filters and sorts read (see
 * GroupColumns); a group's full record is read from the snapshot file it was saved in, by
 * its byte range, when it is opened, exported or its participants are listed.
 */
export class AccountGroups {
  readonly id: string
  readonly dir: string
  readonly #options: AccountGroupsOptions
  #session: AccountSession<SyncSource>
  readonly #store: SnapshotStore
  readonly #ready: Promise<void>
  #pictures: PictureStore | null = null
  readonly #inUse: SnapshotInUse
  /** The index file being rebuilt after a start that had to read the whole snapshot. */
  #indexSaved: Promise<void> = Promise.resolve()
  /** Everyone in the snapshot's groups: a file beside it, held in main only while searched. */
  readonly #participants: ParticipantIndex
  #fromCache = false
  #lastError: AppErrorData | null = null
  #lastResult: SyncResult | null = null
  #progress: SyncProgress | null = null
  #running: { promise: Promise<SyncResult>; controller: AbortController } | null = null
  readonly #pictureDownloads: PictureDownloads
  #disposed = false

  constructor(options: AccountGroupsOptions) {
    this.#options = options
    this.#session = options.session
    this.id = options.session.id
    this.dir = options.session.dir
    this.#store = new SnapshotStore({
      dir: options.session.dir,
      accountId: options.session.id,
      log: options.log,
      ...(options.files && { files: options.files }),
    })
    this.#participants = new ParticipantIndex({
      dir: options.session.dir,
      accountId: options.session.id,
      log: options.log,
      ...(options.files && { files: options.files }),
      ...options.participantsTimings,
    })
    this.#inUse = new SnapshotInUse({
      path: this.#store.path,
      participants: this.#participants,
      indexOptions: (stale) => this.#indexOptions(stale),
    })
    this.#pictureDownloads = new PictureDownloads({
      log: options.log,
      now: options.now,
      arrived: () => this.#options.events.emit('groups:changed', { accountId: this.id }),
    })
    this.#ready = this.#load()
  }

  /** The same account with a new client (its token was replaced): the next sync uses it. */
  useSession(session: AccountSession<SyncSource>): void {
    if (session.id === this.id) this.#session = session
  }

  /** Settles once the cached snapshot (if any) is loaded and queryable. */
  ready(): Promise<void> {
    return this.#ready
  }

  get lastSyncedAt(): string | null {
    return this.#inUse.held?.meta.syncedAt ?? null
  }

  async query(query: GroupsQueryArgs): Promise<GroupsWindow> {
    await this.#ready
    return this.#inUse.index.query(query)
  }

  async get(id: string): Promise<GroupDetail> {
    await this.#ready
    // Taken together, before any wait: a sync may swap the snapshot while the record is read.
    const { index, records } = this.#inUse
    const detail = index.get(id)
    const at = index.position(id)
    if (!detail || at === undefined) {
      throw new AppError('not-found', userText('groupErrors.groupGone'))
    }
    if (!records) throw new AppError('storage', userText('groupErrors.cache.notOpened'))
    try {
      return { ...detail, group: await readGroup(records, at) }
    } catch (error) {
      this.#options.log.warn('group record not read', {
        code: error instanceof AppError ? error.code : 'internal',
      })
      throw error
    }
  }

  async labels(): Promise<LabelChip[]> {
    await this.#ready
    return this.#inUse.index.labels()
  }

  /** The group and the rest of its community, as the last complete snapshot has them. */
  async communityMembers(id: string): Promise<CommunityMember[]> {
    await this.#ready
    return this.#inUse.index.communityMembers(id)
  }

  /** Who sent the cached groups' last messages under a name (for naming story viewers). */
  async namedSenders(): Promise<NamedSender[]> {
    await this.#ready
    return this.#inUse.index.namedSenders()
  }

  /**
   * Everyone in the cached groups, from the participants index (built off the main thread
   * when the snapshot has none yet); null when nothing is cached.
   */
  async participants(): Promise<LoadedParticipants | null> {
    await this.#ready
    return this.#participants.participants()
  }

  /** The participants among `ids` (without their server part), with some of their groups' names. */
  async participantsWithIds(ids: readonly string[]): Promise<{ id: string; sampleGroups: string[] }[]> {
    const participants = await this.participants()
    return participants ? participantsWithIds(participants, ids) : []
  }

  /** What the picture routes serve for this account. */
  pictureSource(): { store: PictureStore; group(id: string): PictureRef | null } | null {
    const store = this.#pictures
    if (!store) return null
    return {
      store,
      group: (id) => {
        const index = this.#inUse.index
        const at = index.position(id)
        return at === undefined ? null : index.pictureRef(at)
      },
    }
  }

  state(): SyncState {
    return {
      accountId: this.id,
      lastSyncedAt: this.lastSyncedAt,
      syncing: this.#running !== null,
      progress: this.#progress,
      online: this.#options.connectivity.online,
      fromCache: this.#fromCache,
      lastError: this.#lastError,
      lastResult: this.#lastResult,
      count: this.#inUse.index.size,
    }
  }

  /** Starts a sync, or joins the one already running for this account. */
  sync(): Promise<SyncResult> {
    if (this.#disposed) return Promise.reject(syncCancelled())
    if (this.#running) return this.#running.promise
    const controller = new AbortController()
    const promise = this.#sync(controller.signal).finally(() => {
      this.#running = null
      this.#progress = null
      this.#emitState()
    })
    this.#running = { promise, controller }
    this.#emitState()
    return promise
  }

  /** Cancels the running sync and picture downloads; true when there was something to cancel. */
  cancel(): boolean {
    const running = this.#running !== null || this.#pictureDownloads.running
    this.#running?.controller.abort()
    this.#pictureDownloads.cancel()
    return running
  }

  async dispose(): Promise<void> {
    this.#disposed = true
    this.cancel()
    await Promise.allSettled([this.#ready, this.#running?.promise, this.#pictureDownloads.settled(), this.#indexSaved])
    await this.#participants.dispose()
    await this.#pictures?.release()
    await this.#inUse.retire()
  }

  async #load(): Promise<void> {
    const { session, log, events } = this.#options
    // The pictures' lookup is read by their worker while the snapshot loads; opening them never fails.
    const pictures = PictureStore.open({ accountDir: session.dir, accountId: session.id, net: this.#options.pictureNet, log })
    try {
      const cached = await loadHeldSnapshot(this.#store)
      if (cached.status === 'loaded') {
        this.#inUse.install(cached.held, cached.reader, { build: false })
        this.#fromCache = true
        // Rows come from the index at once; the snapshot's own checksums are checked next.
        if (cached.fromIndex) void this.#verifyInBackground()
        // Not waited for by the rows (the next start is what it speeds up); a sync waits for it.
        else this.#indexSaved = this.#store.saveIndex(cached.held)
      } else if (cached.status === 'set-aside') {
        this.#setAsideNotice(cached.reason)
      }
    } catch (error) {
      this.#lastError = this.#failure(error).toData()
      log.error('groups cache not loaded', { code: this.#lastError.code })
    }
    this.#pictures = await pictures
    if (this.#disposed) return
    this.#emitState()
    events.emit('groups:changed', { accountId: this.id })
  }

  #setAsideNotice(reason: SnapshotProblem): void {
    this.#options.events.emit('app:notice', { level: 'warning', text: setAsideText(reason) })
  }

  /**
   * A start from the index has not read the snapshot; its checksums are checked here, off
   * the way of the first rows. A damaged file is set aside and the groups fetched again.
   */
  async #verifyInBackground(): Promise<void> {
    const records = this.#inUse.records
    if (!records) return
    let reason: SnapshotProblem | null
    try {
      reason = await this.#store.verify(records.reader)
    } catch (error) {
      this.#options.log.warn('groups cache not verified', { code: errnoCode(error) ?? 'unknown' })
      return
    }
    if (reason === null || this.#disposed) return
    this.#options.log.warn('groups cache damaged after start', { reason })
    if (this.#inUse.drop(records)) {
      this.#fromCache = false
      this.#emitState()
      this.#options.events.emit('groups:changed', { accountId: this.id })
    }
    this.#setAsideNotice(reason)
    void this.sync().catch(() => undefined)
  }

  async #sync(signal: AbortSignal): Promise<SyncResult> {
    const { events, now, settings, log } = this.#options
    await this.#ready
    await this.#indexSaved
    const session = this.#session
    const started = now()
    // From here on, the longest stall of main's loop goes into the sync's last log line.
    longestStallMs()
    this.#progress = { accountId: this.id, fetched: 0, total: null }
    try {
      if (signal.aborted) throw syncCancelled()
      const { fetched, held, reader, diff, sameParticipants } = await fetchAndSave({
        accountId: this.id,
        client: session.client,
        store: this.#store,
        inUse: () => this.#inUse.current(),
        concurrency: settings().concurrency,
        signal,
        connectivity: this.#options.connectivity,
        log,
        now,
        onProgress: ({ fetched: count, total }) => {
          this.#progress = { accountId: this.id, fetched: count, total }
          events.emit('sync:progress', this.#progress)
        },
      })
      this.#inUse.install(held, reader, { build: true, sameParticipants })
      await this.#store.saveIndex(held)
      const total = held.columns.count
      const result: SyncResult = {
        ...diff,
        total,
        rejected: fetched.rejected.length,
        durationMs: now() - started,
      }
      this.#fromCache = false
      this.#lastError = null
      this.#lastResult = result
      log.info('groups synced', { ...result, passes: fetched.passes, requests: fetched.requests, longestStallMs: longestStallMs() })
      // A sync that finished as the account was switched away from stays quiet.
      if (!this.#disposed) {
        events.emit('groups:changed', { accountId: this.id })
        if (settings().downloadPictures && this.#pictures)
          this.#pictureDownloads.start(this.#pictures, this.#inUse.index.packedPictureRefs())
      }
      return result
    } catch (error) {
      const appError = this.#failure(error, signal)
      this.#lastError = appError.toData()
      log.warn('groups sync failed', { code: appError.code, longestStallMs: longestStallMs() })
      throw appError
    }
  }

  #indexOptions(stale: readonly string[] = []): GroupsIndexOptions {
    const pictures = {
      thumb: (group: PictureRef) => this.#pictures?.thumbUrl(group) ?? null,
      full: (group: PictureRef) => this.#pictures?.fullUrl(group) ?? null,
    }
    const locale = this.#options.locale?.()
    return {
      pictures,
      now: this.#options.now,
      stale: new Set(stale),
      ...(locale && { locale }),
    }
  }

  #failure(error: unknown, signal?: AbortSignal): AppError {
    const kept = this.#inUse.held !== null
    return syncFailure(error, { kept, log: this.#options.log, ...(signal && { signal }) })
  }

  #emitState(): void {
    if (!this.#disposed) this.#options.events.emit('sync:state', this.state())
  }
}
