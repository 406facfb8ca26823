/**
 * Finds, in the bytes of a `GET /groups` body, where each record of the `groups` array
 * starts and ends, without building any value. The records are then parsed one by one
 * from exactly those bytes, so a record's byte range and its parsed value can never
 * disagree; the bytes are what the snapshot keeps and reads back by range.
 */

import { BACKSLASH, CLOSE_BRACE, CLOSE_BRACKET, COLON, COMMA, OPEN_BRACE, OPEN_BRACKET, QUOTE, isSpace, skipSpace } from './json-bytes'
import { readParticipants, type ParticipantsRead } from './participants-bytes'

const GROUPS_KEY = Buffer.from('"groups"')
/**
 * A page holds at most 500 groups (the provider's largest count); ten times that is not a
 * page but a flood of tiny records, each of which would cost a set-aside entry.
 */
export const MAX_PAGE_RECORDS = 5_000

/** Why a body is not a groups page, as a short code for the log and the error's details. */
export type PageShapeProblem =
  | 'string-not-closed'
  | 'cut-short'
  | 'too-many-records'
  | 'not-an-object'
  | 'escaped-key'
  | 'two-groups-arrays'
  | 'not-json'
  | 'groups-not-an-array'
  | 'empty-item'
  | 'trailing-comma'
  | 'no-groups-array'

/** Why a body is not a groups page at all: the whole page is unreadable. */
export class PageShapeError extends Error {
  constructor(readonly reason: PageShapeProblem) {
    super(reason)
    this.name = 'PageShapeError'
  }
}

export interface PageRecords {
  /** Byte offset of each record in the body, and the byte after its end. */
  starts: number[]
  ends: number[]
  /** The deepest nesting of objects and arrays inside each record (the record itself is 1). */
  depths: number[]
  /**
   * Where each record's own `id` string is, quotes included (the last one, as JSON.parse
   * keeps the last of a repeated key), or -1 when it has none, its id is not a string, or
   * one of its own keys is written with escapes (then only a parser can tell its id).
   */
  idStarts: number[]
  idEnds: number[]
  /**
   * Each record's own participants array, read in its bytes (see readParticipants), or null
   * when the record is to be read by JSON.parse alone: it has none, or more than one, or not
   * as an array, or not as JSON, or one of its own keys is written with escapes.
   */
  participants: (ParticipantsAt | null)[]
  /** The body's bytes with the records' array emptied: the envelope, small to parse. */
  envelope: string
}

/** The index just past the string whose opening quote is at `at`. */
function skipString(bytes: Buffer, at: number): number {
  let end = bytes.indexOf(QUOTE, at + 1)
  for (;;) {
    if (end < 0) throw new PageShapeError('string-not-closed')
    let slashes = 0
    while (bytes[end - 1 - slashes] === BACKSLASH) slashes++
    if (slashes % 2 === 0) return end + 1
    end = bytes.indexOf(QUOTE, end + 1)
  }
}

/** What scanRecord found of one record. */
interface RecordScan {
  end: number
  depth: number
  idStart: number
  idEnd: number
  /** Its own `participants` array, read in its bytes, when it has exactly one and spells its keys plainly. */
  participants: ParticipantsAt | null
}

/** Where a record's participants array is, and what it holds (see readParticipants). */
export interface ParticipantsAt extends ParticipantsRead {
  start: number
}

function hasBackslash(bytes: Buffer, from: number, to: number): boolean {
  for (let i = from; i < to; i++) if (bytes[i] === BACKSLASH) return true
  return false
}

const I = 0x69
const D = 0x64
const PARTICIPANTS_KEY = Buffer.from('"participants"')

/** Whether the string at [start, end) is the key `"participants"`, as written. */
function isParticipantsKey(bytes: Buffer, start: number, end: number): boolean {
  return end - start === PARTICIPANTS_KEY.length && bytes.compare(PARTICIPANTS_KEY, 0, PARTICIPANTS_KEY.length, start, end) === 0
}

