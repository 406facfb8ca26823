import { StoryDraftSchema } from '@shared/story/draft'
import { binaryFile, folder, jsonFile, type FileDecl } from './file-registry'
import { AccountIdentitySchema } from './formats/account-identity'
import { HandoversTakenFileSchema } from './formats/hosted-accounts'
import { InsightsLiveFileSchema } from './formats/insights-files'
import { OUTBOX_ITEM_ID, OutboxItemSchema } from './formats/outbox-item'
import { QueueFileSchema } from './formats/queue-file'
import { ContactsFileSchema, FeedFileSchema, HistoryFileSchema, SavedDraftsFileSchema } from './formats/story-files'

/**
 * Every file of an account's folder (`<data dir>/accounts/<id>/`), declared once. Whatever
 * works on an account's files as a whole (the temp sweep when it opens, the set-aside files
 * it lists, its disk use, its removal) goes by this list, and a test fails when the app
 * writes anything else there.
 */
export const ACCOUNT_FILES = {
  identity: jsonFile({
    path: 'account.json',
    kind: 'atomic-json',
    schema: AccountIdentitySchema,
    what: 'the folder’s own record of its account: label, base URL, the one-way fingerprint of base URL and token, the channel’s number; never the token',
    writtenBy: 'account/accounts',
  }),
  snapshot: binaryFile({
    path: 'groups.snapshot',
    kind: 'cache',
    atomic: true,
    what: 'the groups cache: the server’s page bodies as received, in checksummed segments, then a table of where each group is and its fingerprint',
    writtenBy: 'features/groups/cache',
    setAside: { kind: 'groups-cache', suffixes: ['unreadable'], restorable: false, notice: 'notices.setAside.groupsSnapshot' },
  }),
  groupsIndex: binaryFile({
    path: 'groups.index',
    kind: 'binary-index',
    atomic: true,
    what: 'the list’s columns for that snapshot (row fields as typed arrays and one UTF-8 buffer, record positions and fingerprints), read alone at start; rebuilt from the snapshot when missing, stale or damaged',
    writtenBy: 'features/groups/cache',
  }),
  participantsIndex: binaryFile({
    path: 'participants.index',
    kind: 'binary-index',
    atomic: true,
    what: 'everyone in the cached groups, as columns the audience picker searches; built on a worker from the snapshot it names',
    writtenBy: 'features/groups/participants',
  }),
  pictures: folder({
    path: 'pictures',
    kind: 'folder-of-items',
    atomic: true,
    what: 'group pictures for offline use (thumbnails as records of pack files, full pictures a file each), and the manifest of which group has which',
    writtenBy: 'features/groups/pictures',
    items: {
      files: [
        { name: /^[a-f0-9]{24}-[a-f0-9]{16}\.(?:jpg|png|webp|gif)$/, format: 'binary', atomic: true },
        // Thumbnails appended as records; a record is named only once written whole (see pack-writer.ts).
        { name: /^pack-\d{1,6}\.bin$/, format: 'binary', atomic: true },
        // One line per change, written whole now and then (atomically); the whole-JSON one of earlier versions is read once, then removed.
        { name: 'manifest.jsonl', format: 'binary', atomic: true },
        { name: 'manifest.json', format: 'json', atomic: true },
      ],
    },
  }),
  outbox: folder({
    path: 'outbox',
    kind: 'folder-of-items',
    atomic: true,
    what: 'stories on their way or waiting for the user: one folder per story, its `item.json` and, for a media story, its own copy of the file',
    writtenBy: 'features/stories/outbox',
    setAside: { kind: 'outbox', suffixes: ['corrupt'], restorable: true, notice: 'notices.setAside.outboxItem' },
    items: {
      folders: OUTBOX_ITEM_ID,
      entries: [
        { name: 'item.json', format: 'json', schema: OutboxItemSchema, atomic: true },
        { name: 'media', format: 'binary', atomic: false },
      ],
    },
  }),
  handoversTaken: jsonFile({
    path: 'handovers-taken.json',
    kind: 'atomic-json',
    schema: HandoversTakenFileSchema,
    what: 'the stories taken from a desktop under each hand-over (their request ids), so one cut short and taken up again takes none twice',
    writtenBy: 'features/stories/outbox (hand-over)',
    setAside: { kind: null, suffixes: ['corrupt'], restorable: false, notice: null },
  }),
  history: jsonFile({
    path: 'history.json',
    kind: 'atomic-json',
    schema: HistoryFileSchema,
    what: 'the stories published from this account, newest first',
    writtenBy: 'features/stories/history',
    setAside: { kind: 'history', suffixes: ['corrupt'], restorable: true, notice: 'notices.setAside.history' },
  }),
  composerDraft: jsonFile({
    path: 'drafts/composer.json',
    kind: 'atomic-json',
    schema: StoryDraftSchema,
    what: 'the composer’s working copy of the story being written',
    writtenBy: 'features/stories/drafts',
    setAside: { kind: 'draft', suffixes: ['corrupt'], restorable: true, notice: 'notices.setAside.composerDraft' },
  }),
  savedDrafts: jsonFile({
    path: 'drafts/saved.json',
    kind: 'atomic-json',
    schema: SavedDraftsFileSchema,
    what: 'the drafts the user saved to finish later',
    writtenBy: 'features/stories/drafts',
    setAside: { kind: 'saved-drafts', suffixes: ['corrupt'], restorable: true, notice: 'notices.setAside.savedDrafts' },
  }),
  queue: jsonFile({
    path: 'queue.json',
    kind: 'atomic-json',
    schema: QueueFileSchema,
    what: 'the posting queue: the weekly times stories are planned at, and the time zone they are read in',
    writtenBy: 'features/queue',
    setAside: { kind: null, suffixes: ['corrupt'], restorable: false, notice: 'notices.setAside.postingQueue' },
  }),
  storiesFeed: jsonFile({
    path: 'stories-feed.json',
    kind: 'cache',
    schema: FeedFileSchema,
    what: 'the account’s stories as the server last listed them, and their viewers, for offline use',
    writtenBy: 'features/stories/feed',
    setAside: { kind: 'stories-feed', suffixes: ['corrupt'], restorable: false, notice: 'notices.setAside.storiesFeed' },
  }),
  contacts: jsonFile({
    path: 'contacts.json',
    kind: 'cache',
    schema: ContactsFileSchema,
    what: 'the names the account’s contacts are saved under, to name story viewers',
    writtenBy: 'features/stories/feed',
    setAside: { kind: 'contacts', suffixes: ['corrupt'], restorable: false, notice: 'notices.setAside.contacts' },
  }),
  insightsLive: jsonFile({
    path: 'insights/live.json',
    kind: 'atomic-json',
    schema: InsightsLiveFileSchema,
    what: 'insights: the account’s stories still being followed (live, or expired in the last two days), with when each viewer first looked, in minutes after posting',
    writtenBy: 'features/insights',
    setAside: { kind: 'insights', suffixes: ['corrupt'], restorable: false, notice: 'notices.setAside.insightsLive' },
  }),
  insightsArchive: binaryFile({
    path: 'insights/stories.columns',
    kind: 'archive',
    atomic: true,
    what: 'insights: the account’s expired stories kept for the retention set in Settings, as columns (kind, audience, source, time) and each viewer’s first view as 16-bit minutes after posting; no viewer’s number',
    writtenBy: 'features/insights',
    setAside: { kind: 'insights', suffixes: ['corrupt'], restorable: false, notice: 'notices.setAside.insightsArchive' },
  }),
} satisfies Record<string, FileDecl>

export const ACCOUNT_FILE_LIST: readonly FileDecl[] = Object.values(ACCOUNT_FILES)
