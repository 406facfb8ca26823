import { app } from 'electron'
import type { Logger } from '../platform/log/log'

/** Longest the app waits on its way out: the outbox lets a send on its way finish within 5 s, the rest closes in less. */
export const QUIT_WAIT_MS = 8_000

export interface QuitSteps {
  /** Whether quitting may go ahead now (asks first when stories are planned). */
  mayQuit(): boolean
  /** Lets go of the windows' helpers (tray, updater, language) at once. */
  leaving(): void
  /** Stops the engine: a send on its way is recorded before its files are let go. */
  dispose(): Promise<void>
  log: Logger
}

/**
 * Quitting the desktop app waits for the engine to stop, as web mode does: Electron would end
 * the process as soon as `before-quit` returned, cutting off a story being sent before its
 * outcome was written (the next start would then show it as unknown). The quit is held, the
 * engine disposed within a bound, then the quit goes on.
 */
export function quitAfterEngineStops(steps: QuitSteps, waitMs = QUIT_WAIT_MS): void {
  let stopping: Promise<void> | null = null
  let stopped = false
  app.on('before-quit', (event) => {
    if (stopped) return
    event.preventDefault()
    if (stopping) return
    if (!steps.mayQuit()) return
    steps.leaving()
    let timer: NodeJS.Timeout | undefined
    const bound = new Promise<void>((resolve) => {
      timer = setTimeout(() => {
        steps.log.warn('quit did not wait longer for the engine', { waitMs })
        resolve()
      }, waitMs)
    })
    const disposed = steps.dispose().catch((error: unknown) => steps.log.error('engine not stopped cleanly', { error }))
    stopping = Promise.race([disposed, bound]).then(() => {
      clearTimeout(timer)
      stopped = true
      app.quit()
    })
  })
}
