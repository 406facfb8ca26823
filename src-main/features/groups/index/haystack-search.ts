import type { GroupColumns } from './group-columns'

/**
 * Which groups hold every term in their folded search text: 1 for a match, by position.
 * The terms are looked for in the UTF-8 bytes themselves, with no string made per group;
 * UTF-8 is self-synchronising, so a byte match is a match of whole characters. `hits`, as
 * long as the columns' count, is written over and returned: the index keeps one for all its
 * searches rather than a new array each.
 */
export function groupsMatching(columns: GroupColumns, terms: readonly string[], hits: Uint8Array): Uint8Array {
  const { haystack, haystackStarts, count } = columns
  // developer-only: a scratch array of another snapshot's size would give wrong matches
  if (hits.length !== count) throw new Error('search scratch array of the wrong length')
  const bytes = Buffer.from(haystack.buffer, haystack.byteOffset, haystack.byteLength)
  hits.fill(0)
  for (let t = 0; t < terms.length; t++) {
    const term = Buffer.from(terms[t] as string, 'utf8')
    let from = 0
    let group = 0
    for (;;) {
      const hit = bytes.indexOf(term, from)
      if (hit < 0) break
      // The group whose text the hit starts in; hits only move forward.
      while ((haystackStarts[group + 1] as number) <= hit) group++
      const end = haystackStarts[group + 1] as number
      if (hit + term.length > end) {
        // It runs on into the next group's text: not a match of this one.
        from = hit + 1
        continue
      }
      // Each term must match in every group that stays: the first term marks, later ones count up.
      if ((hits[group] as number) === t) hits[group] = t + 1
      from = end
    }
  }
  const all = terms.length
  for (let at = 0; at < count; at++) hits[at] = hits[at] === all ? 1 : 0
  return hits
}
