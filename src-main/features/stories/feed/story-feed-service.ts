import { AppError } from '@shared/errors'
import { userText } from '@shared/i18n/user-text'
import type { FeedState, StoryViews } from '@shared/story/feed'
import type { HistoryEntry } from '@shared/story/records'
import type { WorkspaceSource } from '../../../account/workspace/workspaces'
import type { ViewStatuses } from '../../../platform/api'
import { silentLogger, type Logger } from '../../../platform/log/log'
import { FEED_PART, type AccountFeed } from './feed-part'
import { feedStoryOf, mergeFeed } from './feed-record'
import { fetchAllContacts, type ContactsSource } from './fetch-contacts'
import { fetchAllStories, type StoriesSource } from './fetch-stories'
import { nameBook, type GroupSeen, type ParticipantSeen } from './names'
import { viewerIds, viewersOf } from './views'

/** What the feed needs of the API client. */
export interface FeedClient extends StoriesSource, ContactsSource {
  storyStatuses(id: string, options?: { signal?: AbortSignal }): Promise<ViewStatuses>
}

export interface StoryFeedOptions {
  workspaces: WorkspaceSource
  /** The account's cached groups, to put names to viewers. */
  groups: (accountId: string) => Promise<readonly GroupSeen[]>
  /** The participants among some numbers in the account's cached groups, with some of their groups' names. */
  participants?: (accountId: string, ids: readonly string[]) => Promise<readonly ParticipantSeen[]>
  /** An account's publishing history. */
  history: (accountId: string) => Promise<HistoryEntry[]>
  /** Tells an account's history the statuses the server listed, so "pending" entries settle. */
  settleHistory?: (accountId: string, statuses: ReadonlyMap<string, string>) => Promise<void>
  onChange?: (state: FeedState) => void
  now?: () => number
  log?: Logger
  /** A story's views are asked for at most this often, however often the view asks. */
  viewsIntervalMs?: number
}

const DAY_S = 24 * 60 * 60
const DEFAULT_VIEWS_INTERVAL_MS = 15_000
/** Contacts change slowly: read again at a sync once the last read is this old. */
const CONTACTS_MAX_AGE_MS = 6 * 60 * 60 * 1000
/** A server that had no contacts operation is asked again after this long. */
const CONTACTS_UNSUPPORTED_RETRY_MS = 24 * 60 * 60 * 1000

/**
 * The account's stories as the server lists them (the phone's included), kept on disk for
 * offline use and merged with this app's history; and, for each live story, who viewed it.
 */
export class StoryFeedService {
  readonly #opts: StoryFeedOptions
  readonly #log: Logger
  readonly #now: () => number
  #viewsQueue: Promise<unknown> = Promise.resolve()
  readonly #emitSeq = new Map<string, number>()

  constructor(options: StoryFeedOptions) {
    this.#opts = options
    this.#log = options.log ?? silentLogger
    this.#now = options.now ?? Date.now
  }

