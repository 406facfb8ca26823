import type { Handlers } from './dispatch'
import type { DraftsService } from '../features/stories/drafts/drafts-service'
import type { AudienceStore } from '../features/stories/library/audiences'
import { csvColumns, csvContacts } from '../features/stories/library/csv-audience'
import type { StyleStore } from '../features/stories/library/styles'

type LibraryChannel = Extract<keyof Handlers, `audiences:${string}` | `styles:${string}` | `drafts:${string}`>

export interface LibraryHandlerDeps {
  audiences: AudienceStore
  styles: StyleStore
  drafts: DraftsService
}

export function libraryHandlers({ audiences, styles, drafts }: LibraryHandlerDeps): Pick<Handlers, LibraryChannel> {
  return {
    'audiences:list': () => audiences.list(),
    'audiences:save': ({ id, name, contacts }) => audiences.save({ id, name, contacts }),
    'audiences:delete': ({ id }) => audiences.delete(id),
    'audiences:csv-columns': ({ text }) => csvColumns(text),
    'audiences:csv-import': async ({ text, column, name }) => {
      const { contacts, duplicates, badRows } = csvContacts(text, column)
      const list = await audiences.save({ name, contacts })
      const audience = list.find((item) => item.name.toLowerCase() === name.trim().toLowerCase())!
      return { audience, audiences: list, imported: contacts.length, duplicates, badRows }
    },
    'styles:list': () => styles.list(),
    'styles:save': (style) => styles.save(style),
    'styles:delete': ({ id }) => styles.delete(id),
    'drafts:list': ({ accountId }) => drafts.savedList(accountId),
    'drafts:save': ({ accountId, id, draft }) => drafts.savedSave(accountId, draft, id),
    'drafts:delete': ({ accountId, id }) => drafts.savedDelete(accountId, id),
  }
}
