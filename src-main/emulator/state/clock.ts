/** The longest single move of the clock: far past any history a test wants to build. */
export const MAX_CLOCK_STEP_MS = 400 * 24 * 3600_000

/**
 * The emulator's clock: the clock it was started with, moved forward by what the control route
 * or `control.clock.advance` added. Everything time-bound reads it (story timestamps, viewers
 * accruing, a story's 24 hours, Retry-After dates), so a day or a week passes in a call. It
 * only moves forward: a client that saw a time never sees an earlier one.
 */
export class EmulatorClock {
  readonly #base: () => number
  #offsetMs = 0

  constructor(base: () => number) {
    this.#base = base
  }

  readonly now = (): number => this.#base() + this.#offsetMs

  get offsetMs(): number {
    return this.#offsetMs
  }

  /** Moves the clock forward by `ms` and answers the new time. */
  advance(ms: number): number {
    if (!Number.isSafeInteger(ms) || ms < 0 || ms > MAX_CLOCK_STEP_MS) {
      throw new RangeError(`advance takes whole milliseconds from 0 to ${MAX_CLOCK_STEP_MS}`)
    }
    this.#offsetMs += ms
    return this.now()
  }
}
