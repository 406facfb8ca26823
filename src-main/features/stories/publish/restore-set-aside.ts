import type { SetAsideItem } from '@shared/channels/stories'
import { AppError } from '@shared/errors'
import { StoryDraftSchema } from '@shared/story/draft'
import { HistoryEntrySchema, type HistoryEntry } from '@shared/story/records'
import { readFile, rename, rm } from 'node:fs/promises'
import { basename, dirname, join } from 'node:path'
import type { DraftStore } from '../drafts/draft-store'
import type { HistoryStore } from '../history/history-store'
import type { Outbox } from '../outbox/outbox'
import { OutboxItemSchema } from '../outbox/outbox-item'
import type { SetAsideFiles } from '../set-aside/set-aside-files'

/** A set-aside file larger than this is not a history, draft or story the app wrote. */
const MAX_RESTORE_BYTES = 16 * 1024 * 1024

export interface RestoreTargets {
  history: HistoryStore
  drafts: DraftStore
  outbox: Outbox
  setAside: SetAsideFiles
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

/** Each entry on its own: one damaged story costs only itself. */
function historyEntries(json: unknown): HistoryEntry[] {
  const list = (json as { entries?: unknown } | null)?.entries ?? json
  if (!Array.isArray(list)) return []
  return list.flatMap((item) => {
    const parsed = HistoryEntrySchema.safeParse(item)
    return parsed.success ? [parsed.data] : []
  })
}

/**
 * Puts back what can still be read of a set-aside file, then removes it: the history's
 * readable entries join the current history, a readable draft becomes the draft (when
 * none is being written), an outbox story comes back as "unknown" for the user to decide.
 */
export async function restoreSetAside(item: SetAsideItem, targets: RestoreTargets): Promise<void> {
  if (!item.restorable) throw new AppError('invalid-argument', 'The groups cache is downloaded again at the next sync; it can only be discarded.')
  const path = targets.setAside.pathOf(item)
  const json = await readJson(targets.setAside.jsonPathOf(item))
  switch (item.kind) {
    case 'history': {
      const entries = historyEntries(json)
      if (entries.length === 0) throw unreadable('no published story in it is complete')
      await targets.history.merge(entries)
      await rm(path, { force: true })
      return
    }
    case 'draft': {
      const parsed = StoryDraftSchema.safeParse(json)
      if (!parsed.success) throw unreadable('it is not a complete draft')
      if ((await targets.drafts.load()) !== null) {
        throw new AppError('conflict', 'A draft is being written in the composer. Publish or clear it first, then restore this one.')
      }
      await targets.drafts.save(parsed.data)
      await rm(path, { force: true })
      return
    }
    case 'outbox': {
      const parsed = OutboxItemSchema.safeParse(json)
      if (!parsed.success) throw unreadable('it is not a complete story')
      // Its folder name is its id; a folder renamed by hand gets its name back.
      const id = basename(path).replace(/\.corrupt-.*$/, '')
      if (targets.outbox.has(id)) throw new AppError('conflict', 'A story with the same id is in the outbox already.')
      const target = join(dirname(path), id)
      await rename(path, target)
      await targets.outbox.restore({ ...parsed.data, id })
      return
    }
    case 'groups-cache':
      return
  }
}
