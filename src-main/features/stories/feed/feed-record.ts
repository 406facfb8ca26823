import type { Message } from '@shared/domain'
import { STORY_FONTS } from '@shared/domain'
import type { FeedStory } from '@shared/story/feed'
import { STORY_LIFETIME_MS } from '@shared/story/feed'
import type { HistoryEntry } from '@shared/story/records'

const MEDIA_KINDS = ['image', 'video', 'audio'] as const
/** Previews larger than this are not kept: a thumbnail is a few kilobytes. */
const MAX_PREVIEW_CHARS = 256 * 1024
const DATA_IMAGE = /^data:image\/(jpeg|png);base64,[A-Za-z0-9+/]+={0,2}$/
const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/

function contentOf(message: Message, key: string): Record<string, unknown> | undefined {
  const value = (message as Record<string, unknown>)[key]
  return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : undefined
}

/** The server's preview as a data URI the page can draw, or null when it is not a plain image. */
function thumbnailOf(content: Record<string, unknown> | undefined): string | null {
  const preview = content?.preview
  if (typeof preview !== 'string' || preview.length > MAX_PREVIEW_CHARS) return null
  if (DATA_IMAGE.test(preview)) return preview
  return BASE64.test(preview) ? `data:image/jpeg;base64,${preview}` : null
}

function kindOf(message: Message): FeedStory['kind'] {
  if (message.type === 'text') return 'text'
  if (message.type === 'voice') return 'audio'
  return (MEDIA_KINDS as readonly string[]).includes(message.type) ? (message.type as FeedStory['kind']) : 'other'
}

/** A story as the server lists it, in the shape the view draws. */
export function feedStoryOf(message: Message): FeedStory {
  const kind = kindOf(message)
  const key = message.type === 'voice' ? 'voice' : kind
  const content = contentOf(message, key)
  const text =
    kind === 'text' ? String(contentOf(message, 'text')?.body ?? '') : typeof content?.caption === 'string' ? content.caption : ''
  const postedMs = message.timestamp * 1000
  return {
    id: message.id,
    kind,
    text,
    background: null,
    color: null,
    font: null,
    thumbnail: thumbnailOf(content),
    postedAt: new Date(postedMs).toISOString(),
    expiresAt: new Date(postedMs + STORY_LIFETIME_MS).toISOString(),
    fromMe: message.from_me,
    source: typeof message.source === 'string' ? message.source : null,
    status: typeof message.status === 'string' ? message.status : null,
    audience: null,
    origin: 'server',
  }
}

function localStoryOf(entry: HistoryEntry, id: string): FeedStory {
  const posted = Date.parse(entry.publishedAt)
  const { summary } = entry
  return {
    id,
    kind: summary.kind,
    text: summary.text,
    background: summary.background,
    color: summary.color,
    font: summary.font && (STORY_FONTS as readonly string[]).includes(summary.font) ? summary.font : null,
    thumbnail: summary.thumbnail,
    postedAt: entry.publishedAt,
    expiresAt: new Date(posted + STORY_LIFETIME_MS).toISOString(),
    fromMe: true,
    source: 'api',
    status: entry.messageStatus,
    audience: summary.audience,
    origin: 'local',
  }
}

/**
 * The server's stories merged with this app's history by message id. The server's word
 * wins on status and time; the history adds what the server's record does not carry (the
 * colours and font, the audience, the composer's thumbnail). History entries still within
 * their 24 hours that the server has not listed stay, marked local.
 */
export function mergeFeed(server: readonly FeedStory[], history: readonly HistoryEntry[], nowMs: number): FeedStory[] {
  const local = new Map<string, HistoryEntry>()
  for (const entry of history) if (entry.messageId) local.set(entry.messageId, entry)
  const merged: FeedStory[] = server.map((story) => {
    const entry = local.get(story.id)
    if (!entry) return story
    local.delete(story.id)
    const mine = localStoryOf(entry, story.id)
    return {
      ...story,
      text: story.text || mine.text,
      background: mine.background,
      color: mine.color,
      font: mine.font,
      thumbnail: story.thumbnail ?? mine.thumbnail,
      audience: mine.audience,
      origin: 'both',
    }
  })
  for (const entry of history) {
    if (!entry.messageId || !local.has(entry.messageId)) continue
    const story = localStoryOf(entry, entry.messageId)
    if (Date.parse(story.expiresAt) > nowMs) merged.push(story)
  }
  return merged.sort((a, b) => b.postedAt.localeCompare(a.postedAt) || a.id.localeCompare(b.id))
}
