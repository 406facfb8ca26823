/**
 * The worker thread that reads groups pages, so that parsing megabytes of JSON never
 * holds up the main process. It gets each page's bytes (moved, not copied) and answers
 * with what parsePage makes of them: the rows as objects, or, for a sync (`columns`), as
 * one RowChunk of arrays moved back with the bytes, each row then only its id.
 */
import { crc32 } from 'node:zlib'
import { serveRequests } from '../../../platform/worker/serve-requests'
import { RecordPrint } from '../cache/record-print'
import { chunkBuffers, chunkOf } from '../index/row-chunk'
import type { RowParts } from '../index/row-parts'
import { parsePage, type KnownRecords, type PageOutcome } from './parse-page'

/** A page to read, for the sync whose known records are kept under `key`. */
export interface PageRequest {
  key: number
  body: ArrayBuffer
  /** The new rows as a RowChunk rather than as objects. */
  columns?: boolean
}

/** The outcome with its new rows moved into a chunk; each row, new or unchanged, is then its id. */
function asColumns(outcome: PageOutcome): PageOutcome {
  if (!outcome.ok) return outcome
  const { groups, unchanged } = outcome.page
  const rows = groups.filter((_, at) => unchanged[at] !== 1) as RowParts[]
  return {
    ok: true,
    page: { ...outcome.page, groups: groups.map(({ id }) => ({ id })), chunk: chunkOf(rows) },
  }
}

/** A sync's key for fingerprints and its known records (see parsePage), told before its pages; forgotten when it ends. */
export type PageNote =
  { type: 'known'; key: number; printKey: string; ids: readonly string[]; fingerprints: Uint32Array } | { type: 'forget'; key: number }

export interface PageReply {
  outcome: PageOutcome
  /** The page's bytes, moved back for the snapshot to save. */
  body: ArrayBuffer
  /** Their CRC-32, which the snapshot's segment carries: worked out here, off main's thread. */
  crc: number
}

/** Each sync's known records, by its key. */
const known = new Map<number, KnownRecords>()

serveRequests<PageRequest, PageReply, PageNote>({
  hear(note) {
    if (note.type === 'forget') known.delete(note.key)
    else
      known.set(note.key, {
        // A key that is not one fingerprints with CRC-32, which never counts a record unchanged.
        print: RecordPrint.fromHex(note.printKey) ?? RecordPrint.keyless,
        position: new Map(note.ids.map((id, at) => [id, at])),
        fingerprints: note.fingerprints,
      })
  },
  reply({ key, body, columns }) {
    let outcome: PageOutcome
    const bytes = Buffer.from(body)
    // Moved in, moved back out: the bytes are copied neither way.
    try {
      outcome = parsePage(bytes, known.get(key))
      if (columns) outcome = asColumns(outcome)
    } catch (error) {
      outcome = {
        ok: false,
        problem: { path: '', reason: 'parser-failed', detail: error instanceof Error ? error.message : String(error) },
      }
    }
    return { outcome, body, crc: crc32(bytes) }
  },
  transfer({ outcome, body }) {
    if (!outcome.ok) return [body]
    const { unchanged, previous, starts, lengths, fingerprints, chunk } = outcome.page
    const arrays = [unchanged, previous, starts, lengths, fingerprints].map((array) => array.buffer as ArrayBuffer)
    return [...arrays, ...(chunk ? chunkBuffers(chunk) : []), body]
  },
})
