import { copyFile, constants, mkdir, readdir, rename, rm } from 'node:fs/promises'
import { join } from 'node:path'
import { ACCOUNT_FILES } from '../../../../account/files/account-files'
import { readJsonFile, setAsideStamp, writeJsonAtomic } from '../../../../platform/files/json-file'
import { OutboxItemSchema, type OutboxItem } from '../../../../account/files/formats/outbox-item'

export type LoadedItems = { items: OutboxItem[]; setAside: string[] }

const ITEM_FILE = 'item.json'
const MEDIA_FILE = 'media'
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

  async remove(id: string): Promise<void> {
    await rm(this.itemDir(id), { recursive: true, force: true })
  }

  async loadAll(now: Date): Promise<LoadedItems> {
    const names = await readdir(this.root, { withFileTypes: true }).catch(() => [])
    const items: OutboxItem[] = []
    const setAside: string[] = []
    for (const entry of names.slice(0, MAX_ITEMS)) {
      if (!entry.isDirectory() || entry.name.includes('.corrupt-')) continue
      const dir = join(this.root, entry.name)
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
