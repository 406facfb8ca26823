import type { StorySummary } from '@shared/story/records'

/** One line of the tray's menu, as Electron's Menu.buildFromTemplate takes it. */
export interface TrayMenuLine {
  label?: string
  type?: 'separator'
  enabled?: boolean
  click?: () => void
}

export interface TrayMenuActions {
  open(): void
  syncNow(): void
  quit(): void
}

/** The next planned story as the tray shows it: when, and the start of its text (never its audience). */
export function nextDueLabel(next: { dueAt: string; summary: StorySummary } | null, locale: string, timeZone?: string): string {
  if (!next) return 'No story scheduled'
  const when = new Intl.DateTimeFormat(locale, {
    weekday: 'short',
    hour: 'numeric',
    minute: '2-digit',
    ...(timeZone && { timeZone }),
  }).format(new Date(next.dueAt))
  const text = next.summary.text.replace(/\s+/g, ' ').trim()
  const snippet = text.length > 32 ? `${text.slice(0, 31).trimEnd()}…` : text
  // The tray is seen by anyone at the screen: long digit runs (phone numbers) are masked.
  const safe = snippet.replace(/\+?\d[\d\s-]{5,}\d/g, '•••')
  return safe ? `Next story: ${when} · ${safe}` : `Next story: ${when}`
}

/** The tray's menu: open the window, sync now, the next story (for reading), quit. */
export function trayMenu(actions: TrayMenuActions, nextLabel: string): TrayMenuLine[] {
  return [
    { label: 'Open Statusdesk', click: actions.open },
    { label: 'Sync now', click: actions.syncNow },
    { type: 'separator' },
    { label: nextLabel, enabled: false },
    { type: 'separator' },
    { label: 'Quit Statusdesk', click: actions.quit },
  ]
}

/** The question asked before quitting while stories are planned; they go out only while the app runs. */
export function quitQuestion(count: number): { message: string; detail: string } {
  return {
    message: count === 1 ? 'A story is scheduled. Quit anyway?' : `${count} stories are scheduled. Quit anyway?`,
    detail:
      'Scheduled stories are sent only while Statusdesk runs. If it is not running at their time, they are not sent late: the app asks you when it starts again.',
  }
}
