/**
 * The worker thread that reads groups pages, so that parsing megabytes of JSON never
 * holds up the main process. It gets each page's bytes (moved, not copied) and answers
 * with what parsePage makes of them.
 */
import { parentPort } from 'node:worker_threads'
import { parsePage, type KnownRecords, type PageOutcome } from './parse-page'

export type PageRequest =
  | { type: 'page'; id: number; key: number; body: ArrayBuffer }
  /** A sync's known records (see parsePage), sent before its pages. */
  | { type: 'known'; key: number; ids: readonly string[]; fingerprints: Uint32Array }
  | { type: 'forget'; key: number }

export interface PageReply {
  id: number
  outcome: PageOutcome
  /** The page's bytes, moved back for the snapshot to save. */
  body: ArrayBuffer
}

/** Each sync's known records, by its key. */
const known = new Map<number, KnownRecords>()

parentPort?.on('message', (request: PageRequest) => {
  if (request.type === 'known') {
    const { ids, fingerprints } = request
    known.set(request.key, { position: new Map(ids.map((id, at) => [id, at])), fingerprints })
    return
  }
  if (request.type === 'forget') {
    known.delete(request.key)
    return
  }
  const { id, key, body } = request
  let outcome: PageOutcome
  // Moved in, moved back out: the bytes are copied neither way.
  try {
    outcome = parsePage(Buffer.from(body), known.get(key))
  } catch (error) {
    outcome = {
      ok: false,
      problem: { path: '', message: error instanceof Error ? error.message : 'unreadable' },
    }
  }
  const transfer: ArrayBuffer[] = outcome.ok
    ? [
        outcome.page.unchanged,
        outcome.page.previous,
        outcome.page.starts,
        outcome.page.lengths,
        outcome.page.fingerprints,
      ].map((array) => array.buffer as ArrayBuffer)
    : []
  parentPort?.postMessage({ id, outcome, body } satisfies PageReply, [...transfer, body])
})
