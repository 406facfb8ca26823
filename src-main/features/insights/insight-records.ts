import type { Message, ViewStatus } from '@shared/domain'
import type { HistoryEntry } from '@shared/story/records'
import { MAX_STORY_VIEWS, MAX_VIEW_MINUTE, type LiveRecord } from '../../account/files/formats/insights-files'
import { feedStoryOf } from '../stories/feed/feed-record'

/** Enough of a story's text to recognise it in a list. */
const SNIPPET_CHARS = 80
const MINUTE_MS = 60_000

const snippetOf = (text: string): string => Array.from(text.replace(/\s+/g, ' ').trim()).slice(0, SNIPPET_CHARS).join('')

/** A story this app published, as its history recorded it: its audience and style are known. */
export function recordFromHistory(entry: HistoryEntry & { messageId: string }, postedAt: number, now: number): LiveRecord {
  const { summary } = entry
  const text = summary.kind === 'text'
  return {
    id: entry.messageId,
    postedAt,
    kind: summary.kind,
    snippet: snippetOf(summary.text),
    background: text ? (summary.background?.slice(0, 32) ?? null) : null,
    font: text ? (summary.font ?? null) : null,
    audience:
      summary.audience.mode !== 'contacts'
        ? { mode: 'everyone', name: null, size: null }
        : summary.audience.name
          ? { mode: 'audience', name: summary.audience.name, size: summary.audience.count }
          : { mode: 'contacts', name: null, size: summary.audience.count },
    source: 'statusdesk',
    final: false,
    minutes: [],
    sampledAt: now,
    failures: 0,
  }
}

/**
 * A story the server lists, posted at `postedAt` (its time, checked to be a live story's):
 * Statusdesk's when its id is one the history recorded (then the history says the rest), else
 * posted from the phone, whose audience the server does not say. Null for a kind insights do
 * not count (a story of a type the app does not know).
 */
export function recordFromMessage(
  message: Message,
  postedAt: number,
  history: ReadonlyMap<string, HistoryEntry>,
  now: number,
): LiveRecord | null {
  const entry = history.get(message.id)
  if (entry) return recordFromHistory({ ...entry, messageId: message.id }, postedAt, now)
  const story = feedStoryOf(message)
  if (story.kind === 'other') return null
  return {
    id: message.id.slice(0, 200),
    postedAt,
    kind: story.kind,
    snippet: snippetOf(story.text),
    background: null,
    font: null,
    audience: { mode: 'everyone', name: null, size: null },
    source: 'phone',
    final: false,
    minutes: [],
    sampledAt: now,
    failures: 0,
  }
}

function viewedAt(timestamp: string | number): number | null {
  const text = String(timestamp).trim()
  const ms = /^\d{1,12}$/.test(text) ? Number(text) * 1000 : Date.parse(text)
  return Number.isFinite(ms) && ms > 0 ? ms : null
}

/**
 * Each viewer's first view, as minutes counted from the minute the story was posted in (the
 * view's clock minute less the posting's), earliest first: one per viewer however many
 * statuses the server lists for them, none without a time, at most MAX_STORY_VIEWS. So the
 * posting minute plus a view's minutes is the minute the view was made, and its hour is the
 * view's own (whole minutes since posting would put a view at 06:00:04 of a story posted at
 * 04:18:30 at 05:59). A view stamped before the story (clocks disagree) counts at minute 0;
 * one later than the 16 bits hold counts at the last minute they hold.
 */
export function minutesOf(statuses: readonly ViewStatus[], postedAt: number): number[] {
  const first = new Map<string, number>()
  const postedMinute = Math.floor(postedAt / MINUTE_MS)
  for (const status of statuses.slice(0, MAX_STORY_VIEWS * 4)) {
    const viewer = (status.viewer_id || status.recipient_id || '').replace(/@.*$/, '').slice(0, 64)
    const at = viewedAt(status.timestamp)
    if (!viewer || at === null) continue
    const minute = Math.min(MAX_VIEW_MINUTE, Math.max(0, Math.floor(at / MINUTE_MS) - postedMinute))
    const earlier = first.get(viewer)
    if (earlier === undefined || minute < earlier) first.set(viewer, minute)
    if (first.size >= MAX_STORY_VIEWS && earlier === undefined) break
  }
  return [...first.values()].sort((a, b) => a - b)
}
