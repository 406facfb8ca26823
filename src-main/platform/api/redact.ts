import { secretForms } from '../log/secret-forms'

const MARK = '[redacted]'

/**
 * Removes a secret from everything that may end up in an error or a log line. The server
 * may echo a request back in an error body, encoded or not, and error causes can quote what
 * they were fed.
 */
export class Redactor {
  readonly #forms: readonly string[]

  constructor(secret: string) {
    this.#forms = secretForms(secret)
  }

  /** The secret, and the encodings a server may echo it in (percent, hex, base64). */
  text(value: string): string {
    let out = value
    for (const form of this.#forms) if (out.includes(form)) out = out.split(form).join(MARK)
    return out
  }

  deep(value: unknown, depth = 0): unknown {
    if (typeof value === 'string') return this.text(value)
    if (depth > 8 || value === null || typeof value !== 'object') return value
    if (Array.isArray(value)) return value.map((item) => this.deep(item, depth + 1))
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [this.text(key), this.deep(item, depth + 1)]))
  }

  /**
   * A stand-in for a low-level failure: its name, code and redacted message, without the
   * original object (which may hold request state) and without its stack.
   */
  cause(error: unknown): Error {
    const parts: string[] = []
    let code: string | undefined
    let link: unknown = error
    for (let depth = 0; depth < 4 && link !== undefined && link !== null; depth++) {
      if (link instanceof Error) parts.push(link.message)
      else parts.push(String(link))
      if (typeof link === 'object' && 'code' in link && typeof link.code === 'string') code ??= link.code
      link = typeof link === 'object' && 'cause' in link ? link.cause : undefined
    }
    const stand = new Error(this.text(parts.filter(Boolean).join(': ')))
    stand.name = error instanceof Error ? error.name : 'Error'
    stand.stack = `${stand.name}: ${stand.message}`
    if (code !== undefined) Object.assign(stand, { code })
    return stand
  }
}
