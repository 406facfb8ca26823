import type { UserText } from '@shared/i18n/user-text'
import type { StorySummary } from '@shared/story/records'
import { nextDueText, type TrayMenuActions } from './tray-menu'

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
  /** The tray, saying its lines in the current language; `update` says them all again. */
  createTray(actions: TrayMenuActions, next: UserText): { update(next: UserText): void; destroy(): void }
  /** The native question before quitting with stories planned; true to quit. */
  confirmQuit(count: number): boolean
  /** The language main speaks: the next story's time is written in it, and the tray follows a change at once. */
  language: { readonly locale: string; onChange(listener: () => void): () => void }
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
  const line = () => nextDueText(ports.stories.nextDue(), ports.language.locale)
  let shown = line()
  const tray = ports.createTray(actions, shown)
  const offChange = ports.onOutboxChange(() => {
    const next = line()
    if (JSON.stringify(next) === JSON.stringify(shown)) return
    shown = next
    tray.update(next)
  })
  const offLanguage = ports.language.onChange(() => {
    shown = line()
    tray.update(shown)
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
      offLanguage()
      offResume()
      tray.destroy()
    },
  }
}
