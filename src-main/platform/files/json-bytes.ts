/**
 * JSON checked in its UTF-8 bytes, without building any value: whether a run of bytes is
 * one value exactly as JSON.parse would accept it (RFC 8259, as V8 reads it: no comments,
 * no trailing commas, no control characters in strings, only the escapes JSON has), and
 * where it ends. Invalid UTF-8 is not checked, as JSON.parse of the decoded text takes it
 * too (each bad sequence becomes U+FFFD). No recursion, and no deeper than a record may nest
 * (see skipJsonValue): a value nested millions of levels deep is refused, in bounded memory.
 */

import { MAX_RECORD_DEPTH } from '@shared/domain/nesting'

export const QUOTE = 0x22
export const BACKSLASH = 0x5c
export const COMMA = 0x2c
export const COLON = 0x3a
export const OPEN_BRACE = 0x7b
export const CLOSE_BRACE = 0x7d
export const OPEN_BRACKET = 0x5b
export const CLOSE_BRACKET = 0x5d

/** Not a JSON value: what JSON.parse would throw on. */
export const INVALID = -1

export function isSpace(byte: number): boolean {
  return byte === 0x20 || byte === 0x0a || byte === 0x0d || byte === 0x09
}

export function skipSpace(bytes: Uint8Array, at: number): number {
  while (at < bytes.length && isSpace(bytes[at] as number)) at++
  return at
}

function isHex(byte: number): boolean {
  return (byte >= 0x30 && byte <= 0x39) || (byte >= 0x61 && byte <= 0x66) || (byte >= 0x41 && byte <= 0x46)
}

/** Escapes after a backslash, besides `u`: " \ / b f n r t. */
const SIMPLE_ESCAPE = new Uint8Array(256)
for (const char of '"\\/bfnrt') SIMPLE_ESCAPE[char.charCodeAt(0)] = 1

/**
 * The string whose opening quote is at `at`: the index just past its closing quote, or
 * INVALID. `escaped` (when given) learns whether it holds any escape, that is whether its
 * bytes are its text.
 */
export function skipJsonString(bytes: Uint8Array, at: number, escaped?: { any: boolean }): number {
  const length = bytes.length
  for (let i = at + 1; i < length; i++) {
    const byte = bytes[i] as number
    if (byte === QUOTE) return i + 1
    if (byte < 0x20) return INVALID
    if (byte !== BACKSLASH) continue
    if (escaped) escaped.any = true
    const next = bytes[i + 1] as number
    if (SIMPLE_ESCAPE[next] === 1) {
      i++
    } else if (next === 0x75) {
      if (i + 5 >= length) return INVALID
      for (let k = i + 2; k < i + 6; k++) if (!isHex(bytes[k] as number)) return INVALID
      i += 5
    } else return INVALID
  }
  return INVALID
}

function isDigit(byte: number): boolean {
  return byte >= 0x30 && byte <= 0x39
}

/** The number that starts at `at`: the index just past it, or INVALID. */
function skipNumber(bytes: Uint8Array, at: number): number {
  let i = at
  if (bytes[i] === 0x2d) i++
  if (bytes[i] === 0x30) i++
  else if (isDigit(bytes[i] as number)) while (isDigit(bytes[i] as number)) i++
  else return INVALID
  if (bytes[i] === 0x2e) {
    i++
    if (!isDigit(bytes[i] as number)) return INVALID
    while (isDigit(bytes[i] as number)) i++
  }
  if (bytes[i] === 0x65 || bytes[i] === 0x45) {
    i++
    if (bytes[i] === 0x2b || bytes[i] === 0x2d) i++
    if (!isDigit(bytes[i] as number)) return INVALID
    while (isDigit(bytes[i] as number)) i++
  }
  return i
}

const TRUE = [0x74, 0x72, 0x75, 0x65]
const FALSE = [0x66, 0x61, 0x6c, 0x73, 0x65]
const NULL = [0x6e, 0x75, 0x6c, 0x6c]

function skipWord(bytes: Uint8Array, at: number, word: readonly number[]): number {
  for (let k = 0; k < word.length; k++) if (bytes[at + k] !== word[k]) return INVALID
  return at + word.length
}

