import { lstat } from 'node:fs/promises'
import { dirname } from 'node:path'
import type { DocumentRows } from '../../account/files/shared-documents'
import { writeAtomically } from '../../platform/files/atomic-write'
import { ColumnFileUnusable } from '../../platform/files/column-file'
import { setAside } from '../../platform/files/json-file'
import { nodeFiles, type FilePort } from '../../platform/files/fs-port'
import { FileTooLarge, NotAPlainFile } from '../../platform/files/plain-file'
import type { Logger } from '../../platform/log/log'
import { decodeArchive, encodeArchive } from './archive-file'
import { emptyColumns, type StoryColumns } from './story-columns'

/** An archive this large is not one the app wrote: it is set aside unread. */
export const MAX_ARCHIVE_BYTES = 32 * 1024 * 1024
/** The archive read for the view is let go this long after its last use. */
const HOLD_MS = 60_000

/**
 * Where an account's archived stories are kept: its file (the desktop, an agent on PGlite) or a
 * row shared by the engines on one database. Either reads an unusable archive as empty, having
 * set it aside and said so.
 */
export interface ArchiveSource {
  read(): Promise<StoryColumns>
  /** Writes what `change` makes of the current archive; null from the change writes nothing. Applied again if another engine wrote first. */
  update(change: (current: StoryColumns) => StoryColumns | null): Promise<void>
  /** Lets go of the archive held for the view. */
  dispose(): void
}

/** The archive as last read, kept a minute after its last use: the view asks for it again and again. */
class Held<K> {
  #held: { columns: StoryColumns; key: K } | null = null
  #release: NodeJS.Timeout | null = null

