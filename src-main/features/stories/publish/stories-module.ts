import { basename, join } from 'node:path'
import type { AccountsState } from '@shared/channels/accounts'
import type { StoryLimits } from '@shared/story/limits'
import type { EventHub } from '../../../platform/events'
import type { AccountSession, ActiveAccountSource } from '../../../account/workspace/account-session'
import type { LoadedParticipants } from '../../groups/participants'
import type { Logger } from '../../../platform/log/log'
import { SavedDrafts } from '../drafts/saved-drafts'
import { mediaProtocolRoute, mediaWebRoutes } from '../media/media-routes'
import { MediaStore, type FetchLike } from '../media/media-store'
import type { ConnectivityPort, StoryPublisher } from '../outbox/outbox'
import type { GroupSeen, PersonSeen } from '../feed/names'
import { StoryFeedService, type FeedClient } from '../feed/story-feed-service'
import { ContactsSearch } from './contacts-search'
import { StoriesService } from './stories-service'
import { notificationText } from './story-notification'

/** Shows a system notification (Electron's Notification on the desktop). */
export interface NotifierPort {
  show(text: { title: string; body: string }): void
}

/** Granted files nobody published are kept this long (a draft may still name one). */
const GRANT_MAX_AGE_MS = 30 * 24 * 60 * 60 * 1000

export interface StoriesModuleOptions {
  dataDir: string
  accounts: ActiveAccountSource<StoryPublisher & FeedClient>
  /** The account's name as the user gave it, for messages. */
  labelOf?: (accountId: string) => string | undefined
  /** A session for any listed account, for a story published to several at once. */
  sessionOf?: (accountId: string) => Promise<AccountSession<StoryPublisher> | null>
  /** Every listed account's id. */
  listedAccounts?: () => readonly string[]
  connectivity: ConnectivityPort
  limits: () => StoryLimits
  /** Everyone in the active account's cached groups, for the contact picker. */
  participants: () => Promise<LoadedParticipants | null>
  /** The people among some ids, with some of their groups' names (to name story viewers). */
  peopleWithIds: (ids: readonly string[]) => Promise<PersonSeen[]>
  /** The active account's cached groups, to put names to story viewers. */
  groups: () => Promise<readonly GroupSeen[]>
  fetch: FetchLike
  events: EventHub
  log: Logger
  /** "Send if less than N minutes late" for scheduled stories. */
  lateSendMinutes?: () => number
  /** The desktop's notifications; web mode has none in main, and the page shows the event instead. */
  notifier?: NotifierPort | null
}

/** The stories side of the app put together: media grants, publishing, outbox, contacts. */
export function createStoriesModule(options: StoriesModuleOptions) {
  const { events, log } = options
  const savedDrafts = new SavedDrafts(options.accounts, {
    log,
    onSetAside: (path) =>
      events.emit('app:notice', { level: 'warning', message: `The saved drafts could not be read and were set aside as ${basename(path)}; the list starts empty.` }),
  })
  const media = new MediaStore({ dir: join(options.dataDir, 'media'), limits: options.limits, fetch: options.fetch, log })
  const stories = new StoriesService({
    accounts: options.accounts,
    media,
    limits: options.limits,
    connectivity: options.connectivity,
    log,
    ...(options.labelOf && { labelOf: options.labelOf }),
    ...(options.lateSendMinutes && { lateSendMinutes: options.lateSendMinutes }),
    ...(options.sessionOf && { sessionOf: options.sessionOf }),
    ...(options.listedAccounts && { listedAccounts: options.listedAccounts }),
    grantInUse: async (grantId) => (await savedDrafts.grants()).has(grantId),
    events: {
      notify: (notification) => {
        events.emit('stories:notify', notification)
        options.notifier?.show(notificationText(notification))
      },
      progress: (event) => events.emit('stories:progress', event),
      outboxChanged: (accountId, items) => events.emit('stories:outbox-changed', { accountId, items }),
      historyChanged: (accountId) => events.emit('stories:history-changed', { accountId }),
      notice: (level, message) => events.emit('app:notice', { level, message }),
    },
  })
  const contacts = new ContactsSearch(options.participants)
  const feed = new StoryFeedService({
    accounts: options.accounts,
    groups: options.groups,
    people: options.peopleWithIds,
    history: () => stories.historyList(),
    settleHistory: (statuses) => stories.settleHistory(statuses),
    connectivity: options.connectivity,
    onChange: (state) => events.emit('stories:feed-changed', state),
    log,
  })
  // A signed-out account's outbox stops sending even when a publish to several opened it in the background.
  const stopListening = events.subscribe((name, payload) => {
    if (name === 'accounts:changed') stories.accountsListed(new Set((payload as AccountsState).accounts.map((account) => account.id)))
  })
  return {
    media,
    stories,
    savedDrafts,
    feed,
    contacts,
    webRoute: mediaWebRoutes(media, options.limits),
    protocolRoute: mediaProtocolRoute(media),
    async start(): Promise<void> {
      await stories.start()
      const draft = await stories.draftGet().catch(() => null)
      const keep = await savedDrafts.grants().catch(() => new Set<string>())
      if (draft?.media.grantId) keep.add(draft.media.grantId)
      await media.sweep(GRANT_MAX_AGE_MS, keep).catch((error: unknown) => log.warn('media sweep failed', { error: String(error) }))
    },
    dispose: () => {
      stopListening()
      return stories.dispose()
    },
  }
}
export type StoriesModule = ReturnType<typeof createStoriesModule>
