import type {
  GroupDetail,
  GroupsWindow,
  LabelChip,
  SyncProgress,
  SyncResult,
  SyncState,
} from '@shared/channels/groups'
import type { Group } from '@shared/domain'
import { AppError, type AppErrorData } from '@shared/errors'
import type { EventHub } from '../../events'
import type { AccountSession } from '../account-session'
import {
  errnoCode,
  SnapshotStore,
  type FilePort,
  type GroupsSnapshot,
  type SnapshotLayout,
  type SnapshotReader,
} from '../cache'
import type { Connectivity } from '../connectivity'
import {
  DirectoryBuilder,
  GroupsIndex,
  type DirectoryEntry,
  type GroupsIndexOptions,
  type GroupsQueryArgs,
} from '../groups-index'
import type { Logger } from '../log'
import { PictureStore, type FetchLike } from '../pictures'
import { diffGroups, type GroupsDiff } from './diff'
import { readAllPages, syncCancelled, type GroupsSource, type PagesRead } from './fetch-all-groups'
import { PageParser } from './page-parser'
import { ParsedPages, type GroupsBodySource } from './parsed-pages'
import { PagesToDisk, type SavedGroups } from './pages-to-disk'
import {
  forEachRecord,
  leanGroup,
  readGroup,
  readRecordBytes,
  type RecordsOnDisk,
} from './records-on-disk'

/** What a sync asks of an account's client. */
export type SyncSource = GroupsSource & GroupsBodySource

export interface SyncSettings {
  intervalMinutes: number
  concurrency: number
  downloadPictures: boolean
}

export interface AccountGroupsOptions {
  session: AccountSession<SyncSource>
  events: EventHub
  connectivity: Connectivity
  log: Logger
  settings: () => SyncSettings
  /** For pictures, which come from the provider's media host rather than the API. */
  fetch: FetchLike
  files?: FilePort
  now: () => number
  locale?: () => string | undefined
}

/** Lists are told at most this often that more pictures have arrived. */
const PICTURE_REFRESH_MS = 2_000

const INTERNAL_SYNC_ERROR = 'The sync failed inside Statusdesk. The details are in the log.'

/**
 * One account's groups: the snapshot on disk, the index the list queries, the sync that
 * refreshes both and the pictures that go with them. A sync builds a complete new
 * snapshot beside the old one and swaps it in only once it is saved; until then, and
 * whenever a sync fails, everything keeps answering from the last complete one.
 *
 * Memory holds lean records (no participant list but the admins); a group's full record
 * is read from the snapshot file it was saved in, by its byte range, when it is opened,
 * exported or its people are listed.
 */
