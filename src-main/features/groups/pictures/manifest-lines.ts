/**
 * The picture manifest's file, line by line (see PictureManifest): a header line, then one
 * JSON array per change, in the order they were made:
 *   ["t", id, url, etag or null, file]   the group's thumbnail ("f": its full picture) is that file
 *   ["t", id]                            the group has no stored thumbnail any more
 * Checked by hand rather than with a schema: the picture worker reads it, and loads no
 * schema library for this alone. Every value is bounded; the first line that is not one of
 * these, or that a crash cut short, ends what is read.
 */
import { isPictureName } from './picture-names'
import type { PictureKind } from './picture-protocol'

export const MANIFEST_HEADER = '["statusdesk-pictures",2]\n'

export interface PictureEntry {
  url: string
  etag: string | null
  /** The stored picture's name (see picture-names.ts); nothing else is ever served. */
  file: string
}

const MAX_ID = 256
const MAX_URL = 8_192
const MAX_ETAG = 1_024
/** Longest line read: an entry with every value at its longest fits. */
const MAX_LINE = 10_000

const KIND_OF: Record<string, PictureKind> = { t: 'thumbs', f: 'full' }
const LETTER: Record<PictureKind, string> = { thumbs: 't', full: 'f' }

export function entryLine(kind: PictureKind, id: string, entry: PictureEntry): string {
  return `${JSON.stringify([LETTER[kind], id, entry.url, entry.etag, entry.file])}\n`
}

export function dropLine(kind: PictureKind, id: string): string {
  return `${JSON.stringify([LETTER[kind], id])}\n`
}

/** One change: the group's entry, or null when it went. */
export type ApplyChange = (kind: PictureKind, id: string, entry: PictureEntry | null) => void

/** How much of a file was read: the changes taken, and whether all of it was (nothing unreadable, nothing cut short). */
export interface ReadBack {
  changes: number
  whole: boolean
}

const isId = (value: unknown): value is string => typeof value === 'string' && value.length > 0 && value.length <= MAX_ID

/** An entry as read from a file, or null when any of it is not as this version writes it. */
export function entryOf(url: unknown, etag: unknown, file: unknown): PictureEntry | null {
  if (typeof url !== 'string' || url.length > MAX_URL) return null
  if (etag !== null && (typeof etag !== 'string' || etag.length > MAX_ETAG)) return null
  if (typeof file !== 'string' || !isPictureName(file)) return null
  return { url, etag, file }
}

/** One line's change, or false when the line is not one. */
function readLine(line: string, apply: ApplyChange): boolean {
  if (line.length > MAX_LINE || !line.startsWith('[')) return false
  let value: unknown
  try {
    value = JSON.parse(line)
  } catch {
    return false
  }
  if (!Array.isArray(value) || (value.length !== 2 && value.length !== 5)) return false
  const kind = typeof value[0] === 'string' ? KIND_OF[value[0]] : undefined
  const id: unknown = value[1]
  if (kind === undefined || !isId(id)) return false
  if (value.length === 2) {
    apply(kind, id, null)
    return true
  }
  const entry = entryOf(value[2], value[3], value[4])
  if (entry === null) return false
  apply(kind, id, entry)
  return true
}

/** The changes of a manifest file, up to the first line that is not one (or is cut short). */
export function readManifestLines(text: string, apply: ApplyChange): ReadBack {
  if (!text.startsWith(MANIFEST_HEADER)) return { changes: 0, whole: false }
  let changes = 0
  let at = MANIFEST_HEADER.length
  while (at < text.length) {
    const end = text.indexOf('\n', at)
    // No line end: an append a crash cut short.
    if (end < 0 || !readLine(text.slice(at, end), apply)) return { changes, whole: false }
    changes++
    at = end + 1
  }
  return { changes, whole: true }
}

/** The whole-JSON manifest of earlier versions (`{ version: 1, thumbs: {id: entry}, full: {…} }`): its readable entries. */
export function readOldManifest(text: string, apply: ApplyChange): ReadBack {
  let json: unknown
  try {
    json = JSON.parse(text)
  } catch {
    return { changes: 0, whole: false }
  }
  if (typeof json !== 'object' || json === null || (json as { version?: unknown }).version !== 1) return { changes: 0, whole: false }
  let changes = 0
  let whole = true
  for (const kind of ['thumbs', 'full'] as const) {
    const entries = (json as Record<string, unknown>)[kind]
    if (typeof entries !== 'object' || entries === null || Array.isArray(entries)) {
      whole = false
      continue
    }
    for (const [id, raw] of Object.entries(entries as Record<string, unknown>)) {
      const { url, etag, file } = (typeof raw === 'object' && raw !== null ? raw : {}) as Record<string, unknown>
      const entry = isId(id) ? entryOf(url, etag, file) : null
      if (entry === null) whole = false
      else {
        apply(kind, id, entry)
        changes++
      }
    }
  }
  return { changes, whole }
}
