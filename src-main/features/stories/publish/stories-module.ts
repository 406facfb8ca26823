import { join } from 'node:path'
import type { StoryLimits } from '@shared/story/limits'
import { APP_FILES } from '../../../account/files/app-files'
import type { FileRoot } from '../../../account/files/file-root'
import type { PartKind } from '../../../account/workspace/account-workspace'
import type { WorkspaceSource } from '../../../account/workspace/workspaces'
import type { EventHub } from '../../../platform/events'
import type { Logger } from '../../../platform/log/log'
import type { LoadedParticipants } from '../../groups/participants'
import { DraftsService } from '../drafts/drafts-service'
import type { GroupSeen, ParticipantSeen } from '../feed/names'
import { StoryFeedService } from '../feed/story-feed-service'
import { AudienceStore } from '../library/audiences'
import { StyleStore } from '../library/styles'
import { mediaProtocolRoute, mediaWebRoutes } from '../media/media-routes'
import { MediaStore, type FetchLike } from '../media/media-store'
import type { AccountOutbox } from '../outbox/outbox-part'
import type { OutboxService } from '../outbox/outbox-service'
import { SetAsideService } from '../set-aside/set-aside-service'
import { ContactsSearch } from './contacts-search'
import { PublishService, type QueuePlanner } from './publish-service'

export type { NotifierPort } from '../outbox/story-notification'

/** Granted files nobody published are kept this long (a draft may still name one). */
const GRANT_MAX_AGE_MS = 30 * 24 * 60 * 60 * 1000

export interface StoriesModuleOptions {
  dataDir: string
  workspaces: WorkspaceSource
  /** The data folder's own declared files (saved audiences and styles live there). */
  appFiles: FileRoot
  /** The account's name as the user gave it, for messages. */
  labelOf: (accountId: string) => string | undefined
  /** Every account's outbox (outbox-module.ts), made before the posting queue that plans into it. */
  outboxes: { part: PartKind<AccountOutbox>; service: OutboxService }
  limits: () => StoryLimits
  /** Everyone in an account's cached groups, for the contact picker. */
  participants: (accountId: string) => Promise<LoadedParticipants | null>
  /** The participants among some ids in an account's cached groups, with some of their groups' names (to name story viewers). */
  participantsWithIds: (accountId: string, ids: readonly string[]) => Promise<ParticipantSeen[]>
  /** An account's cached groups, to put names to story viewers. */
  groups: (accountId: string) => Promise<readonly GroupSeen[]>
  fetch: FetchLike
  events: EventHub
  log: Logger
  /** The accounts' posting queues, for "Add to queue". */
  queue?: QueuePlanner
}

/** The stories side of the app put together: media grants, publishing, every account's outbox, drafts, the feed and the saved lists. */
export function createStoriesModule(options: StoriesModuleOptions) {
  const { events, log, workspaces } = options
  const { part: outbox, service: outboxes } = options.outboxes
  const drafts = new DraftsService(workspaces)
  const media = new MediaStore({ dir: join(options.dataDir, APP_FILES.media.path), limits: options.limits, fetch: options.fetch, log })
  const audiences = new AudienceStore(options.appFiles.json(APP_FILES.audiences))
  const publisher = new PublishService({
    workspaces,
    outbox,
    drafts,
    media,
    limits: options.limits,
    labelOf: options.labelOf,
    grantInUse: async (grantId) => (await drafts.grants()).has(grantId),
    audienceNameOf: async (contacts) => (await audiences.holding(contacts))?.name ?? null,
    ...(options.queue && { queue: options.queue }),
  })
  const styles = new StyleStore(options.appFiles.json(APP_FILES.styles))
  const setAside = new SetAsideService({ workspaces, outbox, appFiles: options.appFiles, audiences, styles, log })
  const feed = new StoryFeedService({
    workspaces,
    groups: options.groups,
    participants: options.participantsWithIds,
    history: (accountId) => outboxes.history(accountId),
    settleHistory: async (accountId, statuses) => {
      if (await outboxes.settleHistory(accountId, statuses)) events.emit('stories:history-changed', { accountId })
    },
    onChange: (state) => events.emit('stories:feed-changed', state),
    log,
  })
  return {
    media,
    publisher,
    outboxes,
    drafts,
    setAside,
    audiences,
    styles,
    feed,
    contacts: new ContactsSearch(options.participants),
    webRoute: mediaWebRoutes(media, options.limits),
    protocolRoute: mediaProtocolRoute(media),
    /** Opens every account's outbox (planned stories go out at their time), then lets go of media files no story or draft names. */
    async start(): Promise<void> {
      await outboxes.start()
      const keep = await drafts.grants().catch(() => new Set<string>())
      await media.sweep(GRANT_MAX_AGE_MS, keep).catch((error: unknown) => log.warn('media sweep failed', { error: String(error) }))
    },
    /** The accounts' outboxes are their workspaces' and stop with them; this stops following new ones. */
    async dispose(): Promise<void> {
      await outboxes.dispose()
    },
  }
}
export type StoriesModule = ReturnType<typeof createStoriesModule>
