import type {
  GroupDetail,
  GroupsWindow,
  LabelChip,
  SyncProgress,
  SyncResult,
  SyncState,
} from '@shared/channels/groups'
import { AppError, type AppErrorData } from '@shared/errors'
import type { EventHub } from '../../../platform/events'
import type { AccountSession } from '../../../account/workspace/account-session'
import { errnoCode, type FilePort } from '../../../platform/files/fs-port'
import {
  SnapshotStore,
  readGroup,
  readRecordBytes,
  type RecordsOnDisk,
  type SnapshotLayout,
  type SnapshotMeta,
  type SnapshotReader,
} from '../cache'
import type { Connectivity } from '../../../platform/net/connectivity'
import {
  GroupColumnsBuilder,
  GroupsIndex,
  columnsOf,
  type GroupColumns,
  type GroupsIndexOptions,
  type GroupsQueryArgs,
  type NamedSender,
  type PictureRef,
} from '../index'
import type { Logger } from '../../../platform/log/log'
import type { CommunityMember } from '../community'
import {
  ParticipantIndex,
  peopleWithIds,
  type LoadedParticipants,
  type ParticipantIndexOptions,
} from '../participants'
import { PictureStore, type FetchLike } from '../pictures'
import { diffGroups, type GroupsDiff } from './diff'
import { readAllPages } from './fetch-all-groups'
import { syncCancelled, type GroupsSource, type PagesRead } from './paging'
import { PageParser } from './page-parser'
import { ParsedPages, type GroupsBodySource } from './parsed-pages'
import { PagesToDisk, type SavedGroups } from './pages-to-disk'
import { markAdminsFromDisk } from './admins-from-disk'

/** Whether two syncs' records are the same bytes in the same order, by their fingerprints. */
function sameInOrder(before: Uint32Array, after: Uint32Array): boolean {
  if (before.length !== after.length) return false
  for (let at = 0; at < before.length; at++) if (before[at] !== after[at]) return false
  return true
}

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
  /** Timings of the participants index (tests shorten them). */
  people?: PeopleTimings
}

export type PeopleTimings = Pick<
  ParticipantIndexOptions,
  'idleMs' | 'buildWaitMs' | 'buildDelayMs' | 'startWorker'
>

/**
 * What main holds of the snapshot in use: its columns (the index answers from them) and
 * where each full record is on disk, with its fingerprint. No group record is kept.
 */
interface HeldSnapshot {
  meta: SnapshotMeta
  columns: GroupColumns
  fingerprints: Uint32Array
  layout: SnapshotLayout
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
 * Memory holds the columns of what rows, search, filters and sorts read (see
 * GroupColumns); a group's full record is read from the snapshot file it was saved in, by
 * its byte range, when it is opened, exported or its people are listed.
 */
export class AccountGroups {
  readonly id: string
  readonly dir: string
  readonly #options: AccountGroupsOptions
  #session: AccountSession<SyncSource>
  readonly #store: SnapshotStore
  readonly #ready: Promise<void>
  #pictures: PictureStore | null = null
  #snapshot: HeldSnapshot | null = null
  /** The records of #snapshot on disk; swapped together with it. */
  #records: RecordsOnDisk | null = null
  /** The index file being rebuilt after a start that had to read the whole snapshot. */
  #indexSaved: Promise<void> = Promise.resolve()
  #index: GroupsIndex
  /** Everyone in the snapshot's groups: a file beside it, held in main only while searched. */
  readonly #people: ParticipantIndex
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
    this.#index = this.#newIndex()
    this.#people = new ParticipantIndex({
      dir: options.session.dir,
      accountId: options.session.id,
      log: options.log,
      ...(options.files && { files: options.files }),
      ...options.people,
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
    return this.#snapshot?.meta.syncedAt ?? null
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

  /** The ids of the last complete snapshot's groups, in the server's order. */
  async cachedIds(): Promise<string[]> {
    await this.#ready
    const index = this.#index
    return Array.from({ length: index.size }, (_, at) => index.id(at))
  }

