import { isAdminRank } from '@shared/domain/group'
import {
  BACKSLASH,
  CLOSE_BRACE,
  CLOSE_BRACKET,
  COLON,
  COMMA,
  INVALID,
  OPEN_BRACE,
  QUOTE,
  jsonStringAt,
  skipJsonString,
  skipJsonValue,
  skipSpace,
  type SkippedValue,
} from './json-bytes'

/** What is wrong with a record's row field, as the scanner or the row checks found it. */
export interface RowIssue {
  /** Relative to the record, like `.participants[3].rank`. */
  path: string
  message: string
}

/**
 * A record's `participants` array, read in its bytes: four fifths of a page are
 * participants, and a row needs of them only that each is an object with a string id and
 * rank (row-checks.ts) and who the admins are (row-parts.ts). Building every participant
 * to learn that is most of what a page costs; here the bytes are checked to be JSON as
 * JSON.parse would accept it, and only the admins are made into values.
 */
export interface ParticipantsRead {
  /** The index just past the array's closing bracket. */
  end: number
  /** How deep the array nests, itself counting 1. */
  depth: number
  /** The first problem row-checks would find in the participants, with its path in the record. */
  issue: RowIssue | null
  /** The participants whose rank makes them admins, as JSON.parse reads them (when there is no issue). */
  admins: { id: string; rank: string }[]
}

const ID = [0x69, 0x64]
const RANK = [0x72, 0x61, 0x6e, 0x6b]
const ADMIN = [QUOTE, 0x61, 0x64, 0x6d, 0x69, 0x6e, QUOTE]
const CREATOR = [QUOTE, 0x63, 0x72, 0x65, 0x61, 0x74, 0x6f, 0x72, QUOTE]

function bytesAre(bytes: Uint8Array, start: number, end: number, word: readonly number[]): boolean {
  if (end - start !== word.length) return false
  for (let k = 0; k < word.length; k++) if (bytes[start + k] !== word[k]) return false
  return true
}

/** Whether a rank string makes its participant an admin, read from its bytes when it has no escapes. */
function adminRank(bytes: Buffer, found: Found): boolean {
  if (found.escaped) return isAdminRank(jsonStringAt(bytes, found.start, found.end, true))
  return bytesAre(bytes, found.start, found.end, ADMIN) || bytesAre(bytes, found.start, found.end, CREATOR)
}

/** The index of the quote that ends a string of plain characters from `at`, or -1 at an escape, a control or the end. */
function plainStringEnd(bytes: Uint8Array, at: number): number {
  for (let i = at; i < bytes.length; i++) {
    const byte = bytes[i] as number
    if (byte === QUOTE) return i
    if (byte < 0x20 || byte === BACKSLASH) return -1
  }
  return -1
}

/**
 * The participant at `at` when it is written exactly `{"id":"…","rank":"…"}` with no escape
 * in either string (nearly all of them): the index past it, with where its id and rank are.
 * -1 for any other shape, which the general reading then takes. The fixed bytes are compared
 * one by one, spelt out: this runs once for each of millions of participants.
 */
function compactParticipant(bytes: Uint8Array, at: number, id: Found, rank: Found): number {
  // {"id":"
  if (
    bytes[at] !== OPEN_BRACE ||
    bytes[at + 1] !== QUOTE ||
    bytes[at + 2] !== 0x69 ||
    bytes[at + 3] !== 0x64 ||
    bytes[at + 4] !== QUOTE ||
    bytes[at + 5] !== COLON ||
    bytes[at + 6] !== QUOTE
  )
    return -1
  const idEnd = plainStringEnd(bytes, at + 7)
  // ","rank":"
  if (
    idEnd < 0 ||
    bytes[idEnd + 1] !== COMMA ||
    bytes[idEnd + 2] !== QUOTE ||
    bytes[idEnd + 3] !== 0x72 ||
    bytes[idEnd + 4] !== 0x61 ||
    bytes[idEnd + 5] !== 0x6e ||
    bytes[idEnd + 6] !== 0x6b ||
    bytes[idEnd + 7] !== QUOTE ||
    bytes[idEnd + 8] !== COLON ||
    bytes[idEnd + 9] !== QUOTE
  )
    return -1
  const rankEnd = plainStringEnd(bytes, idEnd + 10)
  if (rankEnd < 0 || bytes[rankEnd + 1] !== CLOSE_BRACE) return -1
  id.start = at + 6
  id.end = idEnd + 1
  rank.start = idEnd + 9
  rank.end = rankEnd + 1
  id.isString = rank.isString = true
  id.escaped = rank.escaped = false
  return rankEnd + 2
}

