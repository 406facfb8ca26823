import { randomBytes } from 'node:crypto'
import { dirname, join } from 'node:path'
import { AppError } from '@shared/errors'
import { userText } from '@shared/i18n/user-text'
import { cancelledWrite, tempPrefix } from '../../../platform/files/atomic-write'
import type { FilePort, WritableFile } from '../../../platform/files/fs-port'
import type { RecordPrint } from './record-print'
import { blockLine, headerLine, tableBody, trailerLine, type SnapshotMeta, type SnapshotTable } from './snapshot-format'

const NEWLINE = Buffer.from('\n')

/**
 * A snapshot being written while the sync reads the pages: each page's bytes go into a
 * temp file beside the snapshot as they arrive, and finish() adds the table and trailer,
 * flushes the file, renames it over the snapshot and flushes the folder (the same promises
 * as writeAtomically: a crash at any moment leaves the old snapshot or the new one).
 * Until finish() has renamed it, abandon() removes it and the old snapshot stays.
 */
export class SnapshotWriter {
  readonly #files: FilePort
  readonly #path: string
  readonly #temp: string
  readonly #file: WritableFile
  /** Bytes of the file once every write queued so far is done. */
  #size: number
  #queue: Promise<void> = Promise.resolve()
  #failure: { error: unknown } | null = null
  #closed = false

  private constructor(
    files: FilePort,
    path: string,
    temp: string,
    file: WritableFile,
    /** How the records written here are fingerprinted: its key goes in the file's first line. */
    readonly print: RecordPrint,
  ) {
    this.#files = files
    this.#path = path
    this.#temp = temp
    this.#file = file
    this.#size = 0
  }

  static async create(files: FilePort, path: string, accountId: string, print: RecordPrint): Promise<SnapshotWriter> {
    const temp = join(dirname(path), `${tempPrefix(path)}${process.pid}-${randomBytes(6).toString('hex')}`)
    const writer = new SnapshotWriter(files, path, temp, await files.create(temp), print)
    writer.#write([headerLine(accountId, print)])
    return writer
  }

  /**
   * Appends one segment holding `body`; resolves, once it is written, with the file offset
   * where the body starts. Appends are written in the order they are made. `crc`: the
   * body's CRC-32 when it is known already (a page's, from the worker that read it).
   */
  async append(body: Uint8Array, crc?: number): Promise<number> {
    const head = blockLine(body, crc)
    const at = this.#size + head.length
    await this.#write([head, body, NEWLINE])
    return at
  }

  /** Writes the table and trailer and puts the file in place of the snapshot. */
  async finish(meta: SnapshotMeta, table: SnapshotTable, signal?: AbortSignal): Promise<{ dirSynced: boolean }> {
    let renamed = false
    try {
      const body = tableBody({ ...table, ...(meta.stale && { stale: meta.stale }) })
      const tableAt = this.#size
      await this.#write([blockLine(body), body, NEWLINE, trailerLine(meta.syncedAt, table.offsets.length, tableAt)])
      if (signal?.aborted) throw cancelledWrite()
      await this.#file.sync()
      await this.#close()
      if (signal?.aborted) throw cancelledWrite()
      await this.#files.rename(this.#temp, this.#path)
      renamed = true
    } finally {
      if (!renamed) await this.abandon()
    }
    // The new file is in place from here on; failing now would report a save that happened as lost.
    try {
      await this.#files.syncDir(dirname(this.#path))
      return { dirSynced: true }
    } catch {
      return { dirSynced: false }
    }
  }

  /** Drops the temp file; the snapshot on disk is left as it was. */
  async abandon(): Promise<void> {
    await this.#queue.catch(() => undefined)
    await this.#close().catch(() => undefined)
    await this.#files.unlink(this.#temp).catch(() => undefined)
  }

  #write(chunks: Uint8Array[]): Promise<void> {
    if (this.#closed) return Promise.reject(new AppError('storage', userText('groupErrors.cache.writeEnded'), { reason: 'writer-closed' }))
    for (const chunk of chunks) this.#size += chunk.length
    const run = this.#queue.then(async () => {
      if (this.#failure) throw this.#failure.error
      try {
        for (const chunk of chunks) await this.#file.write(chunk)
      } catch (error) {
        this.#failure = { error }
        throw error
      }
    })
    this.#queue = run.catch(() => undefined)
    return run
  }

  async #close(): Promise<void> {
    if (this.#closed) return
    this.#closed = true
    await this.#file.close()
  }
}
