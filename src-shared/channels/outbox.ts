import { z } from 'zod'
import { channel, event } from '../define'
import type { AppErrorData } from '../errors'
import { InstantSchema } from '../instant'
import { StoryDraftSchema } from '../story/draft'
import type { HistoryEntry, OutboxItemView } from '../story/records'
import { AccountIdSchema } from './scope'

const requestId = z.string().regex(/^[A-Za-z0-9_-]{8,64}$/, 'must be an id of 8 to 64 letters, digits, - or _')
const accountId = AccountIdSchema
const itemId = z.string().min(1).max(64)
const storyId = z.string().regex(/^[A-Za-z0-9._@-]{1,128}$/, 'not a story id')
/** The revision of an item the user acted on: a story changed since (edited, sent, elsewhere) is not acted on blindly. */
const revision = z.number().int().nonnegative()

/** Most accounts one press publishes to. */
export const MAX_PUBLISH_ACCOUNTS = 20

/**
 * When a press publishes: at an instant (`at`), or in each account's own next free queue slot
 * (`queue`, "Add to queue"). Absent: now. Exactly one of the two, so no field is ever ignored.
 */
export const PublishWhenSchema = z.union([z.strictObject({ at: InstantSchema }), z.strictObject({ queue: z.literal(true) })])
export type PublishWhen = z.infer<typeof PublishWhenSchema>

/**
 * What became of a story in one account's outbox:
 * - `sent`: the server published it (message id and status as it answered);
 * - `queued`: no connection; it waits in the outbox and goes out when the connection returns;
 * - `unknown`: sent, but no answer came back; it waits in the outbox for the user to decide;
 * - `scheduled`: written down to be published at `dueAt` (UTC, ISO);
 * - `refused`: that account's server (or its missing token) refused it; nothing of it was kept.
 */
export type StoryOutcome =
  | { state: 'sent'; itemId: string; messageId: string | null; messageStatus: string | null }
  | { state: 'queued'; itemId: string; error: AppErrorData }
  | { state: 'unknown'; itemId: string; error: AppErrorData }
  | { state: 'scheduled'; itemId: string; dueAt: string }
  | { state: 'refused'; error: AppErrorData }

/** An outcome the story was kept in: a repost answers with one of these, or an error. */
export type KeptOutcome = Exclude<StoryOutcome, { state: 'refused' }>

/** One account's part of a publish: its own outbox item, progress, outcome and retry. */
export interface PublishTarget {
  accountId: string
  label: string
  /** The id its outbox item and progress events carry. */
  requestId: string
  outcome: StoryOutcome
}

/** A publish is to a list of accounts: one, or several at once. */
export interface PublishResult {
  targets: PublishTarget[]
}

/** The request id of one account's item in a publish: the press's id and the account's place. */
export function targetRequestId(requestId: string, index: number): string {
  return `${requestId}-${index}`
}

/**
 * A story the app sent without the user waiting on it (the queue, a schedule) was published or
 * not. Web mode shows it with the browser's notifications; the text carries no token and no
 * full phone number.
 */
export interface StoryNotification {
  outcome: 'published' | 'failed' | 'unknown' | 'missed'
  /** The start of the caption, numbers masked. */
  text: string
  /** The account's name as the user gave it. */
  account?: string
}

/**
 * An item that left an account's outbox, and why, as main knows it: `published` (the server
 * took it, or the user marked an unknown outcome as sent; it is in the history now) or
 * `removed` (discarded, or refused while the user waited: nothing went out).
 */
export interface OutboxItemEnd {
  id: string
  requestId: string
  outcome: 'published' | 'removed'
}

export interface UploadProgressEvent {
  requestId: string
  sentBytes: number
  totalBytes: number
  /** A media story goes in two requests: the file (`upload`), then the small story (`publish`). */
  step?: 'upload' | 'publish'
}

/** A story published from this app, with the account it went out on. */
export interface HistoryItemView extends HistoryEntry {
  accountId: string
  /** `agent`: published by the paired agent, which holds the account since its hand-over. */
  where?: 'agent'
  /** When the agent gave this list; with `stale`, it did not answer since. */
  asOf?: string
  stale?: boolean
}

/**
 * A file the app could not read and set aside rather than delete: one of an account's (its
 * history, drafts, a story of the outbox, its groups cache, its story feed or contacts, its
 * insights) or one
 * of the app's own lists (saved audiences, styles).
 */
export const SET_ASIDE_KINDS = [
  'history',
  'draft',
  'saved-drafts',
  'outbox',
  'groups-cache',
  'stories-feed',
  'contacts',
  'audiences',
  'styles',
  'insights',
] as const
export type SetAsideKind = (typeof SET_ASIDE_KINDS)[number]

