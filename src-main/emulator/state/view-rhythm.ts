import { createRng, hashSeed } from '../data/prng'

const MINUTE_MS = 60_000
const DAY_MINUTES = 24 * 60

/**
 * How much people look at stories in each hour of their day: little at night, a peak as the
 * day starts and a larger one in the evening. Relative weights, hour 0 first.
 */
const HOUR_WEIGHTS: readonly number[] = [3, 2, 1, 1, 1, 2, 4, 9, 14, 12, 9, 8, 9, 8, 7, 7, 8, 9, 11, 14, 15, 13, 9, 5]

/** New stories are seen first: the pull of a fresh story fades over a few hours, then only the rhythm is left. */
function freshness(minute: number): number {
  return 0.35 + 2 * Math.exp(-minute / 150)
}

/** How many of `pool` people see a story: between 45 % and 90 % of them, the same each time for the same story. */
export function reachOf(seed: number, storyId: string, pool: number): number {
  const rng = createRng(hashSeed(seed, 'reach', storyId))
  return Math.round(pool * (0.45 + rng.next() * 0.45))
}

/**
 * When each of `count` viewers sees a story posted at `postedAt`, as milliseconds after it,
 * earliest first, all within its 24 hours: each drawn from the story's day weighted by the
 * hour on the viewers' clock (`utcOffsetMinutes` east of UTC) and by how fresh the story
 * still is. The same seed, story and count always give the same times.
 */
export function viewOffsets(seed: number, storyId: string, postedAt: number, count: number, utcOffsetMinutes: number): number[] {
  if (count <= 0) return []
  const cumulative = new Float64Array(DAY_MINUTES)
  const startMinute = Math.floor(postedAt / MINUTE_MS) + utcOffsetMinutes
  let total = 0
  for (let minute = 0; minute < DAY_MINUTES; minute++) {
    const hour = (((Math.floor((startMinute + minute) / 60) % 24) + 24) % 24) as number
    total += (HOUR_WEIGHTS[hour] as number) * freshness(minute)
    cumulative[minute] = total
  }
  const rng = createRng(hashSeed(seed, 'views', storyId))
  const offsets: number[] = []
  for (let i = 0; i < count; i++) {
    const target = rng.next() * total
    let low = 0
    let high = DAY_MINUTES - 1
    while (low < high) {
      const mid = (low + high) >> 1
      if ((cumulative[mid] as number) <= target) low = mid + 1
      else high = mid
    }
    offsets.push(low * MINUTE_MS + Math.floor(rng.next() * MINUTE_MS))
  }
  return offsets.sort((a, b) => a - b)
}
