/**
 * What must never reach a log file or a diagnostics report: API tokens and the people in
 * the account (phone numbers, chat ids). Applied to every log line whatever wrote it, so a
 * service that logs a request, an error body or a URL cannot leak one by accident.
 *
 * Over-redaction is the accepted cost: any run of 7 or more digits inside text is taken for
 * a phone number or an id. Numbers logged as numbers (sizes, counts, durations) are left alone.
 */
import { secretForms } from './secret-forms'

export const REDACTED = '[redacted]'
export const NUMBER_MARK = '[number]'
export const ID_MARK = '[id]'

/** Chat ids: person (s.whatsapp.net, c.us, lid), group (g.us), channel (newsletter), broadcast. */
const CHAT_ID = /[0-9A-Za-z._-]+@(s\.whatsapp\.net|c\.us|g\.us|lid|newsletter|broadcast)\b/g
/** An HTTP credential: the scheme, then 8+ credential characters on the same line (a plain lowercase word is prose). */
const BEARER = /\b(Bearer|Basic)[ \t]+([A-Za-z0-9._~+/=-]{8,})/gi
/** `token=...` in a query string, `"token": "..."` in echoed JSON, `authorization: ...` in a header dump. */
const NAMED_SECRET = /\b(token|access_token|api_key|apikey|secret|password|authorization)(["']?[ \t]*[:=][ \t]*["']?)([^\s"'&,;}]+)/gi
/** An international number written with its + (spaces or dashes allowed between digits). */
const INTERNATIONAL_NUMBER = /\+\d(?:[\s-]?\d){6,14}\b/g
/** A bare run of 7+ digits (a phone number, or a longer group id), not inside a word, a decimal or a version. */
const DIGIT_RUN = /(?<![\w.])\d{7,}(?![\w.])/g
/** 24+ letters and digits mixing cases and digits: the shape of an API token or key. */
const TOKEN_LIKE = /\b[A-Za-z0-9_-]{24,}\b/g

const SENSITIVE_KEY = /^(token|access_?token|api_?key|secret|password|authorization|cookie|set-cookie)$/i

function looksLikeToken(value: string): boolean {
  const digits = value.replace(/\D/g, '').length
  return /[a-z]/.test(value) && /[A-Z]/.test(value) && digits >= 3 && digits < value.length
}

export function redactText(text: string, secrets: Iterable<string> = []): string {
  let out = text
  for (const secret of secrets) {
    // Short strings would blank out ordinary words; tokens are long.
    if (secret.length < 6) continue
    for (const form of secretForms(secret)) if (out.includes(form)) out = out.split(form).join(REDACTED)
  }
  return out
    .replace(BEARER, (m, scheme: string, credential: string) => (/^[a-z]{1,19}$/.test(credential) ? m : `${scheme} ${REDACTED}`))
    .replace(NAMED_SECRET, (_m, name: string, sep: string) => `${name}${sep}${REDACTED}`)
    .replace(CHAT_ID, (_m, suffix: string) => `${ID_MARK}@${suffix}`)
    .replace(TOKEN_LIKE, (m) => (looksLikeToken(m) ? REDACTED : m))
    .replace(INTERNATIONAL_NUMBER, NUMBER_MARK)
    .replace(DIGIT_RUN, NUMBER_MARK)
}

/**
 * A copy of `value` with every string redacted and every field named like a secret
 * blanked. Errors become plain objects (name, message, stack, code) so their text is
 * redacted too; cycles and depth are cut.
 */
export function redactValue(value: unknown, secrets: Iterable<string> = [], depth = 0, seen = new WeakSet<object>()): unknown {
  const known = [...secrets]
  if (typeof value === 'string') return redactText(value, known)
  if (value === null || typeof value !== 'object') return value
  if (depth >= 6) return '[…]'
  if (seen.has(value)) return '[circular]'
  seen.add(value)
  if (value instanceof Error) {
    const code = (value as { code?: unknown }).code
    return redactValue(
      { name: value.name, message: value.message, ...(value.stack ? { stack: value.stack } : {}), ...(code !== undefined ? { code } : {}) },
      known,
      depth,
      seen,
    )
  }
  if (Array.isArray(value)) return value.map((item) => redactValue(item, known, depth + 1, seen))
  const out: Record<string, unknown> = {}
  for (const [key, item] of Object.entries(value)) {
    out[redactText(key, known)] =
      SENSITIVE_KEY.test(key) && item !== null && item !== undefined ? REDACTED : redactValue(item, known, depth + 1, seen)
  }
  return out
}

/** Holds the secrets known at run time (tokens main has seen) next to the fixed patterns. */
export class LogRedactor {
  readonly #secrets = new Set<string>()

  /** Tells the redactor about a secret; it is then blanked wherever it appears. */
  addSecret(secret: string): void {
    if (secret.length >= 6) this.#secrets.add(secret)
  }

  /** For a log file: redacted, and with line breaks escaped so no value can forge a line. */
  line(value: unknown): unknown {
    return escapeControls(redactValue(value, this.#secrets))
  }
}

/** Line breaks and other control characters (tab aside): the ones that would start a new line or hide text. */
const CONTROL_CHARACTERS = /[\p{Cc}\u2028\u2029]/gu
const TAB = '\t'

function escapeControl(character: string): string {
  if (character === TAB) return TAB
  if (character === '\n') return '\\n'
  if (character === '\r') return '\\r'
  return `\\u${character.charCodeAt(0).toString(16).padStart(4, '0')}`
}

/** Every string in a redacted value (keys too) with its control characters written as escapes. */
export function escapeControls(value: unknown): unknown {
  if (typeof value === 'string') return value.replace(CONTROL_CHARACTERS, escapeControl)
  if (Array.isArray(value)) return value.map(escapeControls)
  if (value === null || typeof value !== 'object') return value
  return Object.fromEntries(Object.entries(value).map(([key, item]) => [escapeControls(key), escapeControls(item)]))
}