  /** The group and the rest of its community, as the last complete snapshot has them. */
  async communityMembers(id: string): Promise<CommunityMember[]> {
    await this.#ready
    return this.#index.communityMembers(id)
  }

  /** Who sent the cached groups' last messages under a name (for naming story viewers). */
  async namedSenders(): Promise<NamedSender[]> {
    await this.#ready
    return this.#index.namedSenders()
  }

  /**
   * Everyone in the cached groups, from the participants index (built off the main thread
   * when the snapshot has none yet); null when nothing is cached.
   */
  async participants(): Promise<LoadedParticipants | null> {
    await this.#ready
    return this.#people.participants()
  }

  /** The people among `ids` (without their server part), with some of their groups' names. */
  async peopleWithIds(ids: readonly string[]): Promise<{ id: string; sampleGroups: string[] }[]> {
    const people = await this.participants()
    return people ? peopleWithIds(people, ids) : []
  }

  /** Whether main holds the participants index now (it is let go when the picker idles). */
  get peopleHeld(): boolean {
    return this.#people.held
  }

  /** What the picture routes serve for this account. */
  pictureSource(): { store: PictureStore; group(id: string): PictureRef | null } | null {
    const store = this.#pictures
    if (!store) return null
    return {
      store,
      group: (id) => {
        const index = this.#index
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
    await this.#people.dispose()
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
        const { meta, columns, fingerprints, layout } = index
        this.#install({ meta, columns, fingerprints, layout }, await this.#store.openReader(), {
          build: false,
        })
        this.#fromCache = true
        void this.#verifyInBackground()
      } else {
        // The records go into the columns as the file is read; none is kept.
        const builder = new GroupColumnsBuilder()
        const outcome = await this.#store.load({ visit: (group) => builder.add(group) })
        if (outcome.status === 'loaded' && outcome.snapshot.layout) {
          const { accountId, syncedAt, stale, fingerprints, layout } = outcome.snapshot
          const held: HeldSnapshot = {
            meta: { accountId, syncedAt, ...(stale && { stale }) },
            columns: builder.finish(),
            fingerprints,
            layout,
          }
          this.#install(held, await this.#store.openReader(), { build: false })
          this.#fromCache = true
          // Not waited for by the rows (the next start is what it speeds up); a sync waits for it.
          this.#indexSaved = this.#store.saveIndex(held)
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
      this.#index = this.#newIndex()
      this.#people.use(null, { build: false })
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
      const { fetched, held, diff } = await this.#fetchAndSave(session, signal)
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
      log.info('groups synced', { ...result, passes: fetched.passes, requests: fetched.requests })
      // A sync that finished as the account was switched away from stays quiet.
      if (!this.#disposed) {
        events.emit('groups:changed', { accountId: this.id })
        if (settings().downloadPictures) this.#startPictures(this.#index.pictureRefs())
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
   * on a worker thread, its bytes appended to the new snapshot file and its rows added to
   * the new columns, in list order; no page is held once its rows are in. Records the
   * worker finds unchanged since the last sync have their row copied from the columns in
   * use. The new snapshot is installed once it is in place on disk.
   */
  async #fetchAndSave(
    session: AccountSession<SyncSource>,
    signal: AbortSignal,
  ): Promise<{ fetched: PagesRead; held: HeldSnapshot; diff: GroupsDiff }> {
    const { connectivity, events, now, settings, log } = this.#options
    const previous = this.#snapshot ? { index: this.#index, ...this.#snapshot } : null
    const parser = new PageParser(
      previous
        ? {
            ids: Array.from({ length: previous.index.size }, (_, at) => previous.index.id(at)),
            fingerprints: previous.fingerprints,
          }
        : undefined,
    )
    const disk = new PagesToDisk(
      this.#store,
      previous && {
        columns: previous.columns,
        fingerprints: previous.fingerprints,
      },
    )
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
      const ids = fetched.ids
      const { saved, stale } = await this.#keepMissingOnUncleanPass(
        disk.assemble(fetched),
        ids,
        fetched.rejected,
        disk,
      )
      const { columns, table } = saved
      const syncedAt = new Date(now()).toISOString()
      const meta = { accountId: this.id, syncedAt, ...(stale.length > 0 && { stale }) }
      if (signal.aborted) throw syncCancelled()
      await disk.commit(meta, table, signal)
      const reader = await this.#store.openReader()
      const { fingerprints, offsets, lengths } = table
      const all = stale.length > 0 ? ids.concat(stale) : ids
      const diff = diffGroups(
        previous && {
          size: previous.index.size,
          id: (at) => previous.index.id(at),
          fingerprints: previous.fingerprints,
        },
        { size: all.length, id: (at) => all[at] as string, fingerprints },
      )
      const held: HeldSnapshot = {
        meta,
        columns: columns.finish(),
        fingerprints,
        layout: { offsets, lengths },
      }
      await markAdminsFromDisk(held.columns, columns.rowsWithoutAdmins, {
        reader,
        layout: held.layout,
        fingerprints,
      })
      // Every record the same and in the same place, under the same own id: so are the people.
      const samePeople =
        previous !== null &&
        previous.columns.selfId === held.columns.selfId &&
        sameInOrder(previous.fingerprints, fingerprints)
      this.#install(held, reader, { build: true, samePeople })
      return { fetched, held, diff }
    } finally {
      await disk.abandon()
    }
  }

