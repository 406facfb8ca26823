import { AppError } from '@shared/errors'
import { StoryDraftSchema } from '@shared/story/draft'
import { AudienceSchema, SavedDraftSchema, StoryStyleSchema } from '@shared/story/library'
import { HistoryEntrySchema } from '@shared/story/records'
import { readFile, rename, rm } from 'node:fs/promises'
import { basename, dirname, join } from 'node:path'
import type { z } from 'zod'
import { OutboxItemSchema } from '../../../account/files/formats/outbox-item'
import type { SetAsideCopy } from '../../../account/files/file-root'
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

function unreadable(reason: string): AppError {
  return new AppError('invalid-argument', `Nothing in this file can be read back (${reason}). You can discard it.`)
}

async function readJson(path: string): Promise<unknown> {
  let text: string
  try {
    text = await readFile(path, 'utf8')
  } catch {
    throw unreadable('the file cannot be opened')
  }
  if (text.length > MAX_RESTORE_BYTES) throw unreadable('it is far larger than anything the app writes')
  try {
    return JSON.parse(text)
  } catch {
    throw unreadable('it is not JSON')
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
  if (value === undefined) throw new AppError('not-found', 'That set-aside file is no longer there.')
  return value
}

const CACHE_ONLY = 'This is read again from the server; it can only be discarded.'

/**
 * Puts back what can still be read of a set-aside copy, then removes it: a history's or a
 * list's readable entries join the current ones, a readable draft becomes the draft (when none
 * is being written), an outbox story comes back as "unknown" for the user to decide. Caches
 * are read again from the server, so they can only be discarded.
 */
export async function restoreSetAside(copy: SetAsideCopy, targets: RestoreTargets): Promise<void> {
  if (!copy.restorable) throw new AppError('invalid-argument', CACHE_ONLY)
  const json = await readJson(copy.jsonPath)
  switch (copy.kind) {
    case 'history': {
      const entries = readable(json, 'entries', HistoryEntrySchema)
      if (entries.length === 0) throw unreadable('no published story in it is complete')
      await target(targets.history).merge(entries)
      break
    }
    case 'draft': {
      const parsed = StoryDraftSchema.safeParse(json)
      if (!parsed.success) throw unreadable('it is not a complete draft')
      const drafts = target(targets.drafts)
      if ((await drafts.load()) !== null) {
        throw new AppError('conflict', 'A draft is being written in the composer. Publish or clear it first, then restore this one.')
      }
      await drafts.save(parsed.data)
      break
    }
    case 'saved-drafts': {
      const drafts = readable(json, 'items', SavedDraftSchema)
      if (drafts.length === 0) throw unreadable('no saved draft in it is complete')
      const saved = target(targets.savedDrafts)
      for (const item of drafts) await saved.save(item.draft)
      break
    }
    case 'audiences': {
      const audiences = readable(json, 'items', AudienceSchema)
      if (audiences.length === 0) throw unreadable('no audience in it is complete')
      for (const item of audiences) await target(targets.audiences).save({ name: item.name, contacts: item.contacts })
      break
    }
    case 'styles': {
      const styles = readable(json, 'items', StoryStyleSchema)
      if (styles.length === 0) throw unreadable('no style in it is complete')
      for (const { id: _id, updatedAt: _at, ...style } of styles) await target(targets.styles).save(style)
      break
    }
    case 'outbox': {
      const parsed = OutboxItemSchema.safeParse(json)
      if (!parsed.success) throw unreadable('it is not a complete story')
      const outbox = target(targets.outbox)
      // Its folder name is its id; a folder renamed by hand gets its name back.
      const id = basename(copy.path).replace(/\.corrupt-.*$/, '')
      if (outbox.has(id)) throw new AppError('conflict', 'A story with the same id is in the outbox already.')
      await rename(copy.path, join(dirname(copy.path), id))
      await outbox.restore({ ...parsed.data, id })
      return
    }
    default:
      throw new AppError('invalid-argument', CACHE_ONLY)
  }
  await rm(copy.path, { force: true })
}
