import { userText, type UserText } from '@shared/i18n/user-text'
import type { StorySummary } from '@shared/story/records'
import type { Say } from '../platform/i18n/translator'

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

/**
 * The next planned story as the tray shows it: when (weekday and time, in the locale), and the
 * start of its text, never its audience.
 */
export function nextDueText(next: { dueAt: string; summary: StorySummary } | null, locale: string, timeZone?: string): UserText {
  if (!next) return userText('desktop.tray.noStory')
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
  return safe ? userText('desktop.tray.nextStory', { when, snippet: safe }) : userText('desktop.tray.nextStoryNoText', { when })
}

/** The tray's menu: open the window, sync now, the next story (for reading), quit. */
export function trayMenu(actions: TrayMenuActions, next: UserText, say: Say): TrayMenuLine[] {
  return [
    { label: say(userText('desktop.tray.open')), click: actions.open },
    { label: say(userText('desktop.tray.syncNow')), click: actions.syncNow },
    { type: 'separator' },
    { label: say(next), enabled: false },
    { type: 'separator' },
    { label: say(userText('desktop.tray.quit')), click: actions.quit },
  ]
}

/** The tray icon's tooltip: the product and the next story. */
export function trayTooltip(next: UserText, say: Say): string {
  return say(userText('desktop.tray.tooltip', { next: say(next) }))
}

/** The question asked before quitting while stories are planned; they go out only while the app runs. */
export function quitQuestion(count: number): { message: UserText; detail: UserText; keepRunning: UserText; quit: UserText } {
  return {
    message: userText('desktop.quit.message', { count }),
    detail: userText('desktop.quit.detail'),
    keepRunning: userText('desktop.quit.keepRunning'),
    quit: userText('desktop.quit.quit'),
  }
}
