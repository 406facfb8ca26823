import { powerMonitor } from 'electron'

/**
 * Calls `listener` when the computer wakes from sleep or the screen is unlocked: timers stood
 * still meanwhile and the clock moved on, so whatever waits on a time looks again.
 */
export function onSystemResume(listener: () => void): () => void {
  powerMonitor.on('resume', listener)
  powerMonitor.on('unlock-screen', listener)
  return () => {
    powerMonitor.off('resume', listener)
    powerMonitor.off('unlock-screen', listener)
  }
}
