/**
 * The worker thread that reads groups pages, so that parsing megabytes of JSON never
 * holds up the main process. It gets each page's bytes (moved, not copied) and answers
 * with what parsePage makes of them.
 */
import { serveRequests } from '../../../platform/worker/serve-requests'
import { parsePage, type KnownRecords, type PageOutcome } from './parse-page'

/** A page to read, for the sync whose known records are kept under `key`. */
export interface PageRequest {
  key: number
  body: ArrayBuffer
}

/** A sync's known records (see parsePage), told before its pages; forgotten when it ends. */
export type PageNote = { type: 'known'; key: number; ids: readonly string[]; fingerprints: Uint32Array } | { type: 'forget'; key: number }

export interface PageReply {
  outcome: PageOutcome
  /** The page's bytes, moved back for the snapshot to save. */
  body: ArrayBuffer
}

/** Each sync's known records, by its key. */
const known = new Map<number, KnownRecords>()

serveRequests<PageRequest, PageReply, PageNote>({
  hear(note) {
    if (note.type === 'forget') known.delete(note.key)
    else
      known.set(note.key, {
        position: new Map(note.ids.map((id, at) => [id, at])),
        fingerprints: note.fingerprints,
      })
  },
  reply({ key, body }) {
    let outcome: PageOutcome
    // Moved in, moved back out: the bytes are copied neither way.
    try {
      outcome = parsePage(Buffer.from(body), known.get(key))
    } catch (error) {
      outcome = {
        ok: false,
        problem: { path: '', reason: 'parser-failed', detail: error instanceof Error ? error.message : String(error) },
      }
    }
    return { outcome, body }
  },
  transfer({ outcome, body }) {
    if (!outcome.ok) return [body]
    const { unchanged, previous, starts, lengths, fingerprints } = outcome.page
    return [...[unchanged, previous, starts, lengths, fingerprints].map((array) => array.buffer as ArrayBuffer), body]
  },
})
