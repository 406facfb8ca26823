import { z } from 'zod'
import { StoryFontSchema } from '../domain/story'
import type { AgentAction } from '../domain/agent-action'
import type { AppErrorData } from '../errors'
import { AUDIENCE_MODES } from './draft'

export const STORY_KINDS = ['text', 'image', 'video', 'audio'] as const

/**
 * Where an outbox item stands. `sending` is written before a request leaves; `unknown`
 * means the request may have reached the server with no answer back, and only the user
 * moves it on (mark as sent, send again, discard). `scheduled` waits for its due instant;
 * `missed` is a scheduled story whose time passed while it could not go (the app was not
 * running, the computer slept): it is never sent late unless the user says so.
 */
export const OUTBOX_STATES = ['queued', 'sending', 'sent', 'failed', 'unknown', 'scheduled', 'missed'] as const
export type OutboxState = (typeof OUTBOX_STATES)[number]

/** What a list row shows of a story: enough to recognise it, never a file path. */
export const StorySummarySchema = z.object({
  kind: z.enum(STORY_KINDS),
  /** The text of a text story, or a media story's caption (may be empty). */
  text: z.string(),
  /** The small JPEG preview of a media story, as a data URI. */
  thumbnail: z.string().nullable(),
  /** Text and audio stories: the colours and font the preview paints. */
  background: z.string().nullable(),
  color: z.string().nullable(),
  font: StoryFontSchema.nullable(),
  audience: z.object({
    mode: z.enum(AUDIENCE_MODES),
    /** Contacts chosen (mode `contacts`); null for everyone. */
    count: z.number().int().nonnegative().nullable(),
    /** The saved audience whose contacts these are, exactly, when one is (absent in older records). */
    name: z.string().max(200).nullable().optional(),
    excluded: z.number().int().nonnegative(),
  }),
  mediaBytes: z.number().int().nonnegative().nullable(),
})
export type StorySummary = z.infer<typeof StorySummarySchema>

/**
 * Who planned an item the agent holds and who last changed it: their devices' names, and the
 * person's name given at pairing when there was one (absent or null: the device's name alone).
 */
export interface OutboxItemAuthors {
  planned: { deviceName: string; personName?: string | null; at: string } | null
  changed: { deviceName: string; personName?: string | null; at: string; action: AgentAction } | null
}

export interface OutboxItemView {
  /** The account whose outbox holds it. */
  accountId: string
  id: string
  requestId: string
  state: OutboxState
  createdAt: string
  updatedAt: string
  attempts: number
  summary: StorySummary
  lastError: AppErrorData | null
  /** When the next automatic attempt is due (queued items only). */
  nextAttemptAt: string | null
  /** The instant (UTC, ISO) a scheduled story is due; null for a story sent as soon as it can be. */
  dueAt: string | null
  /** Goes up with every change: a decision made on this revision is refused if the story moved on meanwhile. */
  rev: number
  /** `agent`: the account was handed over; the paired agent holds this item, and edits go there. */
  where?: 'agent'
  /** When the agent gave this state (items it holds only). */
  asOf?: string
  /** The agent did not answer: this is the last state it gave, as of `asOf`. */
  stale?: boolean
  /** An edit of it made while the agent was away waits to be sent. */
  waiting?: boolean
  /** Who planned it and who last changed it, as the agent's activity log says (absent when the agent did not say). */
  by?: OutboxItemAuthors
}

export const HistoryEntrySchema = z.object({
  id: z.string(),
  /** The request the story was published under: a repeated press finds it here once its item is gone (absent in older records). */
  requestId: z.string().max(64).optional(),
  publishedAt: z.string(),
  summary: StorySummarySchema,
  messageId: z.string().nullable(),
  /** The message status the server reported (pending, sent, ...), or null. */
  messageStatus: z.string().nullable(),
  /**
   * `confirmed`: the server said so; `marked`: the user marked an unknown outcome as sent;
   * `reconciled`: an unknown outcome the server listed among the account's stories.
   */
  confirmation: z.enum(['confirmed', 'marked', 'reconciled']),
})
export type HistoryEntry = z.infer<typeof HistoryEntrySchema>