  get(key: K): StoryColumns | null {
    if (this.#held === null || this.#held.key !== key) return null
    return this.hold(this.#held.columns, key)
  }

  hold(columns: StoryColumns, key: K): StoryColumns {
    this.#held = { columns, key }
    if (this.#release) clearTimeout(this.#release)
    this.#release = setTimeout(() => this.clear(), HOLD_MS)
    this.#release.unref()
    return columns
  }

  get key(): K | null {
    return this.#held?.key ?? null
  }

  clear(): void {
    if (this.#release) clearTimeout(this.#release)
    this.#release = null
    this.#held = null
  }
}

export interface FileArchiveOptions {
  accountId: string
  path: string
  log: Logger
  now: () => number
  /** The archive could not be read and was set aside as `path`. */
  onSetAside: (path: string) => void
  files?: FilePort
}

/** The archive in the account's folder (`insights/stories.columns`), read back unless it is as last read. */
export class FileArchive implements ArchiveSource {
  readonly #opts: FileArchiveOptions
  readonly #files: FilePort
  readonly #held = new Held<string>()

  constructor(options: FileArchiveOptions) {
    this.#opts = options
    this.#files = options.files ?? nodeFiles
  }

  async read(): Promise<StoryColumns> {
    const path = this.#opts.path
    // The path itself, never what a link there points to.
    const info = await lstat(path).catch(() => null)
    if (!info) {
      this.#held.clear()
      return emptyColumns()
    }
    const stamp = `${info.size}:${info.mtimeMs}:${info.ino}`
    const held = this.#held.get(stamp)
    if (held) return held
    try {
      if (!info.isFile()) throw new ColumnFileUnusable('not a plain file')
      if (info.size > MAX_ARCHIVE_BYTES) throw new ColumnFileUnusable('too large')
      return this.#held.hold(decodeArchive(this.#opts.accountId, await this.#readBytes(path)), stamp)
    } catch (error) {
      if (!(error instanceof ColumnFileUnusable)) throw error
      const kept = await setAside(path, new Date(this.#opts.now()))
      this.#opts.log.warn('insights archive set aside', { reason: error.reason })
      this.#held.clear()
      this.#opts.onSetAside(kept)
      return emptyColumns()
    }
  }

  async update(change: (current: StoryColumns) => StoryColumns | null): Promise<void> {
    const next = change(await this.read())
    if (next !== null) await this.#write(next)
  }

  dispose(): void {
    this.#held.clear()
  }

  /** The archive's bytes, sized before they are read and never through a link (the file may change after lstat). */
  async #readBytes(path: string): Promise<Buffer> {
    try {
      return await this.#files.readFile(path, { maxBytes: MAX_ARCHIVE_BYTES })
    } catch (error) {
      if (error instanceof FileTooLarge) throw new ColumnFileUnusable('too large')
      if (error instanceof NotAPlainFile) throw new ColumnFileUnusable('not a plain file')
      throw error
    }
  }

  async #write(columns: StoryColumns): Promise<void> {
    const path = this.#opts.path
    // The folder only, never its parents: a write after the account was removed must not bring its folder back.
    await this.#files.mkdir(dirname(path))
    await writeAtomically(this.#files, path, encodeArchive(this.#opts.accountId, columns))
    const info = await lstat(path)
    this.#held.hold(columns, `${info.size}:${info.mtimeMs}:${info.ino}`)
  }
}

/** Writes in a row that may find another engine's write first before a change gives up. */
const MAX_CONFLICTS = 20

export interface SharedArchiveOptions {
  accountId: string
  /** The document's name among the account's rows (the file's path on the desktop). */
  name: string
  rows: DocumentRows
  log: Logger
  /** The row could not be read back and was set aside. */
  onSetAside: () => void
}

/** The archive as a row shared by the engines on one database, changed by compare-and-set on its revision. */
export class SharedArchive implements ArchiveSource {
  readonly #opts: SharedArchiveOptions
  readonly #held = new Held<string>()

  constructor(options: SharedArchiveOptions) {
    this.#opts = options
  }

  async read(): Promise<StoryColumns> {
    return (await this.#read()).columns
  }

  async update(change: (current: StoryColumns) => StoryColumns | null): Promise<void> {
    const { accountId, name, rows } = this.#opts
    for (let attempt = 0; attempt < MAX_CONFLICTS; attempt++) {
      const current = await this.#read()
      const next = change(current.columns)
      if (next === null) return
      const bytes = Buffer.concat([...encodeArchive(accountId, next)])
      // developer-only: an archive past its own cap would be set aside at its next read
      if (bytes.length > MAX_ARCHIVE_BYTES) throw new Error('insights archive not written: past its cap')
      const rev = await rows.write(accountId, name, bytes, current.rev)
      if (rev !== null) {
        this.#held.hold(next, rev)
        return
      }
    }
    // developer-only: engines writing one account's archive faster than one change can land
    throw new Error(`insights archive: changed by other engines ${MAX_CONFLICTS} times in a row; not written`)
  }

  dispose(): void {
    this.#held.clear()
  }

  async #read(): Promise<{ rev: string | null; columns: StoryColumns }> {
    const { accountId, name, rows } = this.#opts
    let row = await rows.read(accountId, name, { maxBytes: MAX_ARCHIVE_BYTES, knownRev: this.#held.key })
    // Let go of meanwhile (the hold's minute ran out): read whole.
    if (row?.bytes === null && !row.tooLarge && this.#held.key !== row.rev)
      row = await rows.read(accountId, name, { maxBytes: MAX_ARCHIVE_BYTES, knownRev: null })
    if (row === null) {
      this.#held.clear()
      return { rev: null, columns: emptyColumns() }
    }
    const held = row.bytes === null && !row.tooLarge ? this.#held.get(row.rev) : null
    if (held) return { rev: row.rev, columns: held }
    try {
      if (row.tooLarge || row.bytes === null) throw new ColumnFileUnusable('too large')
      return { rev: row.rev, columns: this.#held.hold(decodeArchive(accountId, row.bytes), row.rev) }
    } catch (error) {
      if (!(error instanceof ColumnFileUnusable)) throw error
      await rows.setAside(accountId, name, row.rev, error.reason)
      this.#opts.log.warn('insights archive set aside', { accountId, reason: error.reason })
      this.#held.clear()
      this.#opts.onSetAside()
      return { rev: null, columns: emptyColumns() }
    }
  }
}