export interface SetAsideItem {
  /** The account whose folder holds it; null for the app's own lists. */
  accountId: string | null
  /** Its path inside that folder (or the data folder); with accountId, the only name actions take. */
  id: string
  kind: SetAsideKind
  /** When it was set aside. */
  at: string
  bytes: number
  /** The start of its text, to look at before deciding. */
  preview: string
  /** False for caches, which the app reads again from the server. */
  restorable: boolean
}

export const SET_ASIDE_ACTIONS = ['restore', 'discard'] as const
export type SetAsideAction = (typeof SET_ASIDE_ACTIONS)[number]

export const OUTBOX_ACTIONS = ['send-now', 'send-again', 'mark-sent', 'discard'] as const
export type OutboxAction = (typeof OUTBOX_ACTIONS)[number]

/** Publishing, the outbox, planned stories and history: every account's, each item naming its account. */
export const outboxChannels = {
  /**
   * Publishes the composer's story to each of `accountIds` (one or several): checked once, then
   * one outbox item per account. A repeated request id gets the first answer. `when` says when
   * (see PublishWhenSchema): at an instant, every account's item waits for it; in the queue, each
   * account's item waits for that account's own next free slot, and an account without slots
   * refuses its part. A field it does not know is refused, never ignored (an ignored time would
   * mean "now").
   */
  'stories:publish': channel<PublishResult>()(
    z
      .strictObject({
        requestId,
        draft: StoryDraftSchema,
        accountIds: z.array(accountId).min(1).max(MAX_PUBLISH_ACCOUNTS),
        /** The account whose composer draft the story is: that draft starts afresh once every account holds the story. */
        draftOf: accountId.optional(),
        when: PublishWhenSchema.optional(),
        /**
         * Each account's place in the press it came from, when the press is split between engines
         * (this desktop and its agent): its item's request id stays the one the page computed.
         */
        places: z
          .array(
            z
              .number()
              .int()
              .min(0)
              .max(MAX_PUBLISH_ACCOUNTS - 1),
          )
          .max(MAX_PUBLISH_ACCOUNTS)
          .optional(),
      })
      .refine(
        (arg) =>
          arg.places === undefined || (arg.places.length === arg.accountIds.length && new Set(arg.places).size === arg.places.length),
        {
          message: 'one distinct place per account',
          path: ['places'],
        },
      ),
  ),
  /** Posts one of the account's stories again, to everyone or chosen contacts (digits only), through its outbox. */
  'stories:repost': channel<KeptOutcome>()(
    z.object({
      accountId,
      requestId,
      id: storyId,
      contacts: z
        .array(z.string().regex(/^\d{7,15}$/, 'must be 7 to 15 digits'))
        .max(2000)
        .optional(),
      exclude_contacts: z
        .array(z.string().regex(/^\d{7,15}$/, 'must be 7 to 15 digits'))
        .max(2000)
        .optional(),
    }),
  ),
  /** Stops an upload; a request whose body was already all sent ends as `unknown`. */
  'stories:cancel': channel<void>()(z.object({ requestId })),
  /** Every account's outbox items. */
  'stories:outbox-list': channel<OutboxItemView[]>()(z.void()),
  /** The user's decision on one item; answers with that account's items. */
  'stories:outbox-act': channel<OutboxItemView[]>()(
    z.object({ accountId, id: itemId, action: z.enum(OUTBOX_ACTIONS), rev: revision.optional() }),
  ),
  /** Reschedules (`dueAt`) or edits the caption of a story still planned (scheduled or missed). */
  'stories:schedule-edit': channel<OutboxItemView>()(
    z.object({
      accountId,
      id: itemId,
      dueAt: InstantSchema.optional(),
      caption: z.string().max(4096).optional(),
      rev: revision.optional(),
    }),
  ),
  /** Plans a copy of a story not sent yet for `dueAt`, in the same account. */
  'stories:schedule-duplicate': channel<OutboxItemView>()(z.object({ accountId, id: itemId, requestId, dueAt: InstantSchema })),
  /** Every account's published stories, newest first. */
  'stories:history-list': channel<HistoryItemView[]>()(z.void()),
  /** Files set aside as unreadable: every account's, and the app's own lists. */
  'stories:set-aside-list': channel<SetAsideItem[]>()(z.void()),
  /** Restores what can still be read of one, or deletes it. */
  'stories:set-aside-act': channel<SetAsideItem[]>()(
    z.object({ accountId: accountId.nullable(), id: z.string().min(1).max(300), action: z.enum(SET_ASIDE_ACTIONS) }),
  ),
}

export const outboxEvents = {
  'stories:progress': event<UploadProgressEvent>(),
  /**
   * One account's outbox items, whole (the others' are unchanged), and what became of those that
   * left it since its last change: the page shows the outcome main says, never one it infers.
   */
  'stories:outbox-changed': event<{ accountId: string; items: OutboxItemView[]; left: OutboxItemEnd[] }>(),
  'stories:history-changed': event<{ accountId: string }>(),
  'stories:notify': event<StoryNotification>(),
}
