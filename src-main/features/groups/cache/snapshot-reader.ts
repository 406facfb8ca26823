import type { FileHandle } from 'node:fs/promises'
import { openPlainFile } from '../../../platform/files/plain-file'
import { RecordPrint } from './record-print'
import { snapshotPrint } from './snapshot-format'
import { SnapshotUnreadable } from './snapshot-problems'

/**
 * An open snapshot file that records are read from by their byte range. It stays bound to
 * the file it opened even after a newer snapshot is renamed over the path, so the ranges
 * of the snapshot in use always point into the bytes they were measured in.
 */
export class SnapshotReader {
  /** How the file's records are fingerprinted, from its first line. */
  print: RecordPrint = RecordPrint.keyless
  readonly #handle: FileHandle
  #reading = 0
  #retired = false
  #closed: Promise<void> | null = null

  private constructor(handle: FileHandle) {
    this.#handle = handle
  }

  static async open(path: string): Promise<SnapshotReader> {
    // A plain file, never through a link (see plain-file.ts).
    const reader = new SnapshotReader((await openPlainFile(path)).handle)
    try {
      reader.print = await snapshotPrint((offset, length) => reader.read(offset, length), await reader.size())
    } catch (error) {
      // A first line that cannot be read: no record will prove itself, and the check of the
      // whole file (SnapshotStore.verify) sets it aside.
      if (!(error instanceof SnapshotUnreadable)) {
        await reader.retire()
        throw error
      }
    }
    return reader
  }

  /** Exactly `length` bytes from `offset`; fewer means the file is not the one measured. */
  async read(offset: number, length: number): Promise<Buffer> {
    if (this.#retired) throw new Error('snapshot reader retired')
    this.#reading++
    try {
      const buffer = Buffer.allocUnsafe(length)
      let filled = 0
      while (filled < length) {
        const { bytesRead } = await this.#handle.read(buffer, filled, length - filled, offset + filled)
        if (bytesRead === 0) break
        filled += bytesRead
      }
      return filled === length ? buffer : buffer.subarray(0, filled)
    } finally {
      this.#reading--
      if (this.#retired && this.#reading === 0) void this.#close()
    }
  }

  /** The size of the file it is bound to. */
  async size(): Promise<number> {
    return (await this.#handle.stat()).size
  }

  /** No new reads; the file closes once the reads under way are done. */
  retire(): Promise<void> {
    this.#retired = true
    return this.#reading === 0 ? this.#close() : Promise.resolve()
  }

  #close(): Promise<void> {
    this.#closed ??= this.#handle.close().catch(() => undefined)
    return this.#closed
  }
}
