import { AppError } from '@shared/errors'
import { userText } from '@shared/i18n/user-text'
import { StoryDraftSchema } from '@shared/story/draft'
import { AudienceSchema, SavedDraftSchema, StoryStyleSchema } from '@shared/story/library'
import { HistoryEntrySchema } from '@shared/story/records'
import { rename, rm } from 'node:fs/promises'
import { basename, dirname, join } from 'node:path'
import type { z } from 'zod'
import { OutboxItemSchema } from '../../../account/files/formats/outbox-item'
import type { SetAsideCopy } from '../../../account/files/file-root'
import { FileTooLarge, readPlainFile } from '../../../platform/files/plain-file'
import type { DraftStore } from '../drafts/draft-store'
import type { SavedDrafts } from '../drafts/saved-drafts'
import type { HistoryStore } from '../history/history-store'
import type { AudienceStore } from '../library/audiences'
import type { StyleStore } from '../library/styles'
import type { Outbox } from '../outbox/outbox'

/** A set-aside file larger than this is not a file the app wrote. */
const MAX_RESTORE_BYTES = 16 * 1024 * 1024

/** Where what is read back goes: the account's (for its own copies) or the app's lists. */
export interface RestoreTargets {
  history?: HistoryStore
  drafts?: DraftStore
  savedDrafts?: SavedDrafts
  outbox?: Outbox
  audiences?: AudienceStore
  styles?: StyleStore
}

/** Why nothing could be restored, kept in details for a report; the user reads one of three sentences. */
type Unreadable = 'cannot-open' | 'too-large' | 'not-json' | 'incomplete'

function unreadable(reason: Unreadable): AppError {
  const text =
    reason === 'cannot-open'
      ? userText('storyErrors.setAside.cannotOpen')
      : reason === 'incomplete'
        ? userText('storyErrors.setAside.nothingComplete')
        : userText('storyErrors.setAside.notReadable')
  return new AppError('invalid-argument', text, { reason })
}

async function readJson(path: string): Promise<unknown> {
  let text: string
  try {
    // A plain file only, never followed through a link, and sized before it is read.
    text = (await readPlainFile(path, MAX_RESTORE_BYTES)).toString('utf8')
  } catch (error) {
    // Far larger than anything the app writes.
    if (error instanceof FileTooLarge) throw unreadable('too-large')
    throw unreadable('cannot-open')
  }
  try {
    return JSON.parse(text)
  } catch {
    throw unreadable('not-json')
  }
}

/** Each entry on its own: one damaged entry costs only itself. */
function readable<T>(json: unknown, key: 'entries' | 'items', schema: z.ZodType<T>): T[] {
  const list = (json as Record<string, unknown> | null)?.[key] ?? json
  if (!Array.isArray(list)) return []
  return list.flatMap((item) => {
    const parsed = schema.safeParse(item)
    return parsed.success ? [parsed.data] : []
  })
}

function target<T>(value: T | undefined): T {
  if (value === undefined) throw new AppError('not-found', userText('storyErrors.setAside.gone'))
  return value
}

/**
 * Puts back what can still be read of a set-aside copy, then removes it: a history's or a
 * list's readable entries join the current ones, a readable draft becomes the draft (when none
 * is being written), an outbox story comes back as "unknown" for the user to decide. Caches
 * are read again from the server, so they can only be discarded.
 */
export async function restoreSetAside(copy: SetAsideCopy, targets: RestoreTargets): Promise<void> {
  if (!copy.restorable) throw cacheOnly()
  const json = await readJson(copy.jsonPath)
  switch (copy.kind) {
    case 'history': {
      const entries = readable(json, 'entries', HistoryEntrySchema)
      if (entries.length === 0) throw unreadable('incomplete')
      await target(targets.history).merge(entries)
      break
    }
    case 'draft': {
      const parsed = StoryDraftSchema.safeParse(json)
      if (!parsed.success) throw unreadable('incomplete')
      const drafts = target(targets.drafts)
      if ((await drafts.load()) !== null) {
        throw new AppError('conflict', userText('storyErrors.setAside.draftInComposer'))
      }
      await drafts.save(parsed.data)
      break
    }
    case 'saved-drafts': {
      const drafts = readable(json, 'items', SavedDraftSchema)
      if (drafts.length === 0) throw unreadable('incomplete')
      const saved = target(targets.savedDrafts)
      for (const item of drafts) await saved.save(item.draft)
      break
    }
    case 'audiences': {
      const audiences = readable(json, 'items', AudienceSchema)
      if (audiences.length === 0) throw unreadable('incomplete')
      for (const item of audiences) await target(targets.audiences).save({ name: item.name, contacts: item.contacts })
      break
    }
    case 'styles': {
      const styles = readable(json, 'items', StoryStyleSchema)
      if (styles.length === 0) throw unreadable('incomplete')
      for (const { id: _id, updatedAt: _at, ...style } of styles) await target(targets.styles).save(style)
      break
    }
    case 'outbox': {
      const parsed = OutboxItemSchema.safeParse(json)
      if (!parsed.success) throw unreadable('incomplete')
      const outbox = target(targets.outbox)
      // Its folder name is its id; a folder renamed by hand gets its name back.
      const id = basename(copy.path).replace(/\.corrupt-.*$/, '')
      if (outbox.has(id)) throw new AppError('conflict', userText('storyErrors.setAside.sameId'))
      await rename(copy.path, join(dirname(copy.path), id))
      await outbox.restore({ ...parsed.data, id })
      return
    }
    default:
      throw cacheOnly()
  }
  await rm(copy.path, { force: true })
}

/** Caches are read again from the server: there is nothing to restore. */
function cacheOnly(): AppError {
  return new AppError('invalid-argument', userText('storyErrors.setAside.cacheOnly'))
}
