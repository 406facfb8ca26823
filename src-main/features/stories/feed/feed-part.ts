import type { FeedState } from '@shared/story/feed'
import { ACCOUNT_FILES } from '../../../account/files/account-files'
import type { AccountWorkspace } from '../../../account/workspace/account-workspace'
import { definePart, type WorkspacePart } from '../../../account/workspace/account-workspace'
import { ContactsCache } from './contacts-cache'
import { FeedCache } from './feed-cache'

/** One account's story feed: its stories and viewers as last read, its contact names, and the sync in progress. */
export class AccountFeed implements WorkspacePart {
  readonly id: string
  readonly cache: FeedCache
  readonly contacts: ContactsCache
  readonly workspace: AccountWorkspace
  syncing: { controller: AbortController; promise: Promise<FeedState> } | null = null
  lastError: FeedState['lastError'] = null
  /** Last time each story's views were asked of the server. */
  readonly viewsAskedAt = new Map<string, number>()

  constructor(workspace: AccountWorkspace) {
    this.id = workspace.id
    this.workspace = workspace
    this.cache = new FeedCache(workspace.files.json(ACCOUNT_FILES.storiesFeed))
    this.contacts = new ContactsCache(workspace.files.json(ACCOUNT_FILES.contacts))
  }

  /** The sync stops when the account leaves the screen; what it saved stays. */
  async dispose(): Promise<void> {
    const syncing = this.syncing
    syncing?.controller.abort()
    await syncing?.promise.catch(() => undefined)
  }
}

/** Kept while the account is on screen: only the account shown reads its stories. */
export const FEED_PART = definePart('feed', 'on-screen', (workspace) => new AccountFeed(workspace))
