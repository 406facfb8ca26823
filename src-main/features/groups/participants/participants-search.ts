import type { StoryContact } from '@shared/channels/stories'
import type { GroupColumns } from '../index'
import { SLOT, TEXT_SLOTS, textAt, utf8 } from '../index/group-columns'
import type { LoadedParticipants } from './participant-index'

const SLOTS = TEXT_SLOTS.length
/** Half of a surrogate pair (a whole pair is one code point to a /u pattern). */
const LONE_SURROGATE = /\p{Cs}/u

function view(bytes: Uint8Array): Buffer {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)
}

/**
 * Where each group's folded name ends in the columns' search text. That text is the folded
 * "name\ndescription\npreview" (see GroupColumnsBuilder), and folding keeps every line
 * break and makes none, so the name ends at the line break after those the name holds.
 */
function nameEnds(columns: GroupColumns): Uint32Array {
  const { haystack, haystackStarts, text, textStarts, count } = columns
  const folded = view(haystack)
  const ends = new Uint32Array(count)
  for (let g = 0; g < count; g++) {
    const start = haystackStarts[g] as number
    const stop = haystackStarts[g + 1] as number
    let breaks = 0
    const at = g * SLOTS + SLOT.name
    for (let i = textStarts[at] as number; i < (textStarts[at + 1] as number); i++) if (text[i] === 0x0a) breaks++
    let end = start - 1
    for (let k = 0; k <= breaks && end < stop; k++) {
      end = folded.indexOf(0x0a, end + 1)
      if (end < 0 || end >= stop) end = stop
    }
    ends[g] = Math.min(end, stop)
  }
  return ends
}

/** Folded name ends by the columns they belong to; they go with the columns. */
const endsOf = new WeakMap<GroupColumns, Uint32Array>()

/** 1 for each group whose folded name holds `term`, by position. */
function namesHolding(columns: GroupColumns, term: string): Uint8Array {
  let ends = endsOf.get(columns)
  if (!ends) {
    ends = nameEnds(columns)
    endsOf.set(columns, ends)
  }
  const { haystackStarts, count } = columns
  const hits = new Uint8Array(count)
  if (LONE_SURROGATE.test(term)) {
    // Half of a surrogate pair has no UTF-8 of its own: compared as text, group by group.
    for (let g = 0; g < count; g++) if (utf8(columns.haystack, haystackStarts[g] as number, ends[g] as number).includes(term)) hits[g] = 1
    return hits
  }
  const folded = view(columns.haystack)
  let group = 0
  const bytes = Buffer.from(term, 'utf8')
  for (let from = 0; ;) {
    const hit = folded.indexOf(bytes, from)
    if (hit < 0) break
    while ((haystackStarts[group + 1] as number) <= hit) group++
    // A first hit that does not fit in the name means no later one does.
    if (hit + bytes.length <= (ends[group] as number)) hits[group] = 1
    from = haystackStarts[group + 1] as number
  }
  return hits
}

/**
 * Which participants match every term, by entry: each term must be in the contact id or in
 * the folded name of one of the participant's sample groups (never across the two: a term
 * has no spaces). The terms are looked for in the UTF-8 bytes, with no string made per
 * participant.
 */
export function participantsMatching(participants: LoadedParticipants, terms: readonly string[]): Uint16Array {
  const { table, columns } = participants
  const { contacts, contactStarts, sampleStarts, samples, count } = table
  const ids = view(contacts)
  // How many terms each participant has matched so far: only those that matched all go on.
  const matched = new Uint16Array(count)
  for (let t = 0; t < terms.length; t++) {
    const text = terms[t] as string
    const term = Buffer.from(text, 'utf8')
    let participant = 0
    for (let from = 0; !LONE_SURROGATE.test(text);) {
      const hit = ids.indexOf(term, from)
      if (hit < 0) break
      while ((contactStarts[participant + 1] as number) <= hit) participant++
      const end = contactStarts[participant + 1] as number
      if (hit + term.length > end) {
        from = hit + 1
        continue
      }
      if (matched[participant] === t) matched[participant] = t + 1
      from = end
    }
    const named = namesHolding(columns, text)
    for (let i = 0; i < count; i++) {
      if (matched[i] !== t || contactStarts[i + 1] === contactStarts[i]) continue
      for (let s = sampleStarts[i] as number; s < (sampleStarts[i + 1] as number); s++) {
        if (named[samples[s] as number] === 1) {
          matched[i] = t + 1
          break
        }
      }
    }
  }
  return matched
}

/** Whether entry `i` is listed by the picker (it has a contact id of its own). */
export function isListed(participants: LoadedParticipants, i: number): boolean {
  const { contactStarts } = participants.table
  return (contactStarts[i + 1] as number) > (contactStarts[i] as number)
}

function sampleNames(participants: LoadedParticipants, i: number): string[] {
  const { table, columns } = participants
  const names: string[] = []
  for (let s = table.sampleStarts[i] as number; s < (table.sampleStarts[i + 1] as number); s++)
    names.push(textAt(columns, table.samples[s] as number, SLOT.name))
  return names
}

/** Entry `i` as the picker shows it. */
export function contactAt(participants: LoadedParticipants, i: number): StoryContact {
  const { contacts, contactStarts, shared } = participants.table
  return {
    id: utf8(contacts, contactStarts[i] as number, contactStarts[i + 1] as number),
    groups: sampleNames(participants, i),
    groupCount: shared[i] as number,
  }
}

/** The participants among `ids` (ids without their server part), with their sample groups. */
export function participantsWithIds(participants: LoadedParticipants, ids: Iterable<string>): { id: string; sampleGroups: string[] }[] {
  const { table } = participants
  const bytes = view(table.ids)
  const idAt = (i: number): Buffer => bytes.subarray(table.idStarts[i] as number, table.idStarts[i + 1] as number)
  const found: { id: string; sampleGroups: string[] }[] = []
  for (const id of new Set(ids)) {
    const wanted = Buffer.from(id, 'utf8')
    let low = 0
    let high = table.count - 1
    while (low <= high) {
      const mid = (low + high) >>> 1
      const at = table.byId[mid] as number
      const order = Buffer.compare(idAt(at), wanted)
      if (order === 0) {
        found.push({ id, sampleGroups: sampleNames(participants, at) })
        break
      }
      if (order < 0) low = mid + 1
      else high = mid - 1
    }
  }
  return found
}
