import { copyFile, constants, mkdir, readdir, rename, rm } from 'node:fs/promises'
import { join } from 'node:path'
import { readJsonFile, writeJsonAtomic } from '../../../platform/files/json-file'
import { OutboxItemSchema, type OutboxItem } from './outbox-item'

export type LoadedItems = { items: OutboxItem[]; setAside: string[] }

/**
 * The outbox on disk: `<account dir>/outbox/<item id>/item.json` and, for a media story,
 * `<item id>/media`. An item exists once its item.json does; a folder without one is an
 * enqueue that never finished and is removed.
 */
export class OutboxFiles {
  readonly root: string

  constructor(accountDir: string) {
    this.root = join(accountDir, 'outbox')
  }

  itemDir(id: string): string {
    return join(this.root, id)
  }

  mediaPath(id: string): string {
    return join(this.root, id, 'media')
  }

  async prepare(id: string, mediaSource: string | null): Promise<void> {
    await mkdir(this.itemDir(id), { recursive: true, mode: 0o700 })
    // A copy-on-write clone where the file system has them; a plain copy otherwise.
    if (mediaSource !== null) await copyFile(mediaSource, this.mediaPath(id), constants.COPYFILE_FICLONE)
  }

  write(item: OutboxItem): Promise<void> {
    return writeJsonAtomic(join(this.itemDir(item.id), 'item.json'), item)
  }

  async remove(id: string): Promise<void> {
    await rm(this.itemDir(id), { recursive: true, force: true })
  }

  /**
   * Whether any item waits to go by itself (planned for later, or queued for the connection),
   * read without changing anything: a damaged or half-written item is left for the outbox's
   * own load to deal with.
   */
  async hasWaiting(): Promise<boolean> {
    const names = await readdir(this.root, { withFileTypes: true }).catch(() => [])
    for (const entry of names) {
      if (!entry.isDirectory() || entry.name.includes('.corrupt-')) continue
      const read = await readJsonFile(join(this.root, entry.name, 'item.json'), OutboxItemSchema).catch(() => null)
      if (read?.status === 'ok' && (read.value.state === 'scheduled' || read.value.state === 'queued')) return true
    }
    return false
  }

  async loadAll(now: Date): Promise<LoadedItems> {
    const names = await readdir(this.root, { withFileTypes: true }).catch(() => [])
    const items: OutboxItem[] = []
    const setAside: string[] = []
    for (const entry of names) {
      if (!entry.isDirectory() || entry.name.includes('.corrupt-')) continue
      const dir = join(this.root, entry.name)
      const read = await readJsonFile(join(dir, 'item.json'), OutboxItemSchema)
      if (read.status === 'missing') {
        await rm(dir, { recursive: true, force: true })
      } else if (read.status === 'corrupt' || read.value.id !== entry.name) {
        // Kept, not deleted: it may be a story the user still wants to recover by hand.
        const target = `${dir}.corrupt-${now.toISOString().replace(/[:.]/g, '-')}`
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
