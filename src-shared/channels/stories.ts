import { z } from 'zod'
import { channel, event } from '../define'
import { StoryDraftSchema, type StoryDraft } from '../story/draft'
import { GRANT_ID_PATTERN, type MediaGrant } from '../story/media-facts'
import type { StoryLimits } from '../story/limits'
import type { FeedState, StoryViews } from '../story/feed'
import type { ExportResult } from './export'
import { AccountIdSchema, AccountScopeSchema } from './scope'

const grantId = z.string().regex(GRANT_ID_PATTERN, 'not a media grant id')
const storyId = z.string().regex(/^[A-Za-z0-9._@-]{1,128}$/, 'not a story id')

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

/** Largest dropped file sent as bytes over IPC; web mode streams to the upload route instead. */
export const MAX_IMPORT_BYTES = 256 * 1024 * 1024

export const storiesChannels = {
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
  'stories:media-import-url': channel<MediaGrant>()(
    z.object({ url: z.string().trim().url().max(4096), accountId: AccountIdSchema.optional() }),
  ),
  'stories:media-get': channel<MediaGrant | null>()(z.object({ id: grantId })),
  'stories:media-release': channel<void>()(z.object({ id: grantId })),
  'stories:draft-get': channel<StoryDraft | null>()(AccountScopeSchema),
  /** Saves the composer's draft of the account it names: a save on its way when the user switches lands in its own account. */
  'stories:draft-save': channel<void>()(StoryDraftSchema.extend(AccountScopeSchema.shape)),
  'stories:draft-clear': channel<void>()(AccountScopeSchema),
  /** The account's stories as last synced (offline too), merged with this app's history. */
  'stories:feed': channel<FeedState>()(AccountScopeSchema),
  /** Reads the account's stories of the last 24 hours from the server. */
  'stories:feed-sync': channel<FeedState>()(AccountScopeSchema),
  'stories:feed-cancel': channel<void>()(AccountScopeSchema),
  /** Who viewed a story: asked of the server when `refresh` (at a bounded rate, online only), else as kept. */
  'stories:views': channel<StoryViews | null>()(AccountScopeSchema.extend({ id: storyId, refresh: z.boolean().default(false) })),
  /** Writes a story's viewers to a CSV file chosen in a save dialog. */
  'stories:views-export': channel<ExportResult>()(AccountScopeSchema.extend({ id: storyId })),
  /** Participants of the cached groups, de-duplicated, matching a number or a group name. */
  'stories:contacts-search': channel<ContactsPage>()(
    AccountScopeSchema.extend({ query: z.string().max(100).default(''), limit: z.number().int().min(1).max(200).default(50) }),
  ),
}

export const storiesEvents = {
  'stories:feed-changed': event<FeedState>(),
}
