/**
 * The worker thread that reads groups pages, so that parsing megabytes of JSON never
 * holds up the main process. It gets each page's bytes (moved, not copied) and answers
 * with what parsePage makes of them.
 */
import { parentPort } from 'node:worker_threads'
import { parsePage, type PageOutcome } from './parse-page'

export interface PageRequest {
  id: number
  body: ArrayBuffer
}

export interface PageReply {
  id: number
  outcome: PageOutcome
  /** The page's bytes, moved back for the snapshot to save. */
  body: ArrayBuffer
}

parentPort?.on('message', ({ id, body }: PageRequest) => {
  let outcome: PageOutcome
  // Moved in, moved back out: the bytes are copied neither way.
  try {
    outcome = parsePage(Buffer.from(body))
  } catch (error) {
    outcome = {
      ok: false,
      problem: { path: '', message: error instanceof Error ? error.message : 'unreadable' },
    }
  }
  const transfer: ArrayBuffer[] = outcome.ok
    ? [outcome.page.starts, outcome.page.lengths, outcome.page.fingerprints].map(
        (array) => array.buffer as ArrayBuffer,
      )
    : []
  parentPort?.postMessage({ id, outcome, body } satisfies PageReply, [...transfer, body])
})
