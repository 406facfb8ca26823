import type { BestTimes, BestTimeSlot } from '@shared/channels/insights'
import { heatmapCells, type AccountStories, forEachStory, THIN_STORIES, THIN_VIEWS } from './overview'
import { reachAt } from './story-columns'
import { ZoneClock } from './zoned-hours'

/** Times asked of each account when several are asked for, so that times good for most of them can be found. */
export const SLOTS_PER_ACCOUNT = 10

/** One account's good times, before any other account has a say. */
export type AccountBestTimes = Omit<BestTimes, 'partial'>

/**
 * The next good times to post, from the account's own history: the weekday-hours in which its
 * viewers looked most (in the caller's zone), strongest first (the sooner first among equals),
 * each at its next occurrence, then listed soonest first. A history too thin to tell (as the overview judges it) gives none.
 */
export function bestTimes(account: AccountStories, options: { timeZone: string; count: number; now: number }): AccountBestTimes {
  let stories = 0
  let views = 0
  let from = options.now
  forEachStory([account], (columns, i) => {
    stories++
    views += reachAt(columns, i)
    from = Math.min(from, columns.posted[i] as number)
  })
  const clock = new ZoneClock(options.timeZone, from, options.now)
  if (stories < THIN_STORIES || views < THIN_VIEWS) return { thin: true, slots: [] }
  const cells = heatmapCells([account], clock)
  const total = cells.reduce((sum, value) => sum + value, 0)
  // Equal counts are told apart by the sooner time, as mergeBestTimes does: one account asked
  // alone, or beside accounts that have no say, is given the same times.
  const slots = Array.from(cells.keys())
    .filter((cell) => (cells[cell] as number) > 0)
    .map((cell) => {
      const weekday = Math.floor(cell / 24)
      const hour = cell % 24
      return { at: clock.nextAt(weekday, hour, options.now), weekday, hour, share: (cells[cell] as number) / total }
    })
    .sort((a, b) => b.share - a.share || a.at - b.at)
    .slice(0, options.count)
    .map((slot) => ({ ...slot, at: new Date(slot.at).toISOString() }))
  return { thin: false, slots: slots.sort((a, b) => a.at.localeCompare(b.at)) }
}

/**
 * The next good times for a list of accounts, on the clock of `timeZone`: one account's own, or
 * several accounts' put together (mergeBestTimes).
 */
export function bestTimesAcross(accounts: readonly AccountStories[], options: { timeZone: string; count: number; now: number }): BestTimes {
  if (accounts.length === 1) return { ...bestTimes(accounts[0]!, options), partial: false }
  const each = accounts.map((account) => bestTimes(account, { ...options, count: SLOTS_PER_ACCOUNT }))
  return mergeBestTimes(each, options.count, options.now)
}

/**
 * The good times of several accounts as one list: times good for the most accounts first, then
 * by their mean share of views, of which the `count` best are kept, soonest first. An account
 * whose history is too thin has no say; if none has one, nothing is suggested. A time not after
 * `now` is dropped.
 */
export function mergeBestTimes(answers: readonly AccountBestTimes[], count: number, now: number): BestTimes {
  const usable = answers.filter((answer) => !answer.thin)
  if (usable.length === 0) return { thin: true, partial: false, slots: [] }
  const byInstant = new Map<number, BestTimeSlot & { accounts: number }>()
  for (const answer of usable) {
    for (const slot of answer.slots.slice(0, SLOTS_PER_ACCOUNT)) {
      const at = Date.parse(slot.at)
      if (!Number.isFinite(at) || at <= now) continue
      const entry = byInstant.get(at) ?? { ...slot, at: new Date(at).toISOString(), share: 0, accounts: 0 }
      entry.share += (Number.isFinite(slot.share) ? Math.max(0, slot.share) : 0) / usable.length
      entry.accounts++
      byInstant.set(at, entry)
    }
  }
  const slots = [...byInstant.values()]
    .sort((a, b) => b.accounts - a.accounts || b.share - a.share || a.at.localeCompare(b.at))
    .slice(0, count)
    .sort((a, b) => a.at.localeCompare(b.at))
    .map(({ at, weekday, hour, share }) => ({ at, weekday, hour, share }))
  return { thin: false, partial: usable.length < answers.length, slots }
}
