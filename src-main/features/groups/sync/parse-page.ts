import type { Group, RejectedGroup } from '@shared/domain'
import { MAX_RECORD_DEPTH } from '@shared/domain/nesting'
import { RecordPrint } from '../cache/record-print'
import type { RowChunk } from '../index/group-columns'
import { rowOf, type RowParts } from '../index/row-parts'
import { PageShapeError, scanGroupsPage, type PageShapeProblem, type ParticipantsAt } from '../../../platform/files/page-bytes'
import { rowIssue } from './row-checks'

/**
 * One groups page, read for the list: the lean records of the rows, the records set aside
 * and why, and where each accepted record's bytes are in the body (and their fingerprint), so
 * the body itself can be saved and the records read back from it.
 */
/** A record whose bytes the last sync already had: its row is the one main holds. */
export interface UnchangedRow {
  id: string
}

export type PageRow = RowParts | UnchangedRow

export interface ParsedPage {
  /** The rows of the records kept, made here (see rowOf), or only the id of an unchanged one. */
  groups: PageRow[]
  rejected: RejectedGroup[]
  count: number
  total: number
  offset: number
  /** The body's size. */
  bytes: number
  /**
   * Aligned with `groups`: 1 where the record's bytes are those of the last sync (same id,
   * same fingerprint). Its row is then only its id, and `previous` says where the row main
   * already holds in its columns is: that row stands for the record, so it is neither
   * parsed nor checked nor made lean nor sent again.
   */
  unchanged: Uint8Array
  /** Aligned with `groups`: for an unchanged record, its place in the last sync's list; else -1. */
  previous: Int32Array
  /** Aligned with `groups`: each record's first byte in the body, its length, its fingerprint (see record-print.ts). */
  starts: Uint32Array
  lengths: Uint32Array
  fingerprints: Uint32Array
  /**
   * The new rows (those not unchanged) as arrays, when the worker was asked for them so
   * (see page-worker.ts): `groups` then holds only each row's id.
   */
  chunk?: RowChunk
}

/**
 * Why a whole page could not be read (the request is worth repeating), as a short code: it
 * reaches the log and the error's details, while the user reads one sentence for them all.
 */
export interface PageProblem {
  /** The field of the envelope at fault, or '' for the page as a whole. */
  path: string
  reason: PageShapeProblem | 'not-a-count' | 'parser-failed'
  /** For `parser-failed`: what the parser threw, for the log. */
  detail?: string
}

export type PageOutcome = { ok: true; page: ParsedPage } | { ok: false; problem: PageProblem }

function isCount(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value >= 0
}

/**
 * How a sync fingerprints records (the key of the snapshot it writes), and the records of the
 * last sync: where each id was in its list, and each one's fingerprint under that same key.
 */
export interface KnownRecords {
  print: RecordPrint
  position: ReadonlyMap<string, number>
  fingerprints: Uint32Array
}

/** A record's own id as the scan found it (quotes included), or undefined. */
function scannedId(body: Buffer, start: number, end: number): string | undefined {
  if (start < 0) return undefined
  const inner = body.subarray(start + 1, end - 1)
  if (!inner.includes(0x5c)) return inner.toString('utf8')
  try {
    const id: unknown = JSON.parse(body.toString('utf8', start, end))
    return typeof id === 'string' ? id : undefined
  } catch {
    return undefined
  }
}

/**
 * The last sync's place of a record whose bytes are the same as then, found from the id the
 * scan read and the record's fingerprint, or -1. Same id and same bytes as a record that
 * was parsed and checked then: JSON.parse would read it the same way again. Only a keyed
 * fingerprint says "same bytes" (record-print.ts): CRC-32 is one a server can forge.
 */
function previousAt(known: KnownRecords | undefined, id: string | undefined, print: number): number {
  if (!known || id === undefined || !known.print.keyed) return -1
  const at = known.position.get(id)
  return at !== undefined && known.fingerprints[at] === print ? at : -1
}

/**
 * A record whose participants the scan has read (see readParticipants), parsed without
 * them: the rest of its bytes, with an empty array where the participants were, go to
 * JSON.parse (which throws when they are not JSON, as it would for the whole record), and
 * the participants are the admins alone, the only ones a row is made of.
 */