/**
 * Skips the object that opens at `at` (a record of the groups array), noting its depth and
 * where its own `id` string is. A loop of its own because nearly every byte of a page is
 * inside a record: it tracks only what a record needs.
 */
function scanRecord(bytes: Buffer, at: number): RecordScan {
  let depth = 0
  let deepest = 0
  let expectKey = false
  let idKey = false
  let idStart = -1
  let idEnd = -1
  let escapedKey = false
  let participants: ParticipantsAt | null = null
  let participantsKeys = 0
  for (let i = at; i < bytes.length; i++) {
    const byte = bytes[i] as number
    if (byte === QUOTE) {
      const next = skipString(bytes, i)
      if (depth === 1) {
        if (expectKey) {
          expectKey = false
          idKey = next - i === 4 && bytes[i + 1] === I && bytes[i + 2] === D
          if (idKey) idStart = idEnd = -1
          else if (hasBackslash(bytes, i, next)) escapedKey = true
          else if (isParticipantsKey(bytes, i, next)) {
            participantsKeys++
            const colon = skipSpace(bytes, next)
            const open = bytes[colon] === COLON ? skipSpace(bytes, colon + 1) : -1
            const read = open >= 0 && bytes[open] === OPEN_BRACKET ? readParticipants(bytes, open) : null
            if (read) {
              // Read to its end already: the scan goes on after it.
              participants = { ...read, start: open }
              if (1 + read.depth > deepest) deepest = 1 + read.depth
              i = read.end - 1
              continue
            }
          }
        } else if (idKey) {
          idStart = i
          idEnd = next
          idKey = false
        }
      }
      i = next - 1
    } else if (byte === OPEN_BRACE || byte === OPEN_BRACKET) {
      depth++
      if (depth > deepest) deepest = depth
      if (depth === 1) expectKey = true
    } else if (byte === CLOSE_BRACE || byte === CLOSE_BRACKET) {
      depth--
      if (depth === 0) {
        const known = escapedKey ? -1 : idStart
        // A key spelt with escapes, or a second participants array, could be the one JSON.parse keeps.
        const plain = !escapedKey && participantsKeys === 1 ? participants : null
        return { end: i + 1, depth: deepest, idStart: known, idEnd: known < 0 ? -1 : idEnd, participants: plain }
      }
    } else if (depth === 1 && byte === COMMA) {
      expectKey = true
      idKey = false
    }
  }
  throw new PageShapeError('cut-short')
}

/**
 * Scans a page body. Throws PageShapeError when the body is not one JSON object with a
 * single, plainly spelt `groups` array at its top level (a key written with escapes, or
 * twice, could make a JSON parser and this scan see different arrays).
 */
