import { z } from 'zod'
import { channel, event } from '../define'
import type { AppErrorData } from '../errors'
import { StoryDraftSchema, type StoryDraft } from '../story/draft'
import { GRANT_ID_PATTERN, type MediaGrant } from '../story/media-facts'
import type { StoryLimits } from '../story/limits'
import type { FeedState, StoryViews } from '../story/feed'
import type { HistoryEntry, OutboxItemView } from '../story/records'
import type { ExportResult } from './export'

const requestId = z.string().regex(/^[A-Za-z0-9_-]{8,64}$/, 'must be an id of 8 to 64 letters, digits, - or _')
const grantId = z.string().regex(GRANT_ID_PATTERN, 'not a media grant id')
const storyId = z.string().regex(/^[A-Za-z0-9._@-]{1,128}$/, 'not a story id')

/**
 * What became of a publish request:
 * - `sent`: the server published it (message id and status as it answered);
 * - `queued`: no connection; it waits in the outbox and goes out when the connection returns;
 * - `unknown`: sent, but no answer came back; it waits in the outbox for the user to decide.
 * A refusal (bad token, too large...) is an error instead, and nothing is kept.
 */
export type PublishResult =
  | { state: 'sent'; itemId: string; messageId: string | null; messageStatus: string | null }
  | { state: 'queued'; itemId: string; error: AppErrorData }
  | { state: 'unknown'; itemId: string; error: AppErrorData }
  /** Written down to be published at `dueAt` (UTC, ISO). */
  | { state: 'scheduled'; itemId: string; dueAt: string }

/**
 * A story the app sent without the user waiting on it (the queue, a schedule) was published or
 * not. Web mode shows it with the browser's notifications; the text carries no token and no
 * full phone number.
 */
export interface StoryNotification {
  outcome: 'published' | 'failed' | 'unknown' | 'missed'
  /** The start of the caption, numbers masked. */
  text: string
}

export interface UploadProgressEvent {
  requestId: string
  sentBytes: number
  totalBytes: number
  /** A media story goes in two requests: the file (`upload`), then the small story (`publish`). */
  step?: 'upload' | 'publish'
}

export interface StoryContact {
  /** The id as the provider takes it: digits, or `<digits>@lid`. */
  id: string
  /** Names of some of the cached groups they are in. */
  groups: string[]
  groupCount: number
}

export interface ContactsPage {
  contacts: StoryContact[]
  /** Contacts matching the query (the page may hold fewer). */
  matching: number
  /** Distinct participants across the cached groups. */
  total: number
}

/**
 * A file the app could not read and set aside rather than delete: the history, the draft,
 * a story of the outbox, or the groups cache of the active account.
 */
export const SET_ASIDE_KINDS = ['history', 'draft', 'outbox', 'groups-cache'] as const
export type SetAsideKind = (typeof SET_ASIDE_KINDS)[number]

export interface SetAsideItem {
  /** Its path inside the account's folder; the only name actions take. */
  id: string
  kind: SetAsideKind
  /** When it was set aside. */
  at: string
  bytes: number
  /** The start of its text, to look at before deciding. */
  preview: string
  /** False for the groups cache, which the next sync downloads again. */
  restorable: boolean
}

export const SET_ASIDE_ACTIONS = ['restore', 'discard'] as const
export type SetAsideAction = (typeof SET_ASIDE_ACTIONS)[number]

export const OUTBOX_ACTIONS = ['send-now', 'send-again', 'mark-sent', 'discard'] as const
export type OutboxAction = (typeof OUTBOX_ACTIONS)[number]

/** Largest dropped file sent as bytes over IPC; web mode streams to the upload route instead. */
export const MAX_IMPORT_BYTES = 256 * 1024 * 1024