/** A scalar (string, number, literal) at `at`: the index past it, or INVALID. */
function skipScalar(bytes: Uint8Array, at: number): number {
  const byte = bytes[at]
  if (byte === QUOTE) return skipJsonString(bytes, at)
  if (byte === 0x74) return skipWord(bytes, at, TRUE)
  if (byte === 0x66) return skipWord(bytes, at, FALSE)
  if (byte === 0x6e) return skipWord(bytes, at, NULL)
  return skipNumber(bytes, at)
}

/** Where a value that skipJsonValue read ends, and how deeply it nests (a scalar is 0, `[]` is 1). */
export interface SkippedValue {
  end: number
  depth: number
}

/**
 * The JSON value that starts at `at` (no space before it): where it ends and how deep it
 * nests, or null when it is not valid JSON. `out` is filled and returned, so a caller
 * reading many values makes no garbage.
 *
 * It follows a value down `maxDepth` levels at most (a record's limit by default): a value
 * deeper than that is null too, with `out.depth` past the limit and `out.end` where it
 * stopped. A server's page of 64 million opening brackets is then read no further than 65
 * of them, rather than kept as a stack of 64 million levels.
 */
export function skipJsonValue(bytes: Uint8Array, at: number, out: SkippedValue, maxDepth = MAX_RECORD_DEPTH): SkippedValue | null {
  const first = bytes[at]
  if (first !== OPEN_BRACE && first !== OPEN_BRACKET) {
    const end = skipScalar(bytes, at)
    if (end === INVALID) return null
    out.end = end
    out.depth = 0
    return out
  }
  // Open containers, innermost last: 1 for an object, 0 for an array.
  const open: number[] = []
  let deepest = 0
  let i = at
  for (;;) {
    // Here `i` is at an opening brace or bracket.
    const isObject = bytes[i] === OPEN_BRACE
    open.push(isObject ? 1 : 0)
    if (open.length > deepest) deepest = open.length
    if (deepest > maxDepth) {
      out.end = i + 1
      out.depth = deepest
      return null
    }
    i = skipSpace(bytes, i + 1)
    const close = isObject ? CLOSE_BRACE : CLOSE_BRACKET
    if (bytes[i] === close) {
      open.pop()
      i++
    } else {
      i = member(bytes, i, isObject)
      if (i === INVALID) return null
      // A nested container opens: read it from the top of the loop.
      if (bytes[i] === OPEN_BRACE || bytes[i] === OPEN_BRACKET) continue
      i = skipScalar(bytes, i)
      if (i === INVALID) return null
    }
    // After a value inside the containers still open: a comma and the next member, or the close.
    for (;;) {
      if (open.length === 0) {
        out.end = i
        out.depth = deepest
        return out
      }
      i = skipSpace(bytes, i)
      const inObject = open[open.length - 1] === 1
      if (bytes[i] === COMMA) {
        i = member(bytes, skipSpace(bytes, i + 1), inObject)
        if (i === INVALID) return null
        if (bytes[i] === OPEN_BRACE || bytes[i] === OPEN_BRACKET) break
        i = skipScalar(bytes, i)
        if (i === INVALID) return null
        continue
      }
      if (bytes[i] !== (inObject ? CLOSE_BRACE : CLOSE_BRACKET)) return null
      open.pop()
      i++
    }
  }
}

/** In an object, the `"key":` before a member's value; the index of the value's first byte. */
function member(bytes: Uint8Array, at: number, inObject: boolean): number {
  if (!inObject) return at
  if (bytes[at] !== QUOTE) return INVALID
  let i = skipJsonString(bytes, at)
  if (i === INVALID) return INVALID
  i = skipSpace(bytes, i)
  if (bytes[i] !== COLON) return INVALID
  return skipSpace(bytes, i + 1)
}

/** A string's text, its quotes at `start` and `end - 1`; decoded as JSON.parse would when it has escapes. */
export function jsonStringAt(bytes: Buffer, start: number, end: number, escaped: boolean): string {
  return escaped ? (JSON.parse(bytes.toString('utf8', start, end)) as string) : bytes.toString('utf8', start + 1, end - 1)
}
