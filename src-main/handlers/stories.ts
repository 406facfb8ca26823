import { AppError } from '@shared/errors'
import type { StoryLimits } from '@shared/story/limits'
import type { Handlers } from '../dispatch'
import type { MediaStore } from '../services/media/media-store'
import { MEDIA_FILE_FILTERS, type OpenDialogPort } from '../services/media/open-dialog'
import type { ContactsSearch } from '../services/stories/contacts-search'
import type { StoriesService } from '../services/stories/stories-service'

type StoriesChannel = Extract<keyof Handlers, `stories:${string}`>

export interface StoriesHandlerDeps {
  stories: StoriesService
  media: MediaStore
  contacts: ContactsSearch
  limits: () => StoryLimits
  /** The desktop's open dialog; null in web mode, where the page uploads the file instead. */
  openDialog: OpenDialogPort | null
}

export function storiesHandlers(deps: StoriesHandlerDeps): Pick<Handlers, StoriesChannel> {
  const { stories, media, contacts, limits, openDialog } = deps
  return {
    'stories:publish': ({ requestId, draft }) => stories.publish(requestId, draft),
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
    'stories:set-aside-list': () => stories.setAsideList(),
    'stories:set-aside-act': ({ id, action }) => stories.setAsideAct(id, action),
    'stories:contacts-search': ({ query, limit }) => contacts.search(query, limit),
  }
}
