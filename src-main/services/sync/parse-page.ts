import { crc32 } from 'node:zlib'
import type { Group, RejectedGroup } from '@shared/domain'
import { MAX_RECORD_DEPTH } from '@shared/domain/nesting'
import { leanGroup } from './lean-group'
import { PageShapeError, scanGroupsPage } from './page-bytes'
import { rowIssue } from './row-checks'

/**
 * One groups page, read for the list: the lean records of the rows, the records set aside
 * and why, and where each accepted record's bytes are in the body (and their CRC-32), so
 * the body itself can be saved and the records read back from it.
 */
export interface ParsedPage {
  groups: Group[]
  rejected: RejectedGroup[]
  count: number
  total: number
  offset: number
  /** The body's size. */
  bytes: number
  /**
   * Aligned with `groups`: 1 where the record's bytes are those of the last sync (same id,
   * same fingerprint). Its row is then only its id and admins: the row main already holds
   * in its columns stands for the rest, so it is neither checked nor made lean nor sent
   * again. (The admins are sent because the columns keep only whether the account's own id
   * was one of them, and that id can change from one sync to the next.)
   */
  unchanged: Uint8Array
  /** Aligned with `groups`: each record's first byte in the body, its length, its CRC-32. */
  starts: Uint32Array
  lengths: Uint32Array
  fingerprints: Uint32Array
}

/** Why a whole page could not be read (the request is worth repeating). */
export interface PageProblem {
  path: string
  message: string
}

export type PageOutcome = { ok: true; page: ParsedPage } | { ok: false; problem: PageProblem }

function isCount(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value >= 0
}

/** The fingerprint of each group's record at the last sync, by id. */
export type KnownRecords = ReadonlyMap<string, number>

/** The admins of a record already checked by an earlier sync, as id and rank. */
function adminsOf(value: unknown): { id: string; rank: string }[] {
  const participants = (value as { participants?: unknown }).participants
  if (!Array.isArray(participants)) return []
  const admins: { id: string; rank: string }[] = []
  for (const p of participants as unknown[]) {
    const { id, rank } = (p ?? {}) as { id?: unknown; rank?: unknown }
    if (typeof id === 'string' && (rank === 'admin' || rank === 'creator'))
      admins.push({ id, rank })
  }
  return admins
}

export function parsePage(body: Buffer, known?: KnownRecords): PageOutcome {
  let scan
  try {
    scan = scanGroupsPage(body)
  } catch (error) {
    if (error instanceof PageShapeError)
      return { ok: false, problem: { path: '', message: error.message } }
    throw error
  }
  let envelope: unknown
  try {
    envelope = JSON.parse(scan.envelope)
  } catch {
    return { ok: false, problem: { path: '', message: 'the page is not JSON' } }
  }
  const fields = envelope as Record<string, unknown>
  for (const key of ['count', 'total', 'offset'])
    if (!isCount(fields[key]))
      return { ok: false, problem: { path: key, message: 'expected a whole number, 0 or more' } }

  const groups: Group[] = []
  const rejected: RejectedGroup[] = []
  const records = scan.starts.length
  const starts = new Uint32Array(records)
  const lengths = new Uint32Array(records)
  const fingerprints = new Uint32Array(records)
  const unchanged = new Uint8Array(records)
  for (let index = 0; index < records; index++) {
    const start = scan.starts[index] as number
    const end = scan.ends[index] as number
    const reject = (path: string, message: string, id?: string): void => {
      const where = `groups[${index}]${path}`
      rejected.push(
        id === undefined ? { index, path: where, message } : { index, id, path: where, message },
      )
    }
    if ((scan.depths[index] as number) > MAX_RECORD_DEPTH) {
      reject('', `nested more than ${MAX_RECORD_DEPTH} levels deep`)
      continue
    }
    let value: unknown
    try {
      value = JSON.parse(body.toString('utf8', start, end))
    } catch {
      reject('', 'not JSON')
      continue
    }
    const print = crc32(body.subarray(start, end))
    const id = (value as { id?: unknown } | null)?.id
    if (typeof id === 'string' && known?.get(id) === print) {
      const at = groups.length
      starts[at] = start
      lengths[at] = end - start
      fingerprints[at] = print
      unchanged[at] = 1
      groups.push({ id, participants: adminsOf(value) } as Group)
      continue
    }
    const issue = rowIssue(value)
    if (issue) {
      reject(issue.path, issue.message, typeof id === 'string' ? id : undefined)
      continue
    }
    const at = groups.length
    starts[at] = start
    lengths[at] = end - start
    fingerprints[at] = print
    groups.push(leanGroup(value as Group))
  }
  return {
    ok: true,
    page: {
      groups,
      rejected,
      count: fields['count'] as number,
      total: fields['total'] as number,
      offset: fields['offset'] as number,
      bytes: body.length,
      unchanged: unchanged.slice(0, groups.length),
      starts: starts.slice(0, groups.length),
      lengths: lengths.slice(0, groups.length),
      fingerprints: fingerprints.slice(0, groups.length),
    },
  }
}
