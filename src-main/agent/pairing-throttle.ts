import { RateLimiterMemory } from 'rate-limiter-flexible'

/** Wrong codes one address may try in a window: fewer than a code's own tries, so one source cannot use a code up. */
export const PAIRING_TRIES_PER_SOURCE = 3
/** The window those tries count in, as long as a code lives. */
export const PAIRING_SOURCE_WINDOW_S = 600

/**
 * Wrong pairing codes counted per source address (rate-limiter-flexible's memory limiter: each
 * address's count lapses by itself). An address that used its tries is refused before its code
 * is looked at, so a brute force from one place neither finds the code nor kills it for the
 * operator's own desktop, whose code still has tries left.
 */
export class PairingThrottle {
  readonly #wrong = new RateLimiterMemory({ points: PAIRING_TRIES_PER_SOURCE, duration: PAIRING_SOURCE_WINDOW_S })

  /** Milliseconds until the source may try again; 0 when it may now. */
  async waitFor(source: string): Promise<number> {
    const state = await this.#wrong.get(source)
    return state !== null && state.consumedPoints >= PAIRING_TRIES_PER_SOURCE ? Math.max(1, state.msBeforeNext) : 0
  }

  /** The source tried a wrong code. */
  async wrong(source: string): Promise<void> {
    await this.#wrong.penalty(source, 1)
  }

  /** The source paired: its count starts again. */
  async paired(source: string): Promise<void> {
    await this.#wrong.delete(source)
  }
}