export function scanGroupsPage(bytes: Buffer): PageRecords {
  const starts: number[] = []
  const ends: number[] = []
  const depths: number[] = []
  const idStarts: number[] = []
  const idEnds: number[] = []
  const participants: (ParticipantsAt | null)[] = []
  const push = (start: number, end: number, depth: number, idStart = -1, idEnd = -1, own: ParticipantsAt | null = null): void => {
    if (starts.length >= MAX_PAGE_RECORDS) throw new PageShapeError('too-many-records')
    starts.push(start)
    ends.push(end)
    depths.push(depth)
    idStarts.push(idStart)
    idEnds.push(idEnd)
    participants.push(own)
  }
  let depth = 0
  let i = 0
  while (i < bytes.length && isSpace(bytes[i] as number)) i++
  if (bytes[i] !== OPEN_BRACE) throw new PageShapeError('not-an-object')
  let arrayStart = -1
  let arrayEnd = -1
  /** At depth 1, whether the next string is a key. */
  let expectKey = true
  /** Inside the groups array: the current record's start, or -1 between records. */
  let recordStart = -1
  let recordDepth = 0
  let lastNonSpace = -1
  const inGroups = (): boolean => arrayStart >= 0 && arrayEnd < 0
  for (; i < bytes.length; i++) {
    const byte = bytes[i] as number
    if (isSpace(byte)) continue
    if (inGroups() && depth === 2 && recordStart < 0 && byte !== CLOSE_BRACKET && byte !== COMMA) {
      if (byte === OPEN_BRACE) {
        // A record as records are: skipped whole by the tighter loop.
        const record = scanRecord(bytes, i)
        let j = record.end
        while (j < bytes.length && isSpace(bytes[j] as number)) j++
        if (bytes[j] !== COMMA && bytes[j] !== CLOSE_BRACKET) {
          // Something follows the object: the item runs on, as the general loop reads it,
          // and JSON.parse sets it aside.
          recordStart = i
          recordDepth = record.depth
          lastNonSpace = record.end - 1
          i = record.end - 1
          continue
        }
        push(i, record.end, record.depth, record.idStart, record.idEnd, record.participants)
        if (bytes[j] === COMMA) {
          lastNonSpace = j
          i = j
          continue
        }
        lastNonSpace = record.end - 1
        i = j - 1
        continue
      }
      recordStart = i
      recordDepth = 0
    }
    if (byte === QUOTE) {
      const next = skipString(bytes, i)
      if (depth === 1 && expectKey) {
        if (bytes.subarray(i, next).includes(BACKSLASH)) throw new PageShapeError('escaped-key')
        if (next - i === GROUPS_KEY.length && bytes.compare(GROUPS_KEY, 0, GROUPS_KEY.length, i, next) === 0) {
          if (arrayStart >= 0) throw new PageShapeError('two-groups-arrays')
          let j = next
          while (j < bytes.length && isSpace(bytes[j] as number)) j++
          if (bytes[j] !== COLON) throw new PageShapeError('not-json')
          j++
          while (j < bytes.length && isSpace(bytes[j] as number)) j++
          if (bytes[j] !== OPEN_BRACKET) throw new PageShapeError('groups-not-an-array')
          arrayStart = j
          depth = 2
          lastNonSpace = j
          i = j
          continue
        }
        expectKey = false
      }
      lastNonSpace = next - 1
      i = next - 1
      continue
    }
    if (byte === OPEN_BRACE || byte === OPEN_BRACKET) {
      depth++
      if (recordStart >= 0) recordDepth = Math.max(recordDepth, depth - 2)
      if (depth === 1) expectKey = true
    } else if (byte === CLOSE_BRACE || byte === CLOSE_BRACKET) {
      if (inGroups() && depth === 2) {
        if (byte !== CLOSE_BRACKET) throw new PageShapeError('not-json')
        // `[…,]`: JSON.parse refuses it, so must the scan, or the two would read different pages.
        if (recordStart < 0 && bytes[lastNonSpace] === COMMA) throw new PageShapeError('trailing-comma')
        if (recordStart >= 0) {
          push(recordStart, lastNonSpace + 1, recordDepth)
          recordStart = -1
        }
        arrayEnd = i + 1
        depth = 1
        expectKey = false
        lastNonSpace = i
        continue
      }
      depth--
      if (depth < 0) throw new PageShapeError('not-json')
      if (depth === 0) {
        i++
        break
      }
    } else if (byte === COMMA) {
      if (depth === 1) expectKey = true
      else if (inGroups() && depth === 2) {
        if (recordStart < 0) throw new PageShapeError('empty-item')
        push(recordStart, lastNonSpace + 1, recordDepth)
        recordStart = -1
        lastNonSpace = i
        continue
      }
    }
    lastNonSpace = i
  }
  if (depth !== 0) throw new PageShapeError('cut-short')
  for (; i < bytes.length; i++) if (!isSpace(bytes[i] as number)) throw new PageShapeError('not-json')
  if (arrayStart < 0) throw new PageShapeError('no-groups-array')
  const envelope = bytes.toString('utf8', 0, arrayStart) + '[]' + bytes.toString('utf8', arrayEnd, bytes.length)
  return { starts, ends, depths, idStarts, idEnds, participants, envelope }
}
