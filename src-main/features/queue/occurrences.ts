import type { QueueSettings, QueueSlot } from '@shared/channels/queue'
import { calendarDayNumber } from '@shared/calendar-days'
import { wallTimeToInstant } from '@shared/story/schedule'

/**
 * A queue's weekly slots turned into instants, on the clock of the queue's zone. Each slot is
 * read as the picker reads a time (wallTimeToInstant): a time the clock skips (spring forward)
 * goes the same length of time after the jump, and a time the clock shows twice (fall back)
 * happens once, at its first occurrence. So a slot and a story planned by hand for the same
 * wall time are the same instant.
 */

const DAY_MS = 86_400_000
export const WEEK_MS = 7 * DAY_MS

/** The longest stretch one expansion covers: bounds the work a request can ask for. */
export const MAX_SPAN_MS = 400 * DAY_MS

/** How far ahead the next free slot is looked for: a queue full for a year is full. */
export const NEXT_FREE_HORIZON_MS = 371 * DAY_MS

const pad = (n: number, width = 2) => String(n).padStart(width, '0')

/** Monday 0 … Sunday 6 of a day number (days since 1 January 1970, a Thursday). */
function weekdayOf(dayNumber: number): number {
  return (((dayNumber + 3) % 7) + 7) % 7
}

/** `YYYY-MM-DD` of a day number. */
function dateOf(dayNumber: number): string {
  const date = new Date(dayNumber * DAY_MS)
  return `${pad(date.getUTCFullYear(), 4)}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}`
}

function byWeekday(slots: readonly QueueSlot[]): string[][] {
  const days: string[][] = [[], [], [], [], [], [], []]
  for (const slot of slots) days[slot.weekday]!.push(slot.time)
  return days
}

/**
 * Every instant of the slots in [from, to), soonest first, each once (two slots that land on one
 * instant, as a skipped time and the time after the jump can, are one occurrence).
 */
export function slotInstants(settings: QueueSettings, from: number, to: number): number[] {
  if (!(to > from) || settings.slots.length === 0) return []
  if (to - from > MAX_SPAN_MS) throw new RangeError('queue expansion span too long')
  const times = byWeekday(settings.slots)
  const found = new Set<number>()
  // A day early: a skipped time late in the evening can land after midnight.
  const first = calendarDayNumber(from, settings.timeZone) - 1
  const last = calendarDayNumber(to, settings.timeZone)
  for (let day = first; day <= last; day++) {
    const date = dateOf(day)
    for (const time of times[weekdayOf(day)]!) {
      const instant = wallTimeToInstant(`${date}T${time}`, settings.timeZone)
      if (instant && instant.at >= from && instant.at < to) found.add(instant.at)
    }
  }
  return [...found].sort((a, b) => a - b)
}

/** Whether `at` is one of the slots' instants. */
export function isSlotInstant(settings: QueueSettings, at: number): boolean {
  return slotInstants(settings, at, at + 1).length === 1
}

/** The first slot instant at or after `after` that `taken` does not hold, within the horizon; null when none. */
export function nextFreeInstant(settings: QueueSettings, after: number, taken: ReadonlySet<number>): number | null {
  if (settings.slots.length === 0) return null
  for (let start = after; start < after + NEXT_FREE_HORIZON_MS; start += WEEK_MS) {
    const free = slotInstants(settings, start, start + WEEK_MS).find((at) => !taken.has(at))
    if (free !== undefined) return free
  }
  return null
}

/** Whether the zone is one this runtime knows (an IANA name such as Europe/Berlin). */
export function isKnownZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone })
    return true
  } catch {
    return false
  }
}

/** The slots in week order (Monday first, then by time), for a stable file and a stable page. */
export function sortedSlots(slots: readonly QueueSlot[]): QueueSlot[] {
  return [...slots].sort((a, b) => a.weekday - b.weekday || a.time.localeCompare(b.time))
}
