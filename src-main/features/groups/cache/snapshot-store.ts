import { stat } from 'node:fs/promises'
import { basename, dirname, join } from 'node:path'
import type { Group } from '@shared/domain'
import { AppError } from '@shared/errors'
import { userText } from '@shared/i18n/user-text'
import { silentLogger, type Logger } from '../../../platform/log/log'
import { cancelledWrite, removeStaleTemps, writeAtomically } from '../../../platform/files/atomic-write'
import { ColumnFileUnusable, FROM_ANOTHER_SNAPSHOT } from '../../../platform/files/column-file'
import { errnoCode, nodeFiles, type FilePort } from '../../../platform/files/fs-port'
import { NotAPlainFile } from '../../../platform/files/plain-file'
import {
  SnapshotUnreadable,
  decodeSnapshot,
  snapshotStamp,
  verifySnapshot,
  type DecodeOptions,
  type GroupsSnapshot,
  type SnapshotLayout,
  type SnapshotMeta,
  type SnapshotTable,
} from './snapshot-format'
import type { SnapshotProblem } from './snapshot-problems'
import { RecordPrint } from './record-print'
import { SnapshotReader } from './snapshot-reader'
import { SnapshotWriter } from './snapshot-writer'
import { decodeGroupsIndexFile, encodeGroupsIndexFile, type GroupsIndexFile, type IndexedSnapshot } from './groups-index-file'

export const SNAPSHOT_FILE = 'groups.snapshot'
/** The groups index of the snapshot, loaded alone at start (see groups-index-file.ts). */
export const GROUPS_INDEX_FILE = 'groups.index'
/** Records per segment when save() writes groups it was handed (rather than pages). */
const SAVE_SEGMENT_BYTES = 4 * 1024 * 1024
/** Set-aside copies kept for inspection; older ones go, as each can be hundreds of megabytes. */
const KEEP_SET_ASIDE = 2

export type SnapshotLoad =
  | { status: 'missing' }
  | { status: 'loaded'; snapshot: GroupsSnapshot }
  /** The file could not be used and was moved to `movedTo` (null when even that failed). */
  | { status: 'set-aside'; reason: SnapshotProblem; movedTo: string | null }

export interface SnapshotStoreOptions {
  /** The account's folder. */
  dir: string
  accountId: string
  files?: FilePort
  log?: Logger
  now?: () => Date
}

/**
 * One account's groups snapshot on disk. Saves are atomic and run one at a time; a save
 * that fails or is cancelled leaves the last complete snapshot where it was.
 */
export class SnapshotStore {
  readonly path: string
  readonly indexPath: string
  readonly #accountId: string
  readonly #files: FilePort
  readonly #log: Logger
  readonly #now: () => Date
  #queue: Promise<unknown> = Promise.resolve()

  constructor(options: SnapshotStoreOptions) {
    this.path = join(options.dir, SNAPSHOT_FILE)
    this.indexPath = join(options.dir, GROUPS_INDEX_FILE)
    this.#accountId = options.accountId
    this.#files = options.files ?? nodeFiles
    this.#log = options.log ?? silentLogger
    this.#now = options.now ?? (() => new Date())
  }

  /**
   * Reads the snapshot; an unreadable one is moved aside rather than thrown. `keep` says
   * what of each record stays in memory (see openReader for the rest).
   */
  load(keep?: Pick<DecodeOptions, 'keep' | 'visit'>): Promise<SnapshotLoad> {
    return this.#serial(() => this.#load(keep))
  }