  /** The account's feed while a screen shows it (its part is kept as long). */
  #feed(accountId: string): AccountFeed {
    const workspace = this.#opts.workspaces.get(accountId)
    if (!workspace || workspace.mode === 'closed') throw new AppError('not-found', userText('mediaErrors.feed.noAccount'))
    if (workspace.mode !== 'active' || !workspace.session()) throw new AppError('invalid-request', userText('groupErrors.notOnScreen'))
    return workspace.part(FEED_PART)
  }

  /** The account's stories as last synced, merged with its history; no network. */
  async state(accountId: string): Promise<FeedState> {
    const feed = this.#feed(accountId)
    const file = await feed.cache.read()
    const history = await this.#opts.history(feed.id).catch(() => [] as HistoryEntry[])
    return {
      accountId: feed.id,
      stories: mergeFeed(file.stories, history, this.#now()),
      syncedAt: file.syncedAt,
      syncing: feed.syncing !== null,
      lastError: feed.lastError,
      truncated: file.truncated,
    }
  }

  /** Reads the account's stories of the last 24 hours from the server; one sync at a time. */
  sync(accountId: string): Promise<FeedState> {
    const feed = this.#feed(accountId)
    if (feed.syncing) return feed.syncing.promise
    const controller = new AbortController()
    const promise: Promise<FeedState> = this.#run(feed, controller.signal)
      .finally(() => {
        if (feed.syncing?.promise === promise) feed.syncing = null
        void this.#emit(accountId)
      })
      // Read once the sync is over, so the answer does not say it is still running.
      .then(() => this.state(accountId))
    feed.syncing = { controller, promise }
    void this.#emit(accountId)
    return promise
  }

  cancel(accountId: string): void {
    this.#feed(accountId).syncing?.controller.abort()
  }

  async #run(feed: AccountFeed, signal: AbortSignal): Promise<void> {
    try {
      const fetched = await fetchAllStories(clientOf(feed), {
        signal,
        now: this.#now(),
        timeFrom: Math.floor(this.#now() / 1000) - DAY_S,
      })
      const stories = fetched.messages.map(feedStoryOf)
      await feed.cache.saveStories(stories, new Date(this.#now()).toISOString(), fetched.truncated)
      const statuses = new Map(stories.flatMap((s) => (s.status ? [[s.id, s.status] as const] : [])))
      await this.#opts
        .settleHistory?.(feed.id, statuses)
        .catch((error: unknown) => this.#log.warn('history not settled', { error: String(error) }))
      await this.#refreshContacts(feed, signal)
      feed.lastError = null
      this.#log.info('stories synced', {
        stories: stories.length,
        requests: fetched.requests,
        truncated: fetched.truncated,
        outOfWindow: fetched.outOfWindow,
      })
    } catch (error) {
      const failure =
        error instanceof AppError ? error : new AppError('internal', userText('mediaErrors.feed.unreadable'), undefined, { cause: error })
      if (failure.code !== 'cancelled') feed.lastError = failure.toData()
      throw failure
    }
  }

  /**
   * Who viewed a story. Asked of the server when `refresh` and the story's last ask is older
   * than the interval, and only while online; otherwise the last answer kept on disk.
   * Requests go one at a time, so a view refreshing many stories cannot flood the server.
   */
  async views(accountId: string, storyId: string, refresh: boolean): Promise<StoryViews | null> {
    const feed = this.#feed(accountId)
    const cached = (await feed.cache.read()).views[storyId] ?? null
    const asked = feed.viewsAskedAt.get(storyId) ?? 0
    const interval = this.#opts.viewsIntervalMs ?? DEFAULT_VIEWS_INTERVAL_MS
    if (!refresh || !feed.workspace.connectivity.online || this.#now() - asked < interval) return cached
    feed.viewsAskedAt.set(storyId, this.#now())
    const run = this.#viewsQueue.then(async () => {
      const answer = await clientOf(feed).storyStatuses(storyId)
      const groups = await this.#opts.groups(accountId).catch(() => [] as readonly GroupSeen[])
      const participants = await this.#opts
        .participants?.(accountId, viewerIds(answer.statuses))
        .catch(() => [] as readonly ParticipantSeen[])
      const contacts = await feed.contacts.names().catch(() => new Map<string, string>())
      const book = nameBook(groups, participants, contacts)
      const views: StoryViews = {
        storyId,
        viewers: viewersOf(answer.statuses, book),
        fetchedAt: new Date(this.#now()).toISOString(),
      }
      await feed.cache.saveViews(views)
      return views
    })
    this.#viewsQueue = run.catch(() => {})
    return run
  }

  /**
   * The account's contact names, read again when the last read is old. Names are a nicety:
   * a failure here is logged and the stories sync still succeeds; a server without the
   * operation (404, 405) is remembered and not asked again for a day.
   */
  async #refreshContacts(feed: AccountFeed, signal: AbortSignal): Promise<void> {
    const last = await feed.contacts.read().catch(() => null)
    const age = last ? this.#now() - Date.parse(last.fetchedAt) : Infinity
    if (age >= 0 && age < (last?.unsupported ? CONTACTS_UNSUPPORTED_RETRY_MS : CONTACTS_MAX_AGE_MS)) return
    try {
      const fetched = await fetchAllContacts(clientOf(feed), { signal })
      await feed.contacts.save(fetched.contacts, new Date(this.#now()), fetched.truncated)
      this.#log.info('contacts read', { contacts: fetched.contacts.length, requests: fetched.requests })
    } catch (error) {
      const status = error instanceof AppError ? error.details?.status : undefined
      if (status === 404 || status === 405) await feed.contacts.saveUnsupported(new Date(this.#now()))
      else if (!(error instanceof AppError && error.code === 'cancelled')) this.#log.warn('contacts not read', { error: String(error) })
    }
  }

  async #emit(accountId: string): Promise<void> {
    if (!this.#opts.onChange) return
    // States are read asynchronously: one read before a later one must not be sent after it.
    const seq = (this.#emitSeq.get(accountId) ?? 0) + 1
    this.#emitSeq.set(accountId, seq)
    try {
      const state = await this.state(accountId)
      if (seq === this.#emitSeq.get(accountId)) this.#opts.onChange(state)
    } catch (error) {
      this.#log.warn('stories feed state unavailable', { error: String(error) })
    }
  }
}

/** The account's client: the feed is read only for the account on screen, which always has one. */
function clientOf(feed: AccountFeed): FeedClient {
  const session = feed.workspace.session()
  if (!session) throw new AppError('invalid-request', userText('mediaErrors.feed.noAccount'))
  return session.client
}
