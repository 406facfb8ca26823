import type { LabelChip } from '@shared/channels/groups'
import { TEXT_SLOTS, type RowChunk } from './group-columns'
import { GrowingText } from './growing'
import type { RowParts } from './row-parts'

/** A string's place in a chunk's table of strings, added on first use. */
function refOf(table: Map<string, number>, value: string): number {
  let ref = table.get(value)
  if (ref === undefined) {
    ref = table.size
    table.set(value, ref)
  }
  return ref
}

/**
 * The rows of a page as a RowChunk, made where the page was read: what main's columns would
 * make of each row with addRow, already as arrays, so that main copies bytes rather than
 * receive, decode and walk an object per row.
 */
export function chunkOf(rows: readonly RowParts[]): RowChunk {
  const count = rows.length
  const text = new GrowingText()
  const haystack = new GrowingText()
  const sortSkip = new Uint32Array(count)
  const timestamp = new Float64Array(count)
  const muteUntil = new Float64Array(count)
  const unread = new Float64Array(count)
  const size = new Float64Array(count)
  const flags = new Uint16Array(count)
  const kind = new Int32Array(count)
  const vote = new Int32Array(count)
  const adminStarts = new Uint32Array(count + 1)
  const labelStarts = new Uint32Array(count + 1)
  const admins: number[] = []
  const labelRefs: number[] = []
  const strings = new Map<string, number>()
  const labels = new Map<string, number>()
  const labelList: LabelChip[] = []
  rows.forEach((row, at) => {
    for (const slot of TEXT_SLOTS) text.add(row[slot])
    haystack.add(row.haystack)
    sortSkip[at] = row.sortSkip
    timestamp[at] = row.timestamp
    muteUntil[at] = row.muteUntil
    unread[at] = row.unread
    size[at] = row.size
    flags[at] = row.flags
    kind[at] = row.kind === null ? -1 : refOf(strings, row.kind)
    vote[at] = row.selfVote === null ? -1 : refOf(strings, row.selfVote)
    for (const admin of row.admins) admins.push(refOf(strings, admin))
    adminStarts[at + 1] = admins.length
    for (const label of row.labels) {
      // The same chip as the columns tell chips apart: id, name and colour.
      const key = JSON.stringify([label.id, label.name, label.color])
      let ref = labels.get(key)
      if (ref === undefined) {
        ref = labelList.push({ id: label.id, name: label.name, color: label.color }) - 1
        labels.set(key, ref)
      }
      labelRefs.push(ref)
    }
    labelStarts[at + 1] = labelRefs.length
  })
  const texts = text.done()
  const folded = haystack.done()
  return {
    count,
    text: texts.bytes,
    textStarts: texts.starts,
    haystack: folded.bytes,
    haystackStarts: folded.starts,
    sortSkip,
    timestamp,
    muteUntil,
    unread,
    size,
    flags,
    kind,
    vote,
    adminStarts,
    admins: Uint32Array.from(admins),
    labelStarts,
    labelRefs: Uint32Array.from(labelRefs),
    strings: [...strings.keys()],
    labels: labelList,
  }
}

/** The memory of a chunk's arrays, to move with it rather than copy. */
export function chunkBuffers(chunk: RowChunk): ArrayBuffer[] {
  const { text, textStarts, haystack, haystackStarts, sortSkip, timestamp, muteUntil, unread, size, flags } = chunk
  const { kind, vote, adminStarts, admins, labelStarts, labelRefs } = chunk
  const arrays: ArrayBufferView[] = [text, textStarts, haystack, haystackStarts, sortSkip, timestamp, muteUntil, unread, size, flags]
  arrays.push(kind, vote, adminStarts, admins, labelStarts, labelRefs)
  return arrays.map((array) => array.buffer as ArrayBuffer)
}
