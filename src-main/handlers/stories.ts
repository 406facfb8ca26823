import type { storiesChannels } from '@shared/channels/stories'
import type { ExportResult } from '@shared/channels/export'
import { AppError } from '@shared/errors'
import { userText } from '@shared/i18n/user-text'
import type { StoryViews } from '@shared/story/feed'
import type { StoryLimits } from '@shared/story/limits'
import type { DraftsService } from '../features/stories/drafts/drafts-service'
import type { StoryFeedService } from '../features/stories/feed/story-feed-service'
import type { MediaStore } from '../features/stories/media/media-store'
import { MEDIA_OPEN_DIALOG, type OpenDialogPort } from '../features/stories/media/open-dialog'
import type { ContactsSearch } from '../features/stories/publish/contacts-search'
import type { Handlers } from './dispatch'

export interface StoriesHandlerDeps {
  drafts: DraftsService
  feed: StoryFeedService
  /** Writes viewers to a CSV file the user picks (the export service). */
  exportViews: (views: StoryViews) => Promise<ExportResult>
  media: MediaStore
  contacts: ContactsSearch
  limits: () => StoryLimits
  /** The desktop's open dialog; null in web mode, where the page uploads the file instead. */
  openDialog: OpenDialogPort | null
}

/** The composer's side: limits, media, the draft, the feed and its viewers, the contact picker. */
export function storiesHandlers(deps: StoriesHandlerDeps): Pick<Handlers, keyof typeof storiesChannels> {
  const { drafts, feed, media, contacts, limits, openDialog } = deps
  return {
    'stories:limits': () => limits(),
    'stories:media-pick': async () => {
      if (!openDialog) throw new AppError('invalid-request', userText('storyErrors.publish.noFileDialog'))
      const path = await openDialog.chooseOpenPath(MEDIA_OPEN_DIALOG)
      return path === null ? null : media.importFile(path)
    },
    'stories:media-import': ({ name, bytes }) => media.importBytes(bytes, name),
    'stories:media-import-url': ({ url, accountId }) => media.importUrl(url, accountId),
    'stories:media-get': ({ id }) => media.get(id),
    'stories:media-release': ({ id }) => media.release(id),
    'stories:draft-get': ({ accountId }, { client }) => drafts.draftGet(accountId, client),
    'stories:draft-save': ({ accountId, ...draft }, { client }) => drafts.draftSave(accountId, draft, client),
    'stories:draft-clear': ({ accountId }, { client }) => drafts.draftClear(accountId, client),
    'stories:feed': ({ accountId }) => feed.state(accountId),
    'stories:feed-sync': ({ accountId }) => feed.sync(accountId),
    'stories:feed-cancel': async ({ accountId }) => feed.cancel(accountId),
    'stories:views': ({ accountId, id, refresh }) => feed.views(accountId, id, refresh),
    'stories:views-export': async ({ accountId, id }) => {
      const views = await feed.views(accountId, id, false)
      if (!views) throw new AppError('not-found', userText('storyErrors.publish.noViewers'))
      return deps.exportViews(views)
    },
    'stories:contacts-search': ({ accountId, query, limit }) => contacts.search(accountId, query, limit),
  }
}
