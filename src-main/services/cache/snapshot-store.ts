import { open, stat } from 'node:fs/promises'
import { basename, dirname, join } from 'node:path'
import type { Group } from '@shared/domain'
import { AppError } from '@shared/errors'
import { silentLogger, type Logger } from '../log'
import { removeStaleTemps, writeAtomically } from './atomic-write'
import { errnoCode, nodeFiles, type FilePort } from './fs-port'
import {
  SnapshotUnreadable,
  decodeSnapshot,
  encodeSnapshot,
  type DecodeOptions,
  type GroupsSnapshot,
  type SnapshotLayout,
  type SnapshotMeta,
} from './snapshot-format'
import { SnapshotReader } from './snapshot-reader'
import {
  LeanIndexUnusable,
  decodeLeanIndex,
  encodeLeanIndex,
  type LeanIndex,
} from './lean-index-file'
import { verifySnapshot } from './snapshot-format'

export const SNAPSHOT_FILE = 'groups.snapshot'
/** The lean index of the snapshot, loaded alone at start (see lean-index-file.ts). */
export const LEAN_INDEX_FILE = 'groups.index'
/** Set-aside copies kept for inspection; older ones go, as each can be hundreds of megabytes. */
const KEEP_SET_ASIDE = 2

export type SnapshotLoad =
  | { status: 'missing' }
  | { status: 'loaded'; snapshot: GroupsSnapshot }
  /** The file could not be used and was moved to `movedTo` (null when even that failed). */
  | { status: 'set-aside'; reason: string; movedTo: string | null }

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
    this.indexPath = join(options.dir, LEAN_INDEX_FILE)
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
   * The lean index of the snapshot now on disk, or null when there is none that belongs to
   * it (missing, damaged, or left from an earlier snapshot): then load() the snapshot.
   */
  loadIndex(): Promise<LeanIndex | null> {
    return this.#serial(async () => {
      await removeStaleTemps(this.#files, this.indexPath)
      let buffer: Buffer
      try {
        buffer = await this.#files.readFile(this.indexPath)
      } catch {
        return null
      }
      try {
        const index = decodeLeanIndex(buffer, this.#accountId)
        const matches = await this.#snapshotIs(index)
        if (!matches) this.#log.info('groups index is from another snapshot; rebuilding it')
        return matches ? index : null
      } catch (error) {
        if (!(error instanceof LeanIndexUnusable)) throw error
        this.#log.warn('groups index unusable; rebuilding it', { reason: error.message })
        return null
      }
    })
  }

  /** Writes the lean index of the snapshot just saved or loaded. Cheap to rebuild, so not fsynced. */
  saveIndex(index: Omit<LeanIndex, 'snapshotBytes'>): Promise<void> {
    return this.#serial(async () => {
      try {
        const snapshotBytes = (await stat(this.path)).size
        await writeAtomically(
          this.#files,
          this.indexPath,
          encodeLeanIndex({ ...index, snapshotBytes }),
          { durable: false },
        )
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
  verify(reader: SnapshotReader): Promise<string | null> {
    return this.#serial(async () => {
      const reason = await verifySnapshot(
        (offset, length) => reader.read(offset, length),
        await reader.size(),
      )
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
        throw new AppError(
          'storage',
          'The groups cache could not be opened.',
          { errno: errnoCode(error) ?? 'unknown' },
          { cause: error },
        )
      }
    })
  }

  /**
   * Writes a complete snapshot and returns the fingerprints of its groups. Rejects with
   * an AppError (`cancelled` or `storage`) and leaves the previous file as it was when the
   * write cannot finish.
   */
  save(
    meta: SnapshotMeta,
    groups: readonly Group[],
    signal?: AbortSignal,
    /** Filled with where each group's record was written. */
    layout?: SnapshotLayout,
  ): Promise<Uint32Array> {
    return this.#serial(async () => {
      const fingerprints = new Uint32Array(groups.length)
      try {
        const { dirSynced } = await writeAtomically(
          this.#files,
          this.path,
          encodeSnapshot(meta, groups, fingerprints, layout),
          {
            ...(signal && { signal }),
          },
        )
        if (!dirSynced)
          this.#log.warn('groups cache saved but its folder could not be flushed to disk')
      } catch (error) {
        if (error instanceof AppError) throw error
        this.#log.error('groups cache not saved', { code: errnoCode(error) ?? 'unknown' })
        throw new AppError(
          'storage',
          'The groups could not be saved to the cache on disk (is the disk full or the data folder read-only?). The previous cache is kept.',
          { errno: errnoCode(error) ?? 'unknown' },
          { cause: error },
        )
      }
      return fingerprints
    })
  }

  async #load(keep?: Pick<DecodeOptions, 'keep' | 'visit'>): Promise<SnapshotLoad> {
    const stale = await removeStaleTemps(this.#files, this.path)
    if (stale > 0) this.#log.info('removed unfinished cache writes', { count: stale })
    let buffer: Buffer
    try {
      buffer = await this.#files.readFile(this.path)
    } catch (error) {
      if (errnoCode(error) === 'ENOENT') return { status: 'missing' }
      throw new AppError(
        'storage',
        'The groups cache could not be read from disk.',
        { errno: errnoCode(error) ?? 'unknown' },
        { cause: error },
      )
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
        movedTo: await this.#setAside(error.reason),
      }
    }
  }

  /** The snapshot on disk is the one the index was made from: same time, same size. */
  async #snapshotIs(index: LeanIndex): Promise<boolean> {
    let handle
    try {
      handle = await open(this.path, 'r')
      if ((await handle.stat()).size !== index.snapshotBytes) return false
      const head = Buffer.alloc(64 * 1024)
      const { bytesRead } = await handle.read(head, 0, head.length, 0)
      const end = head.subarray(0, bytesRead).indexOf(0x0a)
      if (end < 0) return false
      const header = JSON.parse(head.toString('utf8', 0, end)) as {
        syncedAt?: unknown
        accountId?: unknown
      }
      return header.syncedAt === index.meta.syncedAt && header.accountId === this.#accountId
    } catch {
      return false
    } finally {
      await handle?.close()
    }
  }

  async #setAside(reason: string): Promise<string | null> {
    await this.#files.unlink(this.indexPath).catch(() => undefined)
    const stamp = this.#now().toISOString().replace(/[:.]/g, '-')
    const target = `${this.path}.unreadable-${stamp}`
    try {
      await this.#files.rename(this.path, target)
    } catch (error) {
      this.#log.error('unreadable groups cache could not be moved aside', {
        reason,
        code: errnoCode(error) ?? 'unknown',
      })
      return null
    }
    this.#log.warn('unreadable groups cache set aside', { reason, movedTo: basename(target) })
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
