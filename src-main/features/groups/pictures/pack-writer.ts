import { closeSync, fstatSync, mkdirSync, openSync, readdirSync, writeSync } from 'node:fs'
import { join } from 'node:path'
import { errnoCode } from '../../../platform/files/fs-port'
import { MAX_PACK_BYTES, PACK_FILE, packFile } from './picture-names'

/**
 * The pack a folder's thumbnails are appended to, on the picture worker (the only writer of
 * its folders). A record goes at the pack's end as it is on disk (fstat): bytes a crash left
 * after the last record a manifest names are only dead space, never read. Writes are in one go
 * on this thread, as pictures' files were, and not synced: pictures can always be fetched
 * again, and only the manifest is made durable. A pack past MAX_PACK_BYTES is closed and the
 * next record starts a new one.
 */
export class PackWriter {
  readonly #dir: string
  #fd: number | null = null
  #pack = 0
  #size = 0

  constructor(dir: string) {
    this.#dir = dir
  }

  /** The pack records go to now, or null before the first; never swept while the folder is open. */
  get current(): string | null {
    return this.#fd === null ? null : packFile(this.#pack)
  }

  /** Appends `bytes`; which pack they went to and where. */
  append(bytes: Uint8Array): { pack: number; offset: number; length: number } {
    if (this.#fd === null || this.#size >= MAX_PACK_BYTES) this.#open()
    const fd = this.#fd as number
    const offset = this.#size
    try {
      for (let written = 0; written < bytes.byteLength;)
        written += writeSync(fd, bytes, written, bytes.byteLength - written, offset + written)
    } catch (error) {
      // What reached the disk is not known: the pack's end is read again before the next record.
      this.close()
      throw error
    }
    this.#size = offset + bytes.byteLength
    return { pack: this.#pack, offset, length: bytes.byteLength }
  }

  close(): void {
    if (this.#fd !== null) closeSync(this.#fd)
    this.#fd = null
  }

  /** Reopens the newest pack while it has room, or starts the next. */
  #open(): void {
    const reopen = this.#fd === null
    this.close()
    const newest = Math.max(-1, ...this.#packs())
    if (reopen && newest >= 0) {
      const fd = openSync(join(this.#dir, packFile(newest)), 'r+')
      const size = fstatSync(fd).size
      if (size < MAX_PACK_BYTES) {
        ;[this.#fd, this.#pack, this.#size] = [fd, newest, size]
        return
      }
      closeSync(fd)
    }
    this.#pack = newest + 1
    this.#fd = this.#create(join(this.#dir, packFile(this.#pack)))
    this.#size = 0
  }

  #packs(): number[] {
    let names: string[]
    try {
      names = readdirSync(this.#dir)
    } catch (error) {
      if (errnoCode(error) === 'ENOENT') return []
      throw error
    }
    return names.flatMap((name) => {
      const packed = PACK_FILE.exec(name)
      return packed ? [Number(packed[1])] : []
    })
  }

  #create(path: string): number {
    try {
      return openSync(path, 'wx', 0o600)
    } catch (error) {
      if (errnoCode(error) !== 'ENOENT') throw error
      // The folder is made at the first picture, never its parents: an account folder deleted
      // at sign-out is not brought back by a download still under way.
      try {
        mkdirSync(this.#dir, { mode: 0o700 })
      } catch (made) {
        if (errnoCode(made) !== 'EEXIST') throw made
      }
      return openSync(path, 'wx', 0o600)
    }
  }
}
