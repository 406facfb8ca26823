/**
 * A token bucket: `burst` lines at once, then `perSecond` on average. Guards the log file
 * against a renderer stuck in an error loop.
 */
export class RateLimit {
  readonly #burst: number
  readonly #perSecond: number
  readonly #now: () => number
  #tokens: number
  #last: number
  #dropped = 0

  constructor(options: { burst: number; perSecond: number; now?: () => number }) {
    this.#burst = options.burst
    this.#perSecond = options.perSecond
    this.#now = options.now ?? Date.now
    this.#tokens = options.burst
    this.#last = this.#now()
  }

  /** True when the caller may go ahead; counts the refusals. */
  take(): boolean {
    const now = this.#now()
    this.#tokens = Math.min(this.#burst, this.#tokens + ((now - this.#last) / 1000) * this.#perSecond)
    this.#last = now
    if (this.#tokens < 1) {
      this.#dropped++
      return false
    }
    this.#tokens -= 1
    return true
  }

  /** How many were refused since the last call. */
  takeDropped(): number {
    const dropped = this.#dropped
    this.#dropped = 0
    return dropped
  }
}
