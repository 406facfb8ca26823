import type { StorySummary } from '@shared/story/records'
import { nextDueLabel, type TrayMenuActions } from './tray-menu'

export interface BackgroundModePorts {
  stories: {
    scheduledCount(): number
    nextDue(): { dueAt: string; summary: StorySummary } | null
    recheckSchedule(): void
  }
  /** Called whenever the outbox changes, so the tray's "next story" line follows it. */
  onOutboxChange(listener: () => void): () => void
  /** The computer woke up or the screen was unlocked (powerMonitor). */
  onResume(listener: () => void): () => void
  createTray(actions: TrayMenuActions, nextLabel: string): { update(nextLabel: string): void; destroy(): void }
  /** The native question before quitting with stories planned; true to quit. */
  confirmQuit(count: number): boolean
  locale(): string
}

export interface BackgroundMode {
  /** Closing the window hides it instead while stories are planned: they go out only while the app runs. */
  keepRunningOnClose(): boolean
  /** Whether quitting may go ahead (asks first when stories are planned). */
  mayQuit(): boolean
  dispose(): void
}

/**
 * The desktop app as a tray resident: the tray and its menu, the schedule looked at again on
 * wake, and no quitting or closing away of planned stories without the user knowing.
 */
export function startBackgroundMode(ports: BackgroundModePorts, actions: TrayMenuActions): BackgroundMode {
  const label = () => nextDueLabel(ports.stories.nextDue(), ports.locale())
  const tray = ports.createTray(actions, label())
  let shown = label()
  const offChange = ports.onOutboxChange(() => {
    const next = label()
    if (next === shown) return
    shown = next
    tray.update(next)
  })
  const offResume = ports.onResume(() => ports.stories.recheckSchedule())
  return {
    keepRunningOnClose: () => ports.stories.scheduledCount() > 0,
    mayQuit: () => {
      const count = ports.stories.scheduledCount()
      return count === 0 || ports.confirmQuit(count)
    },
    dispose: () => {
      offChange()
      offResume()
      tray.destroy()
    },
  }
}