export class AccountGroups {
  readonly id: string
  readonly dir: string
  readonly #options: AccountGroupsOptions
  #session: AccountSession<SyncSource>
  readonly #store: SnapshotStore
  readonly #ready: Promise<void>
  #pictures: PictureStore | null = null
  #snapshot: GroupsSnapshot | null = null
  /** The records of #snapshot on disk; swapped together with it. */
  #records: RecordsOnDisk | null = null
  /** The index file being rebuilt after a start that had to read the whole snapshot. */
  #indexSaved: Promise<void> = Promise.resolve()
  #index: GroupsIndex
  #directory: DirectoryEntry[] | null = null
  #fromCache = false
  #lastError: AppErrorData | null = null
  #lastResult: SyncResult | null = null
  #progress: SyncProgress | null = null
  #running: { promise: Promise<SyncResult>; controller: AbortController } | null = null
  #pictureTask: { promise: Promise<void>; controller: AbortController } | null = null
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
    this.#index = this.#newIndex([])
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
    return this.#snapshot?.syncedAt ?? null
  }

  async query(query: GroupsQueryArgs): Promise<GroupsWindow> {
    await this.#ready
    return this.#index.query(query)
  }

  async get(id: string): Promise<GroupDetail> {
    await this.#ready
    // Taken together, before any wait: a sync may swap the snapshot while the record is read.
    const index = this.#index
    const records = this.#records
    const detail = index.get(id)
    const at = index.position(id)
    if (!detail || at === undefined) {
      throw new AppError(
        'not-found',
        'That group is not in the list any more (the last sync did not find it).',
      )
    }
    if (!records) throw new AppError('storage', 'The groups cache could not be opened.')
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
    return this.#index.labels()
  }

  /**
   * The groups of the last complete snapshot, in the server's order, as main keeps them:
   * lean (see leanGroup); get() gives a full record.
   */
  async cachedGroups(): Promise<readonly Group[]> {
    await this.#ready
    return this.#index.groups()
  }

  /** Everyone in the cached groups, read from disk once per snapshot. */
  async participantsDirectory(): Promise<readonly DirectoryEntry[]> {
    await this.#ready
    const records = this.#records
    if (this.#directory) return this.#directory
    if (!records) return []
    const index = this.#index
    const directory = new DirectoryBuilder(index.selfId)
    await forEachRecord(records, (record) => {
      const { name, participants } = record as { name?: unknown; participants?: unknown }
      if (typeof name !== 'string' || !Array.isArray(participants)) return
      directory.add(
        name,
        participants.filter(
          (p): p is { id: string } =>
            typeof p === 'object' && p !== null && typeof (p as { id?: unknown }).id === 'string',
        ),
      )
    })
    const entries = directory.entries()
    // A sync may have swapped the snapshot meanwhile: then this list is already out of date.
    if (this.#records === records) this.#directory = entries
    return entries
  }

  /** What the picture routes serve for this account. */
  pictureSource(): { store: PictureStore; group(id: string): Group | null } | null {
    const store = this.#pictures
    return store ? { store, group: (id) => this.#index.get(id)?.group ?? null } : null
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
      count: this.#index.size,
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
    const running = this.#running !== null || this.#pictureTask !== null
    this.#running?.controller.abort()
    this.#pictureTask?.controller.abort()
    return running
  }

  async dispose(): Promise<void> {
    this.#disposed = true
    this.cancel()
    await Promise.allSettled([
      this.#ready,
      this.#running?.promise,
      this.#pictureTask?.promise,
      this.#indexSaved,
    ])
    await this.#records?.reader.retire()
  }

  async #load(): Promise<void> {
    const { session, log, events } = this.#options
    try {
      this.#pictures = await PictureStore.open({
        accountDir: session.dir,
        accountId: session.id,
        fetch: this.#options.fetch,
        log,
        ...(this.#options.files && { files: this.#options.files }),
      })
      const index = await this.#store.loadIndex()
      if (index) {
        // Rows come from the index at once; the snapshot's own checksums are checked next.
        await this.#install(index.snapshot, await this.#store.openReader())
        this.#fromCache = true
        void this.#verifyInBackground()
      } else {
        const outcome = await this.#store.load(leanGroup)
        if (outcome.status === 'loaded') {
          await this.#install(outcome.snapshot, await this.#store.openReader())
          this.#fromCache = true
          const { layout } = outcome.snapshot
          // Not waited for by the rows (the next start is what it speeds up); a sync waits for it.
          if (layout) this.#indexSaved = this.#store.saveIndex({ ...outcome.snapshot, layout })
        } else if (outcome.status === 'set-aside') {
          this.#setAsideNotice(outcome.reason)
        }
      }
    } catch (error) {
      this.#lastError = this.#appError(error).toData()
      log.error('groups cache not loaded', { code: this.#lastError.code })
    }
    if (this.#disposed) return
    this.#emitState()
    events.emit('groups:changed', { accountId: this.id })
  }

  #setAsideNotice(reason: string): void {
    this.#options.events.emit('app:notice', {
      level: 'warning',
      message: `The saved list of groups could not be read (${reason}), so it was set aside. Statusdesk is downloading the groups again.`,
    })
  }

  /**
   * A start from the index has not read the snapshot; its checksums are checked here, off
   * the way of the first rows. A damaged file is set aside and the groups fetched again.
   */
  async #verifyInBackground(): Promise<void> {
    const records = this.#records
    if (!records) return
    let reason: string | null
    try {
      reason = await this.#store.verify(records.reader)
    } catch (error) {
      this.#options.log.warn('groups cache not verified', { code: errnoCode(error) ?? 'unknown' })
      return
    }
    if (reason === null || this.#disposed) return
    this.#options.log.warn('groups cache damaged after start', { reason })
    if (this.#records === records) {
      this.#snapshot = null
      this.#records = null
      this.#index = this.#newIndex([])
      this.#directory = null
      void records.reader.retire()
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
    this.#progress = { accountId: this.id, fetched: 0, total: null }
    try {
      if (signal.aborted) throw syncCancelled()
      const { fetched, snapshot, diff } = await this.#fetchAndSave(session, signal)
      const lean = snapshot.groups
      await this.#store.saveIndex(snapshot)
      const result: SyncResult = {
        ...diff,
        total: lean.length,
        rejected: fetched.rejected.length,
        durationMs: now() - started,
      }
      this.#fromCache = false
      this.#lastError = null
      this.#lastResult = result
      log.info('groups synced', { ...result, passes: fetched.passes, requests: fetched.requests })
      // A sync that finished as the account was switched away from stays quiet.
      if (!this.#disposed) {
        events.emit('groups:changed', { accountId: this.id })
        if (settings().downloadPictures) this.#startPictures(lean)
      }
      return result
    } catch (error) {
      const appError = this.#appError(error, signal)
      this.#lastError = appError.toData()
      log.warn('groups sync failed', { code: appError.code })
      throw appError
    }
  }

  /**
   * Reads every page and saves the new snapshot as the pages arrive: each page is parsed
   * on a worker thread, its bytes appended to the new snapshot file, and only its lean
   * rows kept. The new snapshot is installed once it is in place on disk.
   */
  async #fetchAndSave(
    session: AccountSession<SyncSource>,
    signal: AbortSignal,
  ): Promise<{
    fetched: PagesRead
    snapshot: GroupsSnapshot & { layout: SnapshotLayout }
    diff: GroupsDiff
  }> {
    const { connectivity, events, now, settings, log } = this.#options
    const previous = this.#snapshot
    const parser = new PageParser(
      previous
        ? { ids: previous.groups.map((group) => group.id), fingerprints: previous.fingerprints }
        : undefined,
    )
    const index = this.#index
    const disk = new PagesToDisk(this.#store, (id, fingerprint) => {
      const at = index.position(id)
      return previous && at !== undefined && previous.fingerprints[at] === fingerprint
        ? previous.groups[at]
        : undefined
    })
    try {
      let fetched: PagesRead
      try {
        fetched = await readAllPages(
          new ParsedPages(session.client, parser, log),
          {
            concurrency: settings().concurrency,
            signal,
            onPage: () => connectivity.reportSuccess(),
            onProgress: ({ fetched: count, total }) => {
              this.#progress = { accountId: this.id, fetched: count, total }
              events.emit('sync:progress', this.#progress)
            },
          },
          disk.accept,
        )
      } catch (error) {
        if (error instanceof AppError && error.code !== 'cancelled' && error.code !== 'conflict') {
          connectivity.reportFailure(error.code)
        }
        throw error
      } finally {
        parser.close()
      }
      const { saved, stale } = await this.#keepMissingOnUncleanPass(
        disk.assemble(fetched),
        fetched.rejected,
        disk,
      )
      const { groups, table } = saved
      const syncedAt = new Date(now()).toISOString()
      const meta = { accountId: this.id, syncedAt, ...(stale.length > 0 && { stale }) }
      if (signal.aborted) throw syncCancelled()
      await disk.commit(meta, table, signal)
      const reader = await this.#store.openReader()
      const { fingerprints, ...layout } = table
      const diff = diffGroups(previous, { groups, fingerprints })
      const snapshot = { ...meta, groups, fingerprints, layout }
      await this.#install(snapshot, reader)
      return { fetched, snapshot, diff }
    } finally {
      await disk.abandon()
    }
  }

  /** Builds the new index first (in slices), then swaps everything in one step. */
  async #install(snapshot: GroupsSnapshot, reader: SnapshotReader): Promise<void> {
    const index = await GroupsIndex.build(snapshot.groups, this.#indexOptions(snapshot.stale))
    const old = this.#records
    this.#snapshot = snapshot
    this.#records = snapshot.layout
      ? { reader, layout: snapshot.layout, fingerprints: snapshot.fingerprints }
      : null
    this.#index = index
    this.#directory = null
    void old?.reader.retire()
  }

  /**
   * A pass that had to set records aside cannot tell a group that is gone from one whose
   * record it could not read (a record without an id names no group). So after such a pass
   * every group of the previous snapshot that the pass did not see keeps its last good
   * version (its bytes carried over from the previous snapshot), marked stale, rather than
   * vanish; only a clean pass removes groups.
   */
  async #keepMissingOnUncleanPass(
    saved: SavedGroups,
    rejected: readonly unknown[],
    disk: PagesToDisk,
  ): Promise<{ saved: SavedGroups; stale: string[] }> {
    const previous = this.#snapshot
    const records = this.#records
    if (!previous || !records || rejected.length === 0) return { saved, stale: [] }
    const present = new Set(saved.groups.map((group) => group.id))
    const carried: { group: Group; bytes: Buffer; fingerprint: number }[] = []
    for (let at = 0; at < previous.groups.length; at++) {
      const group = previous.groups[at] as Group
      if (present.has(group.id)) continue
      try {
        carried.push({
          group,
          bytes: await readRecordBytes(records, at),
          fingerprint: records.fingerprints[at] as number,
        })
        present.add(group.id)
      } catch (error) {
        this.#options.log.warn('stale group not kept', {
          code: error instanceof AppError ? error.code : 'internal',
        })
      }
    }
    return {
      saved: await disk.carryOver(saved, carried),
      stale: carried.map(({ group }) => group.id),
    }
  }

  #newIndex(groups: readonly Group[]): GroupsIndex {
    return new GroupsIndex(groups, this.#indexOptions())
  }

  #indexOptions(stale: readonly string[] = []): GroupsIndexOptions {
    const pictures = {
      thumb: (group: Group) => this.#pictures?.thumbUrl(group) ?? null,
      full: (group: Group) => this.#pictures?.fullUrl(group) ?? null,
    }
    const locale = this.#options.locale?.()
    return {
      pictures,
      now: this.#options.now,
      stale: new Set(stale),
      ...(locale && { locale }),
    }
  }

  #startPictures(groups: readonly Group[]): void {
    const store = this.#pictures
    if (!store) return
    this.#pictureTask?.controller.abort()
    const controller = new AbortController()
    let lastRefresh = this.#options.now()
    let unseen = 0
    const refresh = (): void => {
      unseen = 0
      lastRefresh = this.#options.now()
      this.#options.events.emit('groups:changed', { accountId: this.id })
    }
    const promise = store
      .syncThumbs(groups, {
        signal: controller.signal,
        onProgress: () => {
          unseen++
          if (this.#options.now() - lastRefresh >= PICTURE_REFRESH_MS) refresh()
        },
      })
      .then((result) => {
        if (unseen > 0 || result.removed > 0) refresh()
        this.#options.log.info('group pictures synced', { ...result })
      })
      .catch((error: unknown) => {
        this.#options.log.warn('group pictures not synced', {
          reason: error instanceof Error ? error.message : 'unknown',
        })
      })
      .finally(() => {
        if (this.#pictureTask?.controller === controller) this.#pictureTask = null
      })
    this.#pictureTask = { promise, controller }
  }

  #appError(error: unknown, signal?: AbortSignal): AppError {
    const kept = this.#snapshot ? ' The groups shown are from the last complete sync.' : ''
    if (signal?.aborted || (error instanceof AppError && error.code === 'cancelled')) {
      return new AppError('cancelled', `The sync was cancelled.${kept}`)
    }
    if (error instanceof AppError) {
      return new AppError(error.code, `${error.message}${kept}`, error.details, { cause: error })
    }
    this.#options.log.error('groups sync threw', {
      error: error instanceof Error ? (error.stack ?? error.message) : String(error),
    })
    return new AppError('internal', INTERNAL_SYNC_ERROR, undefined, { cause: error })
  }

  #emitState(): void {
    if (!this.#disposed) this.#options.events.emit('sync:state', this.state())
  }
}