function recordBeside(body: Buffer, start: number, end: number, participants: ParticipantsAt): unknown {
  const rest = `${body.toString('utf8', start, participants.start)}[]${body.toString('utf8', participants.end, end)}`
  const value = JSON.parse(rest) as Record<string, unknown>
  value['participants'] = participants.admins
  return value
}

/** The page's own fields (all but its groups), each count a whole number; or what is wrong with them. */
function envelopeOf(text: string): { count: number; total: number; offset: number } | { problem: PageProblem } {
  let envelope: unknown
  try {
    envelope = JSON.parse(text)
  } catch {
    return { problem: { path: '', reason: 'not-json' } }
  }
  const fields = envelope as Record<string, unknown>
  for (const key of ['count', 'total', 'offset']) if (!isCount(fields[key])) return { problem: { path: key, reason: 'not-a-count' } }
  return { count: fields['count'] as number, total: fields['total'] as number, offset: fields['offset'] as number }
}

export function parsePage(body: Buffer, known?: KnownRecords): PageOutcome {
  let scan
  try {
    scan = scanGroupsPage(body)
  } catch (error) {
    if (error instanceof PageShapeError) return { ok: false, problem: { path: '', reason: error.reason } }
    throw error
  }
  const fields = envelopeOf(scan.envelope)
  if ('problem' in fields) return { ok: false, problem: fields.problem }

  const groups: PageRow[] = []
  const rejected: RejectedGroup[] = []
  const records = scan.starts.length
  const starts = new Uint32Array(records)
  const lengths = new Uint32Array(records)
  const fingerprints = new Uint32Array(records)
  const unchanged = new Uint8Array(records)
  const previous = new Int32Array(records)
  // One function for the page, not one per record: most records are never set aside.
  const reject = (index: number, path: string, message: string, id?: string): void => {
    const where = `groups[${index}]${path}`
    rejected.push(id === undefined ? { index, path: where, message } : { index, id, path: where, message })
  }
  for (let index = 0; index < records; index++) {
    const start = scan.starts[index] as number
    const end = scan.ends[index] as number
    if ((scan.depths[index] as number) > MAX_RECORD_DEPTH) {
      // developer-only: a rejected record's reason goes to the log; the page is told only how many were rejected
      reject(index, '', `nested more than ${MAX_RECORD_DEPTH} levels deep`)
      continue
    }
    const print = (known?.print ?? RecordPrint.keyless).of(body.subarray(start, end))
    const ownId = known ? scannedId(body, scan.idStarts[index] as number, scan.idEnds[index] as number) : undefined
    const before = previousAt(known, ownId, print)
    if (before >= 0) {
      const at = groups.length
      starts[at] = start
      lengths[at] = end - start
      fingerprints[at] = print
      unchanged[at] = 1
      previous[at] = before
      groups.push({ id: ownId as string })
      continue
    }
    const own = scan.participants[index] ?? null
    let value: unknown
    try {
      value = own ? recordBeside(body, start, end, own) : JSON.parse(body.toString('utf8', start, end))
    } catch {
      reject(index, '', 'not JSON')
      continue
    }
    const id = (value as { id?: unknown } | null)?.id
    const issue = own ? rowIssue(value, () => own.issue) : rowIssue(value)
    if (issue) {
      reject(index, issue.path, issue.message, typeof id === 'string' ? id : undefined)
      continue
    }
    const at = groups.length
    starts[at] = start
    lengths[at] = end - start
    fingerprints[at] = print
    previous[at] = -1
    groups.push(rowOf(value as Group))
  }
  return {
    ok: true,
    page: {
      groups,
      rejected,
      count: fields.count,
      total: fields.total,
      offset: fields.offset,
      bytes: body.length,
      unchanged: unchanged.slice(0, groups.length),
      previous: previous.slice(0, groups.length),
      starts: starts.slice(0, groups.length),
      lengths: lengths.slice(0, groups.length),
      fingerprints: fingerprints.slice(0, groups.length),
    },
  }
}
