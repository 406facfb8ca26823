import { join } from 'node:path'
import { writeAtomically } from '../../../platform/files/atomic-write'
import type { FilePort } from '../../../platform/files/fs-port'
import type { Logger } from '../../../platform/log/log'
import {
  MANIFEST_HEADER,
  dropLine,
  entryLine,
  readManifestLines,
  readOldManifest,
  type ApplyChange,
  type PictureEntry,
  type ReadBack,
} from './manifest-lines'
import type { PictureKind } from './picture-protocol'

/** The manifest: a journal of lines, see manifest-lines.ts. */
export const MANIFEST_FILE = 'manifest.jsonl'
/** The whole-JSON manifest of earlier versions: read when there is no journal yet, removed at its first compaction. */
export const OLD_MANIFEST_FILE = 'manifest.json'
export type { PictureEntry } from './manifest-lines'

/**
 * Largest manifest read: a 100,000-group account's is about 18 MB, and twice that just
 * before it is written whole again; a bigger one is not ours, and is started afresh.
 */
export const MAX_MANIFEST_BYTES = 64 * 1024 * 1024
/** Lines appended beyond the entries themselves before the file is written again whole. */
const COMPACT_SLACK = 1_024
/** Entries a compaction writes per chunk: the file is never one string in memory. */
const ENTRIES_PER_CHUNK = 1_000

/**
 * Which stored file each group's thumbnail and full picture are, and the URL and ETag each
 * came from: `manifest.jsonl` in the pictures folder, one line per change. A save appends
 * the lines of the changes since the one before (so the thousands of saves of a big first
 * sync cost what they add, not the whole manifest each time); once the lines outnumber the
 * entries by COMPACT_SLACK, the file is written again whole, atomically. A line cut short
 * by a crash, or anything unreadable, ends what is read back: the entries before it are
 * kept, and the next save writes the file whole. Saves go one at a time.
 */
export class PictureManifest {
  readonly #entries: Record<PictureKind, Map<string, PictureEntry>> = { thumbs: new Map(), full: new Map() }
  readonly #files: FilePort
  readonly #dir: string
  readonly #log: Logger
  #saving: Promise<void> = Promise.resolve()
  /** Lines of the changes not saved yet. */
  #pending: string[] = []
  /** Lines in the file after its header (entries and drops). */
  #lines = 0
  /** The file is to be written whole at the next save: it is missing, old, damaged, or an append failed. */
  #rewrite = true
  /** The whole-JSON manifest may still be there (a crash can leave it beside the new one): removed at the first compaction. */
  #oldFile = true

  private constructor(files: FilePort, dir: string, log: Logger) {
    this.#files = files
    this.#dir = dir
    this.#log = log
  }

  /** The manifest in `dir`; an empty one when there is none or it cannot be read. */
  static async load(files: FilePort, dir: string, log: Logger): Promise<PictureManifest> {
    const manifest = new PictureManifest(files, dir, log)
    const read = async (name: string): Promise<Buffer | null> =>
      files.readFile(join(dir, name), { maxBytes: MAX_MANIFEST_BYTES }).catch(() => null)
    const entries = manifest.#entries
    const apply: ApplyChange = (kind, id, entry) => {
      if (entry === null) entries[kind].delete(id)
      else entries[kind].set(id, entry)
    }
    const raw = await read(MANIFEST_FILE)
    let back: ReadBack | null = null
    if (raw !== null) back = readManifestLines(raw.toString('utf8'), apply)
    else {
      const old = await read(OLD_MANIFEST_FILE)
      if (old !== null) back = readOldManifest(old.toString('utf8'), apply)
    }
    if (back === null) return manifest
    manifest.#lines = back.changes
    manifest.#rewrite = raw === null || !back.whole
    // An unreadable manifest (or its end) only costs downloads: those pictures are fetched again.
    if (!back.whole) log.warn('picture manifest partly unreadable; pictures will be fetched again', { kept: back.changes })
    return manifest
  }

  get(kind: PictureKind, id: string): PictureEntry | undefined {
    return this.#entries[kind].get(id)
  }

  set(kind: PictureKind, id: string, entry: PictureEntry): void {
    this.#entries[kind].set(id, entry)
    this.#pending.push(entryLine(kind, id, entry))
  }

  drop(kind: PictureKind, id: string): void {
    if (!this.#entries[kind].delete(id)) return
    this.#pending.push(dropLine(kind, id))
  }

  entries(kind: PictureKind): MapIterator<[string, PictureEntry]> {
    return this.#entries[kind].entries()
  }

  ids(kind: PictureKind): MapIterator<string> {
    return this.#entries[kind].keys()
  }

  /** The files some entry names. */
  referenced(): Set<string> {
    const files = new Set<string>()
    for (const kind of ['thumbs', 'full'] as const) for (const entry of this.#entries[kind].values()) files.add(entry.file)
    return files
  }

  /** Saves the changes made so far, after any save under way; a failure is logged, not thrown. */
  save(): Promise<void> {
    const save = async (): Promise<void> => {
      const lines = this.#pending
      this.#pending = []
      try {
        if (this.#rewrite || this.#lines + lines.length > this.#size() + COMPACT_SLACK) await this.#compact()
        else if (lines.length > 0) await this.#append(lines)
      } catch (error) {
        // What reached the file is not known: the next save writes it whole.
        this.#rewrite = true
        throw error
      }
    }
    this.#saving = this.#saving.then(save, save).catch((error: unknown) => {
      this.#log.warn('picture manifest not saved', {
        reason: error instanceof Error ? error.message : 'unknown',
      })
    })
    return this.#saving
  }

  #size(): number {
    return this.#entries.thumbs.size + this.#entries.full.size
  }

  async #append(lines: string[]): Promise<void> {
    const file = await this.#files.append(join(this.#dir, MANIFEST_FILE))
    try {
      await file.write(Buffer.from(lines.join('')))
      await file.sync()
    } finally {
      await file.close()
    }
    this.#lines += lines.length
  }

  /**
   * Writes every entry anew, a chunk at a time. Changes made meanwhile are in the lines
   * pending for the next save as well, so the file and those lines end up as the entries are.
   */
  async #compact(): Promise<void> {
    await this.#files.mkdir(this.#dir)
    const entries = this.#entries
    let written = 0
    function* chunks(): Generator<Buffer> {
      yield Buffer.from(MANIFEST_HEADER)
      for (const kind of ['thumbs', 'full'] as const) {
        let lines: string[] = []
        for (const [id, entry] of entries[kind]) {
          lines.push(entryLine(kind, id, entry))
          if (lines.length < ENTRIES_PER_CHUNK) continue
          written += lines.length
          yield Buffer.from(lines.join(''))
          lines = []
        }
        written += lines.length
        if (lines.length > 0) yield Buffer.from(lines.join(''))
      }
    }
    await writeAtomically(this.#files, join(this.#dir, MANIFEST_FILE), chunks())
    this.#lines = written
    this.#rewrite = false
    if (this.#oldFile) {
      await this.#files.unlink(join(this.#dir, OLD_MANIFEST_FILE)).catch(() => undefined)
      this.#oldFile = false
    }
  }
}