/** What a key's bytes spell, between its quotes: 1 for id, 2 for rank, 0 for anything else. */
function keyOf(bytes: Buffer, start: number, end: number, escaped: boolean): number {
  if (escaped) {
    const key = jsonStringAt(bytes, start, end, true)
    return key === 'id' ? 1 : key === 'rank' ? 2 : 0
  }
  const length = end - start - 2
  const word = length === 2 ? ID : length === 4 ? RANK : null
  if (!word) return 0
  for (let k = 0; k < length; k++) if (bytes[start + 1 + k] !== word[k]) return 0
  return length === 2 ? 1 : 2
}

/** Where a member's value is: its first byte and the byte past it, and whether it is a string with escapes. */
interface Found {
  start: number
  end: number
  isString: boolean
  escaped: boolean
}

const unset = (): Found => ({ start: -1, end: -1, isString: false, escaped: false })

/**
 * The participants array whose opening bracket is at `at`, or null when its bytes are not
 * JSON (the record then goes the way of any record: JSON.parse says so).
 */
export function readParticipants(bytes: Buffer, at: number): ParticipantsRead | null {
  const value: SkippedValue = { end: 0, depth: 0 }
  const escaped = { any: false }
  const admins: { id: string; rank: string }[] = []
  let issue: RowIssue | null = null
  let depth = 1
  let index = 0
  let i = skipSpace(bytes, at + 1)
  if (bytes[i] === CLOSE_BRACKET) return { end: i + 1, depth, issue, admins }
  const id = unset()
  const rank = unset()
  for (; ; index++) {
    const compact = compactParticipant(bytes, i, id, rank)
    if (compact >= 0) {
      depth = Math.max(depth, 2)
      i = compact
      if (!issue && adminRank(bytes, rank))
        admins.push({ id: jsonStringAt(bytes, id.start, id.end, false), rank: jsonStringAt(bytes, rank.start, rank.end, false) })
    } else if (bytes[i] !== OPEN_BRACE) {
      // Not an object: a row cannot be made of it, but its bytes must still be JSON.
      if (!skipJsonValue(bytes, i, value)) return null
      issue ??= { path: `.participants[${index}]`, message: 'expected object' }
      depth = Math.max(depth, 1 + value.depth)
      i = value.end
    } else {
      depth = Math.max(depth, 2)
      id.start = rank.start = -1
      i = skipSpace(bytes, i + 1)
      if (bytes[i] === CLOSE_BRACE) i++
      else
        for (;;) {
          if (bytes[i] !== QUOTE) return null
          escaped.any = false
          const keyEnd = skipJsonString(bytes, i, escaped)
          if (keyEnd === INVALID) return null
          const key = keyOf(bytes, i, keyEnd, escaped.any)
          i = skipSpace(bytes, keyEnd)
          if (bytes[i] !== COLON) return null
          i = skipSpace(bytes, i + 1)
          const found = key === 1 ? id : key === 2 ? rank : null
          escaped.any = false
          const start = i
          if (bytes[i] === QUOTE) {
            i = skipJsonString(bytes, i, escaped)
            if (i === INVALID) return null
          } else {
            if (!skipJsonValue(bytes, i, value)) return null
            depth = Math.max(depth, 2 + value.depth)
            i = value.end
          }
          // The last of a repeated key is the one JSON.parse keeps.
          if (found) {
            found.start = start
            found.end = i
            found.isString = bytes[start] === QUOTE
            found.escaped = escaped.any
          }
          i = skipSpace(bytes, i)
          if (bytes[i] === COMMA) {
            i = skipSpace(bytes, i + 1)
            continue
          }
          if (bytes[i] !== CLOSE_BRACE) return null
          i++
          break
        }
      if (!issue) {
        if (id.start < 0 || !id.isString) issue = { path: `.participants[${index}].id`, message: 'expected string' }
        else if (rank.start < 0 || !rank.isString) issue = { path: `.participants[${index}].rank`, message: 'expected string' }
        else if (adminRank(bytes, rank))
          admins.push({
            id: jsonStringAt(bytes, id.start, id.end, id.escaped),
            rank: jsonStringAt(bytes, rank.start, rank.end, rank.escaped),
          })
      }
    }
    i = skipSpace(bytes, i)
    if (bytes[i] === COMMA) {
      i = skipSpace(bytes, i + 1)
      continue
    }
    if (bytes[i] !== CLOSE_BRACKET) return null
    return { end: i + 1, depth, issue, admins }
  }
}
