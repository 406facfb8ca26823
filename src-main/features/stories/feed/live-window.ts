import { STORY_LIFETIME_MS } from '@shared/story/feed'

const HOUR_MS = 3600_000

/**
 * When a live story can have been posted: within its lifetime before now, with an hour either
 * way for clocks that disagree. A server's time outside this is not a live story's (a story
 * dated next year would never expire; one dated past the year 275760 is no date at all).
 */
export const LIVE_WINDOW = { beforeMs: STORY_LIFETIME_MS + HOUR_MS, afterMs: HOUR_MS } as const

/** A live story's `timestamp` (Unix seconds, as the server sends it) in milliseconds, or null when it is outside the window around `now`. */
export function livePostedAt(timestampSeconds: number, now: number): number | null {
  const at = Math.round(timestampSeconds * 1000)
  return Number.isFinite(at) && at >= now - LIVE_WINDOW.beforeMs && at <= now + LIVE_WINDOW.afterMs ? at : null
}
