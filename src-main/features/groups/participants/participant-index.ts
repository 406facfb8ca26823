import { performance } from 'node:perf_hooks'
import { join } from 'node:path'
import { AppError } from '@shared/errors'
import { userText } from '@shared/i18n/user-text'
import { removeStaleTemps, writeAtomically } from '../../../platform/files/atomic-write'
import { ColumnFileUnusable } from '../../../platform/files/column-file'
import { errnoCode, nodeFiles, type FilePort } from '../../../platform/files/fs-port'
import type { Logger } from '../../../platform/log/log'
import type { RecordsOnDisk, SnapshotMeta } from '../cache'
import type { GroupColumns } from '../index'
import { SnapshotMoved, buildInWorker, type WorkerStarter } from './build-in-worker'
import { decodeParticipants, encodeParticipants, tableChecksum, type SnapshotIdentity } from './participants-file'
import type { ParticipantsTable } from './participants-table'

/** The participants index file, in the account's folder beside the groups snapshot. */
export const PARTICIPANTS_FILE = 'participants.index'

/** What main holds of the snapshot in use that the participants are built from. */
export interface ParticipantsSnapshot {
  /** The snapshot file `records` were read from. */
  path: string
  meta: SnapshotMeta
  columns: GroupColumns
  records: RecordsOnDisk
}

/** The participants of the snapshot in use, while the picker uses them. */
export interface LoadedParticipants {
  table: ParticipantsTable
  /** The columns of the snapshot it was built from: sample groups' names are read there. */
  columns: GroupColumns
}

export interface ParticipantIndexOptions {
  /** The account's folder. */
  dir: string
  accountId: string
  log: Logger
  files?: FilePort
  /** The loaded index is let go after this long without a search. */
  idleMs?: number
  /** How long a search waits for a build before saying that it is still under way. */
  buildWaitMs?: number
  /** How long after a sync its build starts (a sync's own follow-up work goes first). */
  buildDelayMs?: number
  startWorker?: WorkerStarter
}

/** A picker left alone for this long is probably closed: its memory goes back. */
const IDLE_MS = 3 * 60_000
/**
 * Most builds end within seconds; a search that would wait longer is answered with an
 * error saying so (the build goes on), rather than left hanging or shown as nobody.
 */
const BUILD_WAIT_MS = 15_000
const BUILD_DELAY_MS = 1_000

interface Current {
  source: ParticipantsSnapshot
  identity: Promise<SnapshotIdentity>
  /**
   * The snapshot before this one, when a sync found every record the same and in the same
   * place: the participants are then those of its file, which is carried over (re-tagged)
   * rather than built again from every record.
   */
  sameAs?: Promise<SnapshotIdentity>
}

async function identityOf(source: ParticipantsSnapshot): Promise<SnapshotIdentity> {
  const { reader, layout, fingerprints } = source.records
  const bytes = await reader.size()
  return {
    syncedAt: source.meta.syncedAt,
    bytes,
    table: tableChecksum(layout.offsets, layout.lengths, fingerprints),
  }
}

function notRead(error: unknown): AppError {
  return new AppError(
    'storage',
    userText('groupErrors.participants.cacheNotRead'),
    { errno: errnoCode(error) ?? 'unknown' },
    { cause: error },
  )
}

/**
 * One account's participants index: everyone in the snapshot's groups, built on a worker
 * thread into a file beside the snapshot, and loaded into main (as typed arrays) only while
 * the audience picker searches it. A file that is missing, damaged, of another version or
 * of another snapshot is built again; builds run one at a time.
 */
export class ParticipantIndex {
  readonly path: string
  readonly #options: ParticipantIndexOptions
  readonly #files: FilePort
  readonly #stop = new AbortController()
  #current: Current | null = null
  #loaded: { for: Current; value: LoadedParticipants } | null = null
  #loading: { for: Current; promise: Promise<LoadedParticipants | null> } | null = null
  #building: { for: Current; promise: Promise<void> } | null = null
  #builds: Promise<unknown> = Promise.resolve()
  #idle: NodeJS.Timeout | null = null
  #soon: NodeJS.Timeout | null = null
  #tempsSwept = false
  /** Whether the picker has asked for the participants in this run. */
  #used = false

