/** Long enough to skip the keystrokes of a word typed quickly, short enough to feel instant. */
export const DEFAULT_SEARCH_DEBOUNCE_MS = 80
/** Beyond this a typo in a build variable would make the search feel broken. */
const MAX_SEARCH_DEBOUNCE_MS = 2_000

/**
 * The search debounce, from the build-time variable VITE_SEARCH_DEBOUNCE_MS. It exists so the
 * groups-ui benchmark can build a renderer without the debounce (0) and show what the
 * debounce itself costs a keystroke; anything missing or not a whole number of milliseconds
 * in range keeps the default, so no build can ship a broken search by accident.
 */
export function parseSearchDebounceMs(raw: string | undefined): number {
  if (raw === undefined || !/^\s*\d+\s*$/.test(raw)) return DEFAULT_SEARCH_DEBOUNCE_MS
  const ms = Number(raw)
  return ms <= MAX_SEARCH_DEBOUNCE_MS ? ms : DEFAULT_SEARCH_DEBOUNCE_MS
}
