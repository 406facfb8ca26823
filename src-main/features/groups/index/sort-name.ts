/** Leading characters that are neither letters nor digits: emoji, punctuation, spaces, marks. */
const LEADING_SYMBOLS = /^[^\p{L}\p{N}]+/u

/**
 * The part of a group name that decides its place in a name sort: "🎉 Book club" files
 * under B, not before A. A name made only of symbols has no key (''), and sorts last.
 */
export function sortName(name: string): string {
  return name.replace(LEADING_SYMBOLS, '')
}
