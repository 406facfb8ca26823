import { copyFile, constants, mkdir, readdir, rename, rm } from 'node:fs/promises'
import { join } from 'node:path'
import { ACCOUNT_FILES } from '../../../../account/files/account-files'
import { readJsonFile, setAsideStamp, writeJsonAtomic } from '../../../../platform/files/json-file'
import { OutboxItemSchema, type OutboxItem } from '../../../../account/files/formats/outbox-item'

export type LoadedItems = { items: OutboxItem[]; setAside: string[] }

const ITEM_FILE = 'item.json'
const MEDIA_FILE = 'media'
/** An item's folder renamed aside on its way out: `<id>.gone-<pid>-<ms>`. */
const GONE = '.gone-'
/** Bounds a folder someone filled with entries. */
const MAX_ITEMS = 10_000

/**
 * The outbox on disk (declared in account-files.ts): `<account dir>/outbox/<item id>/item.json`
 * and, for a media story, `<item id>/media`. An item exists once its item.json does; a folder
 * without one is an enqueue that never finished and is removed.
 */
export class OutboxFiles {
  readonly root: string

  constructor(accountDir: string) {
    this.root = join(accountDir, ACCOUNT_FILES.outbox.path)
  }

  itemDir(id: string): string {
    return join(this.root, id)
  }

  mediaPath(id: string): string {
    return join(this.root, id, MEDIA_FILE)
  }

  async prepare(id: string, mediaSource: string | null): Promise<void> {
    await mkdir(this.itemDir(id), { recursive: true, mode: 0o700 })
    // A copy-on-write clone where the file system has them; a plain copy otherwise.
    if (mediaSource !== null) await copyFile(mediaSource, this.mediaPath(id), constants.COPYFILE_FICLONE)
  }

  write(item: OutboxItem): Promise<void> {
    return writeJsonAtomic(join(this.itemDir(item.id), ITEM_FILE), item, OutboxItemSchema)
  }

  /**
   * Takes the item's folder away: renamed aside in one step first (a folder that cannot be
   * renamed leaves the item as it was, and the caller is told), then deleted. A folder left
   * aside by a crash between the two is deleted at the next load.
   */
  async remove(id: string): Promise<void> {
    const aside = join(this.root, `${id}${GONE}${process.pid}-${Date.now()}`)
    try {
      await rename(this.itemDir(id), aside)
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return
      throw error
    }
    await rm(aside, { recursive: true, force: true }).catch(() => {})
  }

  async loadAll(now: Date): Promise<LoadedItems> {
    // No folder (none yet, or a file in its place) is an empty outbox; a folder that cannot be read is said, never taken for an empty one.
    const names = await readdir(this.root, { withFileTypes: true }).catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT' || error.code === 'ENOTDIR') return []
      throw error
    })
    const items: OutboxItem[] = []
    const setAside: string[] = []
    for (const entry of names.slice(0, MAX_ITEMS)) {
      if (!entry.isDirectory() || entry.name.includes('.corrupt-')) continue
      const dir = join(this.root, entry.name)
      if (entry.name.includes(GONE)) {
        // An item taken away, its folder not deleted yet when the app stopped.
        await rm(dir, { recursive: true, force: true }).catch(() => {})
        continue
      }
      const read = await readJsonFile(join(dir, ITEM_FILE), OutboxItemSchema)
      if (read.status === 'missing') {
        await rm(dir, { recursive: true, force: true })
      } else if (read.status === 'corrupt' || read.value.id !== entry.name) {
        // Kept, not deleted: it may be a story the user still wants to recover by hand.
        const target = `${dir}.corrupt-${setAsideStamp(now)}`
        await rename(dir, target)
        setAside.push(target)
      } else {
        items.push(read.value)
      }
    }
    items.sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.id.localeCompare(b.id))
    return { items, setAside }
  }
}