export const storiesChannels = {
  /** Checks and publishes the composer's story (a new requestId per click; a repeat returns the first outcome). */
  'stories:publish': channel<PublishResult>()(
    z.object({ requestId, draft: StoryDraftSchema, dueAt: z.iso.datetime({ offset: true }).optional() }),
  ),
  /** Reschedules (`dueAt`) or edits the caption of a story still planned (scheduled or missed). */
  'stories:schedule-edit': channel<OutboxItemView>()(
    z.object({
      id: z.string().min(1).max(64),
      dueAt: z.iso.datetime({ offset: true }).optional(),
      caption: z.string().max(4096).optional(),
    }),
  ),
  /** Plans a copy of a story not sent yet for `dueAt`. */
  'stories:schedule-duplicate': channel<OutboxItemView>()(
    z.object({ id: z.string().min(1).max(64), requestId, dueAt: z.iso.datetime({ offset: true }) }),
  ),
  /** Stops an upload; a request whose body was already all sent ends as `unknown`. */
  'stories:cancel': channel<void>()(z.object({ requestId })),
  'stories:limits': channel<StoryLimits>()(z.void()),
  /** Opens the system file picker (desktop); null when the user closes it. */
  'stories:media-pick': channel<MediaGrant | null>()(z.void()),
  /** A dropped file's bytes (desktop: the renderer never sends a path). */
  'stories:media-import': channel<MediaGrant>()(
    z.object({
      name: z.string().max(255),
      bytes: z.instanceof(Uint8Array).refine((b) => b.byteLength <= MAX_IMPORT_BYTES, 'the file is too large'),
    }),
  ),
  /** Downloads an http(s) URL into a grant, with the same checks as a file. */
  'stories:media-import-url': channel<MediaGrant>()(z.object({ url: z.string().trim().url().max(4096) })),
  'stories:media-get': channel<MediaGrant | null>()(z.object({ id: grantId })),
  'stories:media-release': channel<void>()(z.object({ id: grantId })),
  'stories:draft-get': channel<StoryDraft | null>()(z.void()),
  /**
   * Saves the composer's draft. `accountId` names the account whose draft it is, so a save
   * still on its way when the user switches accounts lands in its own account, not the new one.
   */
  'stories:draft-save': channel<void>()(StoryDraftSchema.extend({ accountId: z.string().min(1).max(64).optional() })),
  'stories:draft-clear': channel<void>()(z.void()),
  'stories:outbox-list': channel<OutboxItemView[]>()(z.void()),
  'stories:outbox-act': channel<OutboxItemView[]>()(
    z.object({ id: z.string().min(1).max(64), action: z.enum(OUTBOX_ACTIONS) }),
  ),
  'stories:history-list': channel<HistoryEntry[]>()(z.void()),
  /** The account's stories as last synced (offline too), merged with this app's history. */
  'stories:feed': channel<FeedState>()(z.void()),
  /** Reads the account's stories of the last 24 hours from the server. */
  'stories:feed-sync': channel<FeedState>()(z.void()),
  'stories:feed-cancel': channel<void>()(z.void()),
  /** Who viewed a story: asked of the server when `refresh` (at a bounded rate, online only), else as kept. */
  'stories:views': channel<StoryViews | null>()(z.object({ id: storyId, refresh: z.boolean().default(false) })),
  /** Posts one of the account's stories again, to everyone or chosen contacts (digits only), through the outbox. */
  'stories:repost': channel<PublishResult>()(
    z.object({
      requestId,
      id: storyId,
      contacts: z.array(z.string().regex(/^\d{7,15}$/, 'must be 7 to 15 digits')).max(2000).optional(),
      exclude_contacts: z.array(z.string().regex(/^\d{7,15}$/, 'must be 7 to 15 digits')).max(2000).optional(),
    }),
  ),
  /** Writes a story's viewers to a CSV file chosen in a save dialog. */
  'stories:views-export': channel<ExportResult>()(z.object({ id: storyId })),
  /** Files of the active account set aside as unreadable. */
  'stories:set-aside-list': channel<SetAsideItem[]>()(z.void()),
  /** Restores what can still be read of one (history entries, a draft, an outbox story as "unknown"), or deletes it. */
  'stories:set-aside-act': channel<SetAsideItem[]>()(
    z.object({ id: z.string().min(1).max(300), action: z.enum(SET_ASIDE_ACTIONS) }),
  ),
  /** Participants of the cached groups, de-duplicated, matching a number or a group name. */
  'stories:contacts-search': channel<ContactsPage>()(
    z.object({ query: z.string().max(100).default(''), limit: z.number().int().min(1).max(200).default(50) }),
  ),
}

export const storiesEvents = {
  'stories:progress': event<UploadProgressEvent>(),
  'stories:outbox-changed': event<{ accountId: string; items: OutboxItemView[] }>(),
  'stories:history-changed': event<{ accountId: string }>(),
  'stories:feed-changed': event<FeedState>(),
  'stories:notify': event<StoryNotification>(),
}