  /**
   * The groups index of the snapshot now on disk, or null when there is none that belongs
   * to it (missing, damaged, or left from an earlier snapshot): then load() the snapshot.
   */
  loadIndex(): Promise<GroupsIndexFile | null> {
    return this.#serial(async () => {
      await removeStaleTemps(this.#files, this.indexPath)
      let buffer: Buffer
      try {
        buffer = await this.#files.readFile(this.indexPath)
      } catch {
        return null
      }
      // The file is used only if it was made from the snapshot on disk now.
      const snapshot = await this.#snapshotOnDisk()
      let reason = FROM_ANOTHER_SNAPSHOT
      try {
        if (snapshot) return decodeGroupsIndexFile(buffer, snapshot)
      } catch (error) {
        if (!(error instanceof ColumnFileUnusable)) throw error
        reason = error.reason
      }
      if (reason === FROM_ANOTHER_SNAPSHOT) this.#log.info('groups index is from another snapshot; rebuilding it')
      else this.#log.warn('groups index unusable; rebuilding it', { reason })
      return null
    })
  }

  /** Writes the groups index of the snapshot just saved or loaded; cheap to rebuild, so not fsynced. */
  saveIndex(index: Omit<GroupsIndexFile, 'snapshotBytes'>): Promise<void> {
    return this.#serial(async () => {
      try {
        const snapshotBytes = (await stat(this.path)).size
        await writeAtomically(this.#files, this.indexPath, encodeGroupsIndexFile({ ...index, snapshotBytes }), { durable: false })
      } catch (error) {
        this.#log.warn('groups index not saved', {
          code: error instanceof AppError ? error.code : (errnoCode(error) ?? 'unknown'),
        })
      }
    })
  }

  /**
   * Checks every segment of the snapshot `reader` is bound to; a damaged one is set aside
   * (the index with it) and the reason returned. Null when the file is whole.
   */
  verify(reader: SnapshotReader): Promise<SnapshotProblem | null> {
    return this.#serial(async () => {
      const reason = await verifySnapshot((offset, length) => reader.read(offset, length), await reader.size())
      if (reason !== null) await this.#setAside(reason)
      return reason
    })
  }

  /**
   * The snapshot file now on disk, opened for reading records by their range. Call it
   * right after load() or save(), before any other save can replace the file.
   */
  openReader(): Promise<SnapshotReader> {
    return this.#serial(async () => {
      try {
        return await SnapshotReader.open(this.path)
      } catch (error) {
        throw new AppError('storage', userText('groupErrors.cache.notOpened'), { errno: errnoCode(error) ?? 'unknown' }, { cause: error })
      }
    })
  }

  /**
   * Starts a new snapshot beside the current one; its segments are appended as the sync
   * reads them, and commit() puts it in place. The current snapshot stays until then. Its
   * records are fingerprinted with `print`; by default with the key of the snapshot on disk,
   * so the records that did not change keep their fingerprints, or a new one.
   */
  async begin(print?: RecordPrint): Promise<SnapshotWriter> {
    try {
      return await SnapshotWriter.create(this.#files, this.path, this.#accountId, print ?? (await this.#keptPrint()))
    } catch (error) {
      throw this.#notSaved(error)
    }
  }

  /**
   * Completes a snapshot begun with begin(). Rejects with an AppError (`cancelled` or
   * `storage`) and leaves the previous file as it was when the write cannot finish.
   */
  commit(writer: SnapshotWriter, meta: SnapshotMeta, table: SnapshotTable, signal?: AbortSignal): Promise<void> {
    return this.#serial(() => this.#commit(writer, meta, table, signal))
  }

  async #commit(writer: SnapshotWriter, meta: SnapshotMeta, table: SnapshotTable, signal?: AbortSignal): Promise<void> {
    try {
      const { dirSynced } = await writer.finish(meta, table, signal)
      if (!dirSynced) this.#log.warn('groups cache saved but its folder could not be flushed to disk')
    } catch (error) {
      throw this.#notSaved(error)
    }
  }

  /**
   * Writes a complete snapshot of `groups` (each serialised here, as they did not come as
   * pages) and returns their fingerprints.
   */
  save(
    meta: SnapshotMeta,
    groups: readonly Group[],
    signal?: AbortSignal,
    /** Filled with where each group's record was written. */
    layout: SnapshotLayout = {
      offsets: new Float64Array(groups.length),
      lengths: new Uint32Array(groups.length),
    },
  ): Promise<Uint32Array> {
    return this.#serial(async () => {
      const fingerprints = new Uint32Array(groups.length)
      const writer = await this.begin()
      try {
        for (let i = 0; i < groups.length;) {
          if (signal?.aborted) throw cancelledWrite()
          const parts: Buffer[] = [Buffer.from('[')]
          const first = i
          let bytes = 1
          for (; i < groups.length && (i === first || bytes < SAVE_SEGMENT_BYTES); i++) {
            if (i > first) parts.push(Buffer.from(','))
            const record = Buffer.from(JSON.stringify(groups[i]))
            layout.offsets[i] = bytes + (i > first ? 1 : 0)
            layout.lengths[i] = record.length
            fingerprints[i] = writer.print.of(record)
            bytes += record.length + (i > first ? 1 : 0)
            parts.push(record)
          }
          parts.push(Buffer.from(']'))
          const at = await writer.append(Buffer.concat(parts))
          for (let k = first; k < i; k++) layout.offsets[k] = at + (layout.offsets[k] as number)
        }
      } catch (error) {
        await writer.abandon()
        throw this.#notSaved(error)
      }
      await this.#commit(writer, meta, { ...layout, fingerprints }, signal)
      return fingerprints
    })
  }

  /** The key of the snapshot on disk, when it has one; else a new one. */
  async #keptPrint(): Promise<RecordPrint> {
    let reader: SnapshotReader | null = null
    try {
      reader = await SnapshotReader.open(this.path)
      return reader.print.keyed ? reader.print : RecordPrint.fresh()
    } catch {
      return RecordPrint.fresh()
    } finally {
      await reader?.retire()
    }
  }

  #notSaved(error: unknown): AppError {
    if (error instanceof AppError) return error
    this.#log.error('groups cache not saved', { code: errnoCode(error) ?? 'unknown' })
    return new AppError('storage', userText('groupErrors.cache.notSaved'), { errno: errnoCode(error) ?? 'unknown' }, { cause: error })
  }

  async #load(keep?: Pick<DecodeOptions, 'keep' | 'visit'>): Promise<SnapshotLoad> {
    const stale = await removeStaleTemps(this.#files, this.path)
    if (stale > 0) this.#log.info('removed unfinished cache writes', { count: stale })
    let buffer: Buffer
    try {
      buffer = await this.#files.readFile(this.path)
    } catch (error) {
      if (errnoCode(error) === 'ENOENT') return { status: 'missing' }
      if (error instanceof NotAPlainFile)
        return { status: 'set-aside', reason: 'not-a-plain-file', movedTo: await this.#setAside('not-a-plain-file') }
      throw new AppError('storage', userText('groupErrors.cache.notRead'), { errno: errnoCode(error) ?? 'unknown' }, { cause: error })
    }
    try {
      return {
        status: 'loaded',
        snapshot: await decodeSnapshot(buffer, {
          accountId: this.#accountId,
          ...keep,
        }),
      }
    } catch (error) {
      if (!(error instanceof SnapshotUnreadable)) throw error
      return {
        status: 'set-aside',
        reason: error.reason,
        movedTo: await this.#setAside(error.reason, error.version),
      }
    }
  }

  /** What an index file must have been made from to be of the snapshot on disk: its time and size. */
  async #snapshotOnDisk(): Promise<IndexedSnapshot | null> {
    let reader: SnapshotReader | undefined
    try {
      reader = await SnapshotReader.open(this.path)
      const size = await reader.size()
      const stamp = await snapshotStamp((offset, length) => (reader as SnapshotReader).read(offset, length), size)
      if (stamp?.accountId !== this.#accountId) return null
      return { accountId: stamp.accountId, syncedAt: stamp.syncedAt, bytes: size }
    } catch {
      return null
    } finally {
      await reader?.retire()
    }
  }

  /** `version`: the format the file says it has, when that is the problem. */
  async #setAside(reason: SnapshotProblem, version?: number): Promise<string | null> {
    await this.#files.unlink(this.indexPath).catch(() => undefined)
    const stamp = this.#now().toISOString().replace(/[:.]/g, '-')
    const target = `${this.path}.unreadable-${stamp}`
    try {
      await this.#files.rename(this.path, target)
    } catch (error) {
      this.#log.error('unreadable groups cache could not be moved aside', {
        reason,
        ...(version !== undefined && { version }),
        code: errnoCode(error) ?? 'unknown',
      })
      return null
    }
    this.#log.warn('unreadable groups cache set aside', { reason, ...(version !== undefined && { version }), movedTo: basename(target) })
    await this.#pruneSetAside()
    return target
  }

  async #pruneSetAside(): Promise<void> {
    const prefix = `${SNAPSHOT_FILE}.unreadable-`
    const names = (await this.#files.readdir(dirname(this.path)).catch(() => [] as string[]))
      .filter((name) => name.startsWith(prefix))
      .sort()
    for (const name of names.slice(0, Math.max(0, names.length - KEEP_SET_ASIDE))) {
      await this.#files.unlink(join(dirname(this.path), name)).catch(() => undefined)
    }
  }

  #serial<T>(task: () => Promise<T>): Promise<T> {
    const run = this.#queue.then(task, task)
    this.#queue = run.catch(() => undefined)
    return run
  }
}
