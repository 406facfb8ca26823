import type { GroupColumns } from './group-columns'

/**
 * Which groups hold every term in their folded search text: 1 for a match, by position.
 * The terms are looked for in the UTF-8 bytes themselves, with no string made per group;
 * UTF-8 is self-synchronising, so a byte match is a match of whole characters. `into`, when
 * given, is written over and returned (a caller searching often keeps one, as long as the
 * columns' count); otherwise a new array is.
 */
export function groupsMatching(columns: GroupColumns, terms: readonly string[], into?: Uint8Array): Uint8Array {
  const { haystack, haystackStarts, count } = columns
  const bytes = Buffer.from(haystack.buffer, haystack.byteOffset, haystack.byteLength)
  const hits = into && into.length === count ? into.fill(0) : new Uint8Array(count)
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