  /**
   * Swaps the snapshot, its records on disk and its index in one step. `build`: a new
   * snapshot's participants index is built now, not when the picker first searches.
   */
  #install(
    snapshot: HeldSnapshot,
    reader: SnapshotReader,
    options: { build: boolean; samePeople?: boolean },
  ): void {
    const index = new GroupsIndex(snapshot.columns, this.#indexOptions(snapshot.meta.stale))
    const old = this.#records
    this.#snapshot = snapshot
    this.#records = { reader, layout: snapshot.layout, fingerprints: snapshot.fingerprints }
    this.#index = index
    this.#people.use(
      {
        path: this.#store.path,
        meta: snapshot.meta,
        columns: snapshot.columns,
        records: this.#records,
      },
      options,
    )
    void old?.reader.retire()
  }

  /**
   * A pass that had to set records aside cannot tell a group that is gone from one whose
   * record it could not read (a record without an id names no group). So after such a pass
   * every group of the previous snapshot that the pass did not see keeps its last good
   * version (read back from disk), marked stale, rather than vanish; only a clean pass
   * removes groups.
   */
  async #keepMissingOnUncleanPass(
    saved: SavedGroups,
    ids: readonly string[],
    rejected: readonly unknown[],
    disk: PagesToDisk,
  ): Promise<{ saved: SavedGroups; stale: string[] }> {
    const index = this.#index
    const records = this.#records
    if (!this.#snapshot || !records || rejected.length === 0) return { saved, stale: [] }
    const present = new Set(ids)
    const carried: { bytes: Buffer; fingerprint: number }[] = []
    const stale: string[] = []
    for (let at = 0; at < index.size; at++) {
      const id = index.id(at)
      if (present.has(id)) continue
      try {
        carried.push({
          bytes: await readRecordBytes(records, at),
          fingerprint: records.fingerprints[at] as number,
        })
        stale.push(id)
        present.add(id)
      } catch (error) {
        this.#options.log.warn('stale group not kept', {
          code: error instanceof AppError ? error.code : 'internal',
        })
      }
    }
    return { saved: await disk.carryOver(saved, carried), stale }
  }

  #newIndex(): GroupsIndex {
    return new GroupsIndex(columnsOf([]), this.#indexOptions())
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

  #startPictures(groups: readonly PictureRef[]): void {
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
