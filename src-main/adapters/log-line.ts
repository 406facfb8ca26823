/** How log lines look on a console: one readable line for a person, or one JSON object per line. */
export type ConsoleFormat = 'text' | 'json'

export interface LogEntry {
  date: Date
  level: string
  scope?: string | undefined
  /** What the logger was called with: the message, then an optional record of fields. */
  data: readonly unknown[]
}

// Control characters (newlines, escape sequences) in logged text could forge a line or
// drive the terminal; text that came from a server is logged too.
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g

function escapeControls(text: string): string {
  return text.replace(CONTROL, (char) =>
    char === '\n' ? '\\n' : char === '\t' ? '\\t' : `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`,
  )
}

function toPlain(value: unknown, depth = 0): unknown {
  if (value instanceof Error) return { name: value.name, message: value.message }
  if (depth > 5 || value === null || typeof value !== 'object') return typeof value === 'bigint' ? String(value) : value
  if (Array.isArray(value)) return value.map((item) => toPlain(item, depth + 1))
  return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, toPlain(item, depth + 1)]))
}

function split(entry: LogEntry): { message: string; fields: Record<string, unknown> } {
  const [first, ...rest] = entry.data
  const message = typeof first === 'string' ? first : first instanceof Error ? first.message : (JSON.stringify(toPlain(first)) ?? '')
  const fields: Record<string, unknown> = {}
  rest.forEach((item, index) => {
    const plain = toPlain(item)
    if (plain && typeof plain === 'object' && !Array.isArray(plain)) Object.assign(fields, plain)
    else fields[`arg${index + 1}`] = plain
  })
  return { message, fields }
}

function fieldText(value: unknown): string {
  if (typeof value === 'string') return /^[^\s"=]+$/.test(value) ? value : JSON.stringify(value)
  return JSON.stringify(value) ?? String(value)
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0')

/** One line, no trailing newline. */
export function formatLogLine(entry: LogEntry, format: ConsoleFormat): string {
  const { message, fields } = split(entry)
  if (format === 'json') {
    const json = JSON.stringify({
      time: entry.date.toISOString(),
      level: entry.level,
      scope: entry.scope ?? null,
      message,
      ...fields,
    })
    // JSON escapes C0 controls itself; these others are legal in JSON but not harmless on a terminal.
    return json.replace(/[\u007f-\u009f\u2028\u2029]/g, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`)
  }
  const d = entry.date
  const time = `${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`
  const head = `${time} ${entry.level.padEnd(5)} ${entry.scope ? `[${entry.scope}] ` : ''}`
  const tail = Object.entries(fields)
    .map(([key, value]) => ` ${key}=${fieldText(value)}`)
    .join('')
  return escapeControls(head + message + tail)
}
