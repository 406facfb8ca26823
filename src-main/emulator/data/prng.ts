/**
 * Seeded randomness for the generated data. Group i is built from its own stream
 * (seed + i), so any group can be produced on demand without generating the ones
 * before it, and the same seed always gives the same account.
 */

/** FNV-1a over the parts, then a final avalanche so nearby inputs land far apart. */
export function hashSeed(...parts: readonly (number | string)[]): number {
  let h = 0x811c9dc5
  for (const part of parts) {
    const text = typeof part === 'number' ? `#${part}` : `$${part}`
    for (let i = 0; i < text.length; i++) {
      h ^= text.charCodeAt(i)
      h = Math.imul(h, 0x01000193)
    }
  }
  h ^= h >>> 16
  h = Math.imul(h, 0x7feb352d)
  h ^= h >>> 15
  h = Math.imul(h, 0x846ca68b)
  h ^= h >>> 16
  return h >>> 0
}

export interface Rng {
  /** Uniform in [0, 1). */
  next(): number
  /** Integer in [min, max], both included. */
  int(min: number, max: number): number
  chance(probability: number): boolean
  pick<T>(items: readonly T[]): T
  /** `count` distinct items, in random order. */
  sample<T>(items: readonly T[], count: number): T[]
}

/** mulberry32: small and fast; the data only has to look random, not be secure. */
export function createRng(seed: number): Rng {
  let state = seed >>> 0
  const next = (): number => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
  const int = (min: number, max: number): number => min + Math.floor(next() * (max - min + 1))
  return {
    next,
    int,
    chance: (probability) => next() < probability,
    pick<T>(items: readonly T[]): T {
      if (items.length === 0) throw new RangeError('pick from an empty list')
      return items[int(0, items.length - 1)] as T
    },
    sample<T>(items: readonly T[], count: number): T[] {
      const copy = items.slice()
      const n = Math.min(count, copy.length)
      for (let i = 0; i < n; i++) {
        const j = int(i, copy.length - 1)
        const tmp = copy[i] as T
        copy[i] = copy[j] as T
        copy[j] = tmp
      }
      return copy.slice(0, n)
    },
  }
}

export function seedOf(seed: number | string): number {
  return typeof seed === 'number' && Number.isInteger(seed) ? seed >>> 0 : hashSeed(String(seed))
}
