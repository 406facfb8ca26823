import { STORY_LIFETIME_MS } from '@shared/story/feed'
import type { LiveRecord } from '../../account/files/formats/insights-files'

const MINUTE_MS = 60_000
const HOUR_MS = 60 * MINUTE_MS

/** The account's story list is read this often, to find the stories posted from the phone. */
export const LIST_EVERY_MS = 10 * MINUTE_MS
/** A story whose last sample cannot be had is closed with what it has this long after it expired. */
const GIVE_UP_AFTER_EXPIRY_MS = 6 * HOUR_MS
/** Failed samples in a row (answers that are not view lists) before a story is closed with what it has. */
export const MAX_FAILURES = 5

/**
 * How often a live story's viewers are asked for at its age. Every view comes with its own
 * time, so sampling more often would not make the figures finer: it only keeps the live
 * numbers fresh. A new story changes fastest, so it is asked every two minutes; less often as
 * it ages. With the story list read every ten minutes, an account asks at most about one
 * request per live story per minute, whatever its number of stories.
 */
export function sampleEveryMs(ageMs: number): number {
  if (ageMs < 2 * HOUR_MS) return 2 * MINUTE_MS
  if (ageMs < 6 * HOUR_MS) return 5 * MINUTE_MS
  if (ageMs < 12 * HOUR_MS) return 10 * MINUTE_MS
  return 20 * MINUTE_MS
}

export const expired = (story: LiveRecord, now: number): boolean => now >= story.postedAt + STORY_LIFETIME_MS

/** Whether a story not yet final is due for a sample: its interval passed, or it expired (its last sample). */
export function dueForSample(story: LiveRecord, now: number): boolean {
  if (story.final) return false
  if (expired(story, now)) return true
  return now - story.sampledAt >= sampleEveryMs(now - story.postedAt)
}

/** Whether an expired story waited long enough for a last sample that does not come. */
export function pastLastChance(story: LiveRecord, now: number): boolean {
  return now >= story.postedAt + STORY_LIFETIME_MS + GIVE_UP_AFTER_EXPIRY_MS
}

/** The pause after the server said to slow down (or could not be reached): what it asked, else doubling from two minutes to an hour. */
export function pauseAfter(previousMs: number, retryAfterMs: number | null): number {
  const doubled = Math.min(HOUR_MS, Math.max(2 * MINUTE_MS, previousMs * 2))
  return Math.max(doubled, retryAfterMs ?? 0)
}
