import { monitorEventLoopDelay } from 'node:perf_hooks'

/**
 * How often the event loop is sampled. A timer every 10 ms costs next to nothing and
 * places a stall within that much; a stall the user feels is ten times longer.
 */
const RESOLUTION_MS = 10

/** Created on first use, then left on for the life of the process: one timer, no per-call cost. */
let histogram: ReturnType<typeof monitorEventLoopDelay> | null = null

/**
 * The longest stall of this process's event loop (how late its sampling timer came, in
 * ms) since the previous call; 0 on the first call, which starts the watch. Main reads it
 * around work that must not hold the page up (a sync logs it when it ends), so a stall
 * shows in the log of the run that had it.
 */
export function longestStallMs(): number {
  if (!histogram) {
    histogram = monitorEventLoopDelay({ resolution: RESOLUTION_MS })
    histogram.enable()
    return 0
  }
  // The histogram holds the time between turns of the timer: the stall is what exceeds its period.
  const longest = histogram.count === 0 ? 0 : Math.max(0, histogram.max / 1e6 - RESOLUTION_MS)
  histogram.reset()
  return Math.round(longest)
}
