import type { BestTimes } from '@shared/channels/insights'
import { heatmapCells, type AccountStories, forEachStory, THIN_STORIES, THIN_VIEWS } from './overview'
import { reachAt } from './story-columns'
import { ZoneClock } from './zoned-hours'

/**
 * The next good times to post, from the account's own history: the weekday-hours in which its
 * viewers looked most (in the caller's zone), strongest first, each at its next occurrence,
 * then listed soonest first. A history too thin to tell (as the overview judges it) gives none.
 */
export function bestTimes(account: AccountStories, options: { timeZone: string; count: number; now: number }): BestTimes {
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
  const strongest = Array.from(cells.keys())
    .filter((cell) => (cells[cell] as number) > 0)
    .sort((a, b) => (cells[b] as number) - (cells[a] as number) || a - b)
    .slice(0, options.count)
  const slots = strongest.map((cell) => {
    const weekday = Math.floor(cell / 24)
    const hour = cell % 24
    return {
      at: new Date(clock.nextAt(weekday, hour, options.now)).toISOString(),
      weekday,
      hour,
      share: (cells[cell] as number) / total,
    }
  })
  return { thin: false, slots: slots.sort((a, b) => a.at.localeCompare(b.at)) }
}
