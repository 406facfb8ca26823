/** Hours and minutes left of a story's 24 hours; null once it has expired. */
export function timeLeft(expiresAt: string, nowMs: number): { hours: number; minutes: number } | null {
  const ms = Date.parse(expiresAt) - nowMs
  if (!Number.isFinite(ms) || ms <= 0) return null
  // Whole minutes left, rounded down (a story posted a moment ago has 23 h 59 min), never 0 while live.
  const minutes = Math.max(1, Math.floor(ms / 60_000))
  return { hours: Math.floor(minutes / 60), minutes: minutes % 60 }
}

/** Views per hour since the story was posted, 24 buckets; views outside the 24 hours are left out. */
export function viewsPerHour(postedAt: string, viewedAt: readonly (string | null)[]): number[] {
  const start = Date.parse(postedAt)
  const buckets = Array.from({ length: 24 }, () => 0)
  for (const at of viewedAt) {
    if (at === null) continue
    const hour = Math.floor((Date.parse(at) - start) / 3_600_000)
    if (hour >= 0 && hour < 24) buckets[hour] = (buckets[hour] ?? 0) + 1
  }
  return buckets
}
