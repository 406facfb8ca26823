import { join } from 'node:path'
import { z } from 'zod'
import { writeAtomically } from '../../../platform/files/atomic-write'
import type { FilePort } from '../../../platform/files/fs-port'
import type { Logger } from '../../../platform/log/log'

export const MANIFEST_FILE = 'manifest.json'
const MANIFEST_VERSION = 1

/** Stored file names: the group's hash, the content's hash, the format. Nothing else is ever served. */
export const PICTURE_FILE = /^[a-f0-9]{24}-[a-f0-9]{16}\.(?:jpg|png|webp|gif)$/

const EntrySchema = z.object({
  url: z.string(),
  etag: z.string().nullable(),
  file: z.string().regex(PICTURE_FILE),
})
export type PictureEntry = z.infer<typeof EntrySchema>

const ManifestSchema = z.object({
  version: z.literal(MANIFEST_VERSION),
  thumbs: z.record(z.string(), EntrySchema),
  full: z.record(z.string(), EntrySchema),
})

/**
 * Which stored file each group's thumbnail and full picture are, and the URL and ETag each
 * came from: `manifest.json` in the pictures folder. Saves go one at a time, each whole.
 */
export class PictureManifest {
  /** By group id. */
  thumbs: Record<string, PictureEntry> = {}
  full: Record<string, PictureEntry> = {}
  readonly #files: FilePort
  readonly #dir: string
  readonly #log: Logger
  #saving: Promise<void> = Promise.resolve()

  private constructor(files: FilePort, dir: string, log: Logger) {
    this.#files = files
    this.#dir = dir
    this.#log = log
  }

  /** The manifest in `dir`; an empty one when there is none or it cannot be read. */
  static async load(files: FilePort, dir: string, log: Logger): Promise<PictureManifest> {
    const manifest = new PictureManifest(files, dir, log)
    let raw: Buffer
    try {
      raw = await files.readFile(join(dir, MANIFEST_FILE))
    } catch {
      return manifest
    }
    let json: unknown
    try {
      json = JSON.parse(raw.toString('utf8'))
    } catch {
      json = undefined
    }
    const parsed = ManifestSchema.safeParse(json)
    if (parsed.success) {
      manifest.thumbs = parsed.data.thumbs
      manifest.full = parsed.data.full
    }
    // An unreadable manifest only costs downloads: the pictures are fetched again.
    else log.warn('picture manifest unreadable; pictures will be fetched again')
    return manifest
  }

  /** The files some entry names. */
  referenced(): Set<string> {
    return new Set([...Object.values(this.thumbs), ...Object.values(this.full)].map((e) => e.file))
  }

  /** Saves the entries as they are now, after any save under way; a failure is logged, not thrown. */
  save(): Promise<void> {
    const save = async (): Promise<void> => {
      await this.#files.mkdir(this.#dir)
      const { thumbs, full } = this
      const bytes = Buffer.from(JSON.stringify({ version: MANIFEST_VERSION, thumbs, full }))
      await writeAtomically(this.#files, join(this.#dir, MANIFEST_FILE), [bytes])
    }
    this.#saving = this.#saving.then(save, save).catch((error: unknown) => {
      this.#log.warn('picture manifest not saved', {
        reason: error instanceof Error ? error.message : 'unknown',
      })
    })
    return this.#saving
  }
}
