import { randomInt, timingSafeEqual } from 'node:crypto'

/** No 0/O, 1/I/L: a code read off a terminal is typed right the first time. 31 letters and digits, 8 of them: about 40 bits. */
export const CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789'
export const CODE_LENGTH = 8
export const CODE_LIFETIME_MS = 10 * 60_000
export const CODE_TRIES = 5

/** A code as the operator reads it: two groups of four. */
export function shownCode(code: string): string {
  return `${code.slice(0, 4)}-${code.slice(4)}`
}

/** What was typed, as the code is kept: capitals, no spaces or dashes. */
function typedCode(text: string): string {
  return text.toUpperCase().replace(/[\s-]/g, '')
}

export type PairingAttempt =
  | { ok: true }
  | { ok: false; reason: 'wrong'; triesLeft: number }
  /** The code expired, or was tried too often: a new one is printed. */
  | { ok: false; reason: 'no-code' }

export interface PairingCodesOptions {
  /** A new code to print: at start, and whenever the last one was used, expired or tried too often. */
  onCode: (code: { code: string; expiresAt: string; tries: number }) => void
  now?: () => number
  /** Sets the timer that renews an expired code; returns what stops it. */
  every?: (ms: number, run: () => void) => () => void
  random?: (max: number) => number
}

interface Pending {
  code: string
  expiresAt: number
  triesLeft: number
}

/**
 * The agent's one-time pairing code: one pending at a time, valid ten minutes and five tries. A
 * wrong code counts a try; the fifth wrong one ends the code. Whenever none is pending (used,
 * expired, tried out), a new one is made and printed, so the operator always has one to read.
 */
export class PairingCodes {
  readonly #opts: PairingCodesOptions
  readonly #now: () => number
  #pending: Pending | null = null
  #stopTimer: (() => void) | null = null

  constructor(options: PairingCodesOptions) {
    this.#opts = options
    this.#now = options.now ?? Date.now
  }

  /** Makes the first code, and looks every minute for one that expired. */
  start(): void {
    this.#renew()
    const every =
      this.#opts.every ??
      ((ms, run) => {
        const timer = setInterval(run, ms)
        timer.unref()
        return () => clearInterval(timer)
      })
    this.#stopTimer = every(60_000, () => this.#renewExpired())
  }

  stop(): void {
    this.#stopTimer?.()
    this.#stopTimer = null
  }

  /** Tries `text` against the pending code. Right: the code is used up (and a new one made). */
  attempt(text: string): PairingAttempt {
    const pending = this.#pending
    if (pending === null) return { ok: false, reason: 'no-code' }
    // An expired code is no code: the new one is printed, and this try does not count against it.
    if (this.#now() >= pending.expiresAt) {
      this.#renew()
      return { ok: false, reason: 'no-code' }
    }
    const given = Buffer.from(typedCode(text))
    const expected = Buffer.from(pending.code)
    if (given.length === expected.length && timingSafeEqual(given, expected)) {
      this.#renew()
      return { ok: true }
    }
    pending.triesLeft -= 1
    if (pending.triesLeft > 0) return { ok: false, reason: 'wrong', triesLeft: pending.triesLeft }
    this.#renew()
    return { ok: false, reason: 'no-code' }
  }

  #renewExpired(): void {
    if (this.#pending !== null && this.#now() >= this.#pending.expiresAt) this.#renew()
  }

  #renew(): void {
    const random = this.#opts.random ?? randomInt
    let code = ''
    for (let i = 0; i < CODE_LENGTH; i++) code += CODE_ALPHABET[random(CODE_ALPHABET.length)]
    this.#pending = { code, expiresAt: this.#now() + CODE_LIFETIME_MS, triesLeft: CODE_TRIES }
    this.#opts.onCode({ code: shownCode(code), expiresAt: new Date(this.#pending.expiresAt).toISOString(), tries: CODE_TRIES })
  }
}
