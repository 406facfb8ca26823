import { AppError } from '@shared/errors'
import type { StoryLimits } from '@shared/story/limits'
import type { Handlers } from './dispatch'
import type { MediaStore } from '../features/stories/media/media-store'
import { MEDIA_FILE_FILTERS, type OpenDialogPort } from '../features/stories/media/open-dialog'
import type { ContactsSearch } from '../features/stories/publish/contacts-search'
import type { StoriesService } from '../features/stories/publish/stories-service'
import type { ExportResult } from '@shared/channels/export'
import type { StoryViews } from '@shared/story/feed'
import type { StoryFeedService } from '../features/stories/feed/story-feed-service'

type StoriesChannel = Extract<keyof Handlers, `stories:${string}`>

export interface StoriesHandlerDeps {
  stories: StoriesService
  feed: StoryFeedService
  /** Writes viewers to a CSV file the user picks (the export service). */
  exportViews: (views: StoryViews) => Promise<ExportResult>
  media: MediaStore
  contacts: ContactsSearch
  limits: () => StoryLimits
  /** The desktop's open dialog; null in web mode, where the page uploads the file instead. */
  openDialog: OpenDialogPort | null
}

export function storiesHandlers(deps: StoriesHandlerDeps): Pick<Handlers, StoriesChannel> {
  const { stories, feed, media, contacts, limits, openDialog } = deps
  return {
    'stories:publish': ({ requestId, draft, dueAt }) =>
      stories.publish(requestId, draft, dueAt === undefined ? undefined : Date.parse(dueAt)),
    'stories:schedule-edit': ({ id, dueAt, caption }) =>
      stories.scheduleEdit(id, { ...(dueAt !== undefined && { dueAt: Date.parse(dueAt) }), ...(caption !== undefined && { caption }) }),
    'stories:schedule-duplicate': ({ id, requestId, dueAt }) => stories.scheduleDuplicate(id, requestId, Date.parse(dueAt)),
    'stories:broadcast': ({ requestId, draft, accountIds, dueAt }) =>
      stories.broadcast(requestId, draft, accountIds, dueAt === undefined ? undefined : Date.parse(dueAt)),
    'stories:cancel': ({ requestId }) => stories.cancel(requestId),
    'stories:limits': () => limits(),
    'stories:media-pick': async () => {
      if (!openDialog) throw new AppError('invalid-request', 'There is no file dialog here: choose the file in the page.')
      const path = await openDialog.chooseOpenPath({ title: 'Choose an image, a video or an audio file', filters: MEDIA_FILE_FILTERS })
      return path === null ? null : media.importFile(path)
    },
    'stories:media-import': ({ name, bytes }) => media.importBytes(bytes, name),
    'stories:media-import-url': ({ url }) => media.importUrl(url),
    'stories:media-get': ({ id }) => media.get(id),
    'stories:media-release': ({ id }) => media.release(id),
    'stories:draft-get': () => stories.draftGet(),
    'stories:draft-save': ({ accountId, ...draft }) => stories.draftSave(draft, accountId),
    'stories:draft-clear': () => stories.draftClear(),
    'stories:outbox-list': () => stories.outboxList(),
    'stories:outbox-act': ({ id, action }) => stories.outboxAct(id, action),
    'stories:history-list': () => stories.historyList(),
    'stories:feed': () => feed.state(),
    'stories:feed-sync': () => feed.sync(),
    'stories:feed-cancel': () => feed.cancel(),
    'stories:views': ({ id, refresh }) => feed.views(id, refresh),
    'stories:repost': async ({ requestId, id, contacts, exclude_contacts }) => {
      const story = (await feed.state()).stories.find((s) => s.id === id && s.fromMe && s.origin !== 'local')
      if (!story) throw new AppError('not-found', 'That story is not among the account’s stories: sync the Stories view first.')
      return stories.repost(requestId, story, {
        ...(contacts && contacts.length > 0 && { contacts }),
        ...(exclude_contacts && exclude_contacts.length > 0 && { exclude_contacts }),
      })
    },
    'stories:views-export': async ({ id }) => {
      const views = await feed.views(id, false)
      if (!views) throw new AppError('not-found', 'No viewers have been read for this story yet.')
      return deps.exportViews(views)
    },
    'stories:set-aside-list': () => stories.setAsideList(),
    'stories:set-aside-act': ({ id, action }) => stories.setAsideAct(id, action),
    'stories:contacts-search': ({ query, limit }) => contacts.search(query, limit),
  }
}
