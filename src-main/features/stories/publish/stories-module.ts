import { join } from 'node:path'
import { userText, type UserText } from '@shared/i18n/user-text'
import type { StoryLimits } from '@shared/story/limits'
import type { OutboxItemView } from '@shared/story/records'
import { APP_FILES } from '../../../account/files/app-files'
import type { FileRoot } from '../../../account/files/file-root'
import type { AccountWorkspace } from '../../../account/workspace/account-workspace'
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
import type { AttemptOutcome, ConnectivityPort, OutboxTimers } from '../outbox/outbox'
import { outboxPart } from '../outbox/outbox-part'
import { OutboxService } from '../outbox/outbox-service'
import { SetAsideService } from '../set-aside/set-aside-service'
import { ContactsSearch } from './contacts-search'
import { OutboxEndings } from './outbox-endings'
import { PublishService, type QueuePlanner } from './publish-service'
import { notificationText, storyNotification } from './story-notification'

/** Shows a system notification (Electron's Notification on the desktop), saying its texts in the user's language. */
export interface NotifierPort {
  show(text: { title: UserText; body: UserText }): void
}

/** Granted files nobody published are kept this long (a draft may still name one). */
const GRANT_MAX_AGE_MS = 30 * 24 * 60 * 60 * 1000

export interface StoriesModuleOptions {
  dataDir: string
  workspaces: WorkspaceSource
  /** The data folder's own declared files (saved audiences and styles live there). */
  appFiles: FileRoot
  /** The account's name as the user gave it, for messages. */
  labelOf: (accountId: string) => string | undefined
  connectivity: ConnectivityPort
  limits: () => StoryLimits
  /** Everyone in the active account's cached groups, for the contact picker. */
  participants: () => Promise<LoadedParticipants | null>
  /** The participants among some ids, with some of their groups' names (to name story viewers). */
  participantsWithIds: (ids: readonly string[]) => Promise<ParticipantSeen[]>
  /** The active account's cached groups, to put names to story viewers. */
  groups: () => Promise<readonly GroupSeen[]>
  fetch: FetchLike
  events: EventHub
  log: Logger
  /** "Send if less than N minutes late" for scheduled stories. */
  lateSendMinutes?: () => number
  /** The desktop's notifications; web mode has none in main, and the page shows the event instead. */
  notifier?: NotifierPort | null
  timers?: OutboxTimers
  retry?: { firstMs: number; maxMs: number }
  /** The accounts' posting queues, for "Add to queue". */
  queue?: QueuePlanner
}

/** The stories side of the app put together: media grants, publishing, every account's outbox, drafts, the feed and the saved lists. */
export function createStoriesModule(options: StoriesModuleOptions) {
  const { events, log, workspaces } = options
  const notify = (kind: Parameters<typeof storyNotification>[0], workspace: AccountWorkspace, summary: OutboxItemView['summary']) => {
    // With one account open there is nothing to tell apart: the account is named only among several.
    const several = workspaces.all().length > 1
    const notification = storyNotification(kind, summary, several ? { account: workspace.label } : {})
    events.emit('stories:notify', notification)
    options.notifier?.show(notificationText(notification))
  }
  const endings = new OutboxEndings()
  const outbox = outboxPart({
    connectivity: options.connectivity,
    log,
    onChange: (accountId, items) => events.emit('stories:outbox-changed', { accountId, items, left: endings.change(accountId, items) }),
    onHistory: (accountId) => events.emit('stories:history-changed', { accountId }),
    onProgress: (event) => events.emit('stories:progress', event),
    notice: (level, text) => events.emit('app:notice', { level, text }),
    onMissed: (workspace, items) => {
      events.emit('app:notice', {
        level: 'warning',
        text: userText('storyErrors.notices.missed', { count: items.length, account: workspace.label }),
      })
      for (const item of items) notify('missed', workspace, item.summary)
    },
    onOutcome: (workspace, outcome: AttemptOutcome) => {
      if (outcome.state === 'dropped' || outcome.state === 'scheduled' || outcome.state === 'queued') return
      notify(outcome.state === 'sent' ? 'published' : outcome.state, workspace, outcome.item.summary)
    },
    lateSendMinutes: () => options.lateSendMinutes?.() ?? 0,
    ...(options.timers && { timers: options.timers }),
    ...(options.retry && { retry: options.retry }),
  })
  const drafts = new DraftsService(workspaces)
  const media = new MediaStore({ dir: join(options.dataDir, APP_FILES.media.path), limits: options.limits, fetch: options.fetch, log })
  const outboxes = new OutboxService({ workspaces, outbox, log })
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
    connectivity: options.connectivity,
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
      const draft = await drafts.draftGet().catch(() => null)
      if (draft?.media.grantId) keep.add(draft.media.grantId)
      await media.sweep(GRANT_MAX_AGE_MS, keep).catch((error: unknown) => log.warn('media sweep failed', { error: String(error) }))
    },
    /** The accounts' outboxes are their workspaces' and stop with them; this stops following new ones. */
    dispose(): void {
      outboxes.dispose()
    },
  }
}
export type StoriesModule = ReturnType<typeof createStoriesModule>
