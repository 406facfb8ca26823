const MARKS = /\p{M}+/gu
const SPACES = /\s+/g
/** Lower-casing picks σ or ς by position in the word; a search typed mid-word must match either. */
const FINAL_SIGMA = /ς/g

/**
 * Text as search compares it: lower case, accents and other combining marks dropped
 * (NFKD also folds compatibility forms: full-width letters, ligatures), so "Café" matches
 * "cafe" and "ＣＡＦＥ". Lower-casing first turns "İ" into "i" plus a mark, which then goes.
 */
export function foldForSearch(text: string): string {
  return text.toLowerCase().normalize('NFKD').replace(MARKS, '').replace(FINAL_SIGMA, 'σ')
}

/** The words of a search: each must appear somewhere in the group's searchable text. */
export function searchTerms(search: string): string[] {
  return foldForSearch(search)
    .split(SPACES)
    .filter((term) => term.length > 0)
}
