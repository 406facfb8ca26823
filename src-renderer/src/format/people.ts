/**
 * How people and groups are named on screen: ids like `447700900123@s.whatsapp.net` read as
 * "+447700900123"; initials come from the first letters (grapheme clusters, so emoji and
 * combining marks stay whole) of the first two words.
 */
export function displayId(id: string | null | undefined): string {
  if (!id) return ''
  const [user = '', server = ''] = id.split('@')
  if (/^\d{5,}$/.test(user) && (server === '' || server === 's.whatsapp.net' || server === 'c.us')) return `+${user}`
  return id
}

/**
 * An id or number to go inside a translated sentence. In a right-to-left interface it is set
 * apart for the bidirectional algorithm (LRI ... PDI), so that in Arabic "+447700900123" keeps
 * its plus sign in front; left-to-right text needs no marks.
 */
export function isolatedId(id: string | null | undefined, rtl = document.documentElement.dir === 'rtl'): string {
  const shown = displayId(id)
  return shown && rtl ? `\u2066${shown}\u2069` : shown
}

/**
 * A name the user gave (an account's label) inside a translated sentence or a plain-text line.
 * In a right-to-left interface it is set apart by its own first strong letter (FSI ... PDI), so
 * a Latin name with digits or punctuation keeps its order and does not reorder the words around it.
 */
export function isolatedName(name: string, rtl = document.documentElement.dir === 'rtl'): string {
  return name && rtl ? `\u2068${name}\u2069` : name
}

const segmenter = typeof Intl.Segmenter === 'function' ? new Intl.Segmenter(undefined, { granularity: 'grapheme' }) : null
const MEANINGFUL = /[\p{L}\p{N}\p{Extended_Pictographic}]/u

/** The first grapheme of a word that is a letter, digit or emoji (skipping quotes and dashes). */
function firstMeaningful(word: string): string {
  const graphemes = segmenter ? Array.from(segmenter.segment(word), (s) => s.segment) : Array.from(word)
  return graphemes.find((g) => MEANINGFUL.test(g)) ?? ''
}

export function initialsOf(name: string | null | undefined): string {
  const letters = (name ?? '').trim().split(/\s+/).map(firstMeaningful).filter(Boolean).slice(0, 2).join('')
  return letters ? letters.toLocaleUpperCase() : '#'
}

/** A stable hue (0..359) for an avatar, from the group's id. */
export function hueOf(key: string): number {
  let hash = 0
  for (let i = 0; i < key.length; i++) hash = (hash * 31 + key.charCodeAt(i)) | 0
  return Math.abs(hash) % 360
}

/** Invite links as the provider's app opens them. */
export function inviteLink(code: string): string {
  return `https://chat.whatsapp.com/${encodeURIComponent(code)}`
}

/** Label colours arrive as CSS colour names or hex; anything else gets a neutral grey. */
export function safeLabelColor(color: string | null | undefined): string {
  if (typeof color !== 'string') return 'silver'
  const trimmed = color.trim()
  if (/^[a-z]{3,24}$/i.test(trimmed) || /^#(?:[0-9a-f]{3}|[0-9a-f]{6}|[0-9a-f]{8})$/i.test(trimmed)) return trimmed
  return 'silver'
}

/** Only http(s) links are made clickable; anything else (javascript:, data:, file:) stays text. */
export function safeHttpUrl(value: unknown): string | null {
  if (typeof value !== 'string' || value.length > 4096) return null
  try {
    const url = new URL(value)
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null
  } catch {
    return null
  }
}