  constructor(options: ParticipantIndexOptions) {
    this.#options = options
    this.path = join(options.dir, PARTICIPANTS_FILE)
    this.#files = options.files ?? nodeFiles
  }

  /** Whether main holds the index now (between a search and the idle release). */
  get held(): boolean {
    return this.#loaded !== null
  }

  /**
   * The snapshot now in use (null: none). `build` starts its index shortly (after a sync,
   * so a picker already used this run is ready when opened again); otherwise it is built on
   * the first search that finds no index file of this snapshot. `sameParticipants`: the sync
   * found every record as before, so the last file is carried over rather than built again.
   */
  use(source: ParticipantsSnapshot | null, options: { build: boolean; sameParticipants?: boolean }): void {
    const before = this.#current
    const current: Current | null = source && {
      source,
      identity: identityOf(source),
      ...(options.sameParticipants && before && { sameAs: before.identity }),
    }
    // Awaited by whoever needs it; until then a failure must not count as unhandled.
    current?.identity.catch(() => undefined)
    this.#current = current
    this.#release()
    if (this.#soon) clearTimeout(this.#soon)
    this.#soon = null
    // Built ahead only for a picker in use this run (or carried over, which is cheap): an
    // account whose picker is never opened never pays a read of every record per sync.
    if (!current || !options.build || this.#stop.signal.aborted) return
    if (!this.#used && !current.sameAs) return
    this.#soon = setTimeout(() => {
      this.#soon = null
      if (this.#current !== current) return
      if (this.#used) void this.#build(current).catch(() => undefined)
      else this.#carryOver(current)
    }, this.#options.buildDelayMs ?? BUILD_DELAY_MS)
    this.#soon.unref()
  }

  /**
   * The participants of the snapshot in use, loaded from the file (built first when needed);
   * null when there is no snapshot. Rejects with an AppError that says why when they
   * cannot be listed, or are still being listed after a bounded wait.
   */
  participants(): Promise<LoadedParticipants | null> {
    this.#used = true
    const current = this.#current
    if (!current) return Promise.resolve(null)
    this.#touch()
    if (this.#loaded?.for === current) return Promise.resolve(this.#loaded.value)
    if (this.#loading?.for !== current) {
      const promise: Promise<LoadedParticipants | null> = this.#load(current).finally(() => {
        if (this.#loading?.promise === promise) this.#loading = null
      })
      this.#loading = { for: current, promise }
    }
    return this.#loading.promise
  }

  async dispose(): Promise<void> {
    this.#stop.abort()
    this.#current = null
    this.#release()
    if (this.#soon) clearTimeout(this.#soon)
    this.#soon = null
    await this.#builds
  }

  async #load(current: Current): Promise<LoadedParticipants | null> {
    let identity: SnapshotIdentity
    try {
      identity = await current.identity
    } catch (error) {
      throw notRead(error)
    }
    let table = await this.#read(identity)
    if (!table) {
      try {
        await this.#waitForBuild(current)
      } catch (error) {
        if (!(error instanceof SnapshotMoved)) throw error
        // A sync put a newer snapshot in place meanwhile: answer from that one.
        if (this.#current !== current) return this.participants()
        throw new AppError('conflict', userText('groupErrors.participants.syncedMeanwhile'))
      }
      table = await this.#read(identity)
      if (!table) throw new AppError('storage', userText('groupErrors.participants.notReadBack'))
    }
    const value = { table, columns: current.source.columns }
    if (this.#current === current) {
      this.#loaded = { for: current, value }
      this.#touch()
    }
    return value
  }

  /** The table in the file when it is whole and of this snapshot, else null (and why is logged). */
  async #read(identity: SnapshotIdentity): Promise<ParticipantsTable | null> {
    const { log, accountId } = this.#options
    if (!this.#tempsSwept) {
      this.#tempsSwept = true
      await removeStaleTemps(this.#files, this.path)
    }
    let buffer: Buffer
    try {
      buffer = await this.#files.readFile(this.path)
    } catch (error) {
      if (errnoCode(error) !== 'ENOENT') log.warn('participants index not read', { code: errnoCode(error) ?? 'unknown' })
      return null
    }
    try {
      return decodeParticipants(buffer, accountId, identity)
    } catch (error) {
      if (!(error instanceof ColumnFileUnusable)) throw error
      log.info('participants index not usable; building it again', { reason: error.reason })
      return null
    }
  }

  async #waitForBuild(current: Current): Promise<void> {
    let timer: NodeJS.Timeout | undefined
    const late = new Promise<'late'>((resolve) => {
      timer = setTimeout(() => resolve('late'), this.#options.buildWaitMs ?? BUILD_WAIT_MS)
    })
    try {
      const first = await Promise.race([this.#build(current).then(() => 'built' as const), late])
      if (first === 'late')
        throw new AppError('timeout', userText('groupErrors.participants.stillListing', { count: current.source.columns.count }))
    } finally {
      clearTimeout(timer)
    }
  }

  /** The build of `current`'s file: the one under way, or a new one after any other ends. */
  #build(current: Current): Promise<void> {
    if (this.#building?.for === current) return this.#building.promise
    const promise = this.#builds.then(() => this.#runBuild(current))
    this.#builds = promise.catch(() => undefined)
    this.#building = { for: current, promise }
    // Done or failed, the next need builds again (a failed build is retried by the next search).
    void promise
      .finally(() => {
        if (this.#building?.promise === promise) this.#building = null
      })
      .catch(() => undefined)
    return promise
  }

  async #runBuild(current: Current): Promise<void> {
    const { log, accountId } = this.#options
    if (this.#current !== current) throw new SnapshotMoved()
    let identity: SnapshotIdentity
    try {
      identity = await current.identity
    } catch (error) {
      throw notRead(error)
    }
    // Carried over (or built) meanwhile: nothing to do.
    if (await this.#read(identity)) return
    if (await this.#carried(current, identity)) return
    const { path, columns, records } = current.source
    const started = performance.now()
    try {
      const built = await buildInWorker(
        {
          accountId,
          snapshotPath: path,
          indexPath: this.path,
          snapshot: identity,
          selfId: columns.selfId,
          groups: columns.count,
          offsets: records.layout.offsets,
          lengths: records.layout.lengths,
          fingerprints: records.fingerprints,
        },
        {
          signal: this.#stop.signal,
          ...(this.#options.startWorker && { start: this.#options.startWorker }),
        },
      )
      log.info('participants index built', {
        participants: built.count,
        listed: built.listed,
        bytes: built.bytes,
        ms: Math.round(performance.now() - started),
      })
    } catch (error) {
      if (!(error instanceof SnapshotMoved))
        log.warn('participants index not built', {
          code: error instanceof AppError ? error.code : 'internal',
          reason: error instanceof Error ? error.message : String(error),
        })
      throw error
    }
  }

  /** Carries the last file over, in turn with the builds; builds nothing if there is none. */
  #carryOver(current: Current): void {
    const carry = this.#builds.then(async () => {
      if (this.#current === current) await this.#carried(current, await current.identity)
    })
    this.#builds = carry.catch(() => undefined)
  }

  /**
   * Writes the file of the snapshot before `current` again under `current`'s identity, when
   * the sync said their participants are the same; false when there is no such file to carry.
   */
  async #carried(current: Current, identity: SnapshotIdentity): Promise<boolean> {
    const sameAs = current.sameAs
    delete current.sameAs
    if (!sameAs) return false
    try {
      const table = await this.#read(await sameAs)
      if (!table) return false
      const chunks = encodeParticipants(table, this.#options.accountId, identity)
      await writeAtomically(this.#files, this.path, chunks, { durable: false })
      this.#options.log.info('participants index carried over', { participants: table.count })
      return true
    } catch (error) {
      this.#options.log.warn('participants index not carried over', {
        code: errnoCode(error) ?? 'unknown',
      })
      return false
    }
  }

  #touch(): void {
    if (this.#idle) clearTimeout(this.#idle)
    this.#idle = setTimeout(() => this.#release(), this.#options.idleMs ?? IDLE_MS)
    this.#idle.unref()
  }

  #release(): void {
    if (this.#idle) clearTimeout(this.#idle)
    this.#idle = null
    this.#loaded = null
  }
}
