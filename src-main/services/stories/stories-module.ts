import { join } from 'node:path'
import type { StoryLimits } from '@shared/story/limits'
import type { EventHub } from '../../events'
import type { ActiveAccountSource } from '../account-session'
import type { DirectoryEntry } from '../groups-index'
import type { Logger } from '../log'
import { mediaProtocolRoute, mediaWebRoutes } from '../media/media-routes'
import { MediaStore, type FetchLike } from '../media/media-store'
import type { ConnectivityPort, StoryPublisher } from '../outbox/outbox'
import type { GroupSeen } from '../story-feed/names'
import { StoryFeedService, type FeedClient } from '../story-feed/story-feed-service'
import { ContactsSearch } from './contacts-search'
import { StoriesService } from './stories-service'

/** Granted files nobody published are kept this long (a draft may still name one). */
const GRANT_MAX_AGE_MS = 30 * 24 * 60 * 60 * 1000

export interface StoriesModuleOptions {
  dataDir: string
  accounts: ActiveAccountSource<StoryPublisher & FeedClient>
  /** The account's name as the user gave it, for messages. */
  labelOf?: (accountId: string) => string | undefined
  connectivity: ConnectivityPort
  limits: () => StoryLimits
  directory: () => Promise<readonly DirectoryEntry[]>
  /** The active account's cached groups, to put names to story viewers. */
  groups: () => Promise<readonly GroupSeen[]>
  fetch: FetchLike
  events: EventHub
  log: Logger
}

/** The stories side of the app put together: media grants, publishing, outbox, contacts. */
export function createStoriesModule(options: StoriesModuleOptions) {
  const { events, log } = options
  const media = new MediaStore({ dir: join(options.dataDir, 'media'), limits: options.limits, fetch: options.fetch, log })
  const stories = new StoriesService({
    accounts: options.accounts,
    media,
    limits: options.limits,
    connectivity: options.connectivity,
    log,
    ...(options.labelOf && { labelOf: options.labelOf }),
    events: {
      progress: (event) => events.emit('stories:progress', event),
      outboxChanged: (accountId, items) => events.emit('stories:outbox-changed', { accountId, items }),
      historyChanged: (accountId) => events.emit('stories:history-changed', { accountId }),
      notice: (level, message) => events.emit('app:notice', { level, message }),
    },
  })
  const contacts = new ContactsSearch(options.directory)
  const feed = new StoryFeedService({
    accounts: options.accounts,
    groups: options.groups,
    directory: options.directory,
    history: () => stories.historyList(),
    settleHistory: (statuses) => stories.settleHistory(statuses),
    connectivity: options.connectivity,
    onChange: (state) => events.emit('stories:feed-changed', state),
    log,
  })
  return {
    media,
    stories,
    feed,
    contacts,
    webRoute: mediaWebRoutes(media, options.limits),
    protocolRoute: mediaProtocolRoute(media),
    async start(): Promise<void> {
      await stories.start()
      const draft = await stories.draftGet().catch(() => null)
      const keep = new Set(draft?.media.grantId ? [draft.media.grantId] : [])
      await media.sweep(GRANT_MAX_AGE_MS, keep).catch((error: unknown) => log.warn('media sweep failed', { error: String(error) }))
    },
    dispose: () => stories.dispose(),
  }
}
export type StoriesModule = ReturnType<typeof createStoriesModule>
