import type { SetAsideItem, SetAsideKind } from '@shared/channels/stories'
import { AppError } from '@shared/errors'
import { open, readdir, rm, stat } from 'node:fs/promises'
import { join } from 'node:path'

/** Where each kind is set aside inside an account folder, and how its name looks. */
const PLACES: { kind: SetAsideKind; folder: string; pattern: RegExp; restorable: boolean }[] = [
  { kind: 'history', folder: '', pattern: /^history\.json\.corrupt-[\w-]+$/, restorable: true },
  { kind: 'groups-cache', folder: '', pattern: /^groups\.snapshot\.unreadable-[\w-]+$/, restorable: false },
  { kind: 'draft', folder: 'drafts', pattern: /^composer\.json\.corrupt-[\w-]+$/, restorable: true },
  { kind: 'outbox', folder: 'outbox', pattern: /^[A-Za-z0-9_-]{8,64}\.corrupt-[\w-]+$/, restorable: true },
]
const PREVIEW_BYTES = 2_000
/** Bounds a listing of a folder someone filled with entries. */
const MAX_LISTED = 200

/** When it was set aside, from the stamp in its name (`...-2025-03-01T10-20-30-123Z`); the file's time otherwise. */
function stampOf(name: string, fallback: Date): string {
  const match = /(\d{4}-\d{2}-\d{2})T(\d{2})-(\d{2})-(\d{2})-(\d{3})Z/.exec(name)
  if (!match) return fallback.toISOString()
  const at = new Date(`${match[1]}T${match[2]}:${match[3]}:${match[4]}.${match[5]}Z`)
  return Number.isNaN(at.getTime()) ? fallback.toISOString() : at.toISOString()
}

async function head(path: string): Promise<string> {
  const handle = await open(path, 'r')
  try {
    const buffer = Buffer.alloc(PREVIEW_BYTES)
    const { bytesRead } = await handle.read(buffer, 0, PREVIEW_BYTES, 0)
    return buffer.subarray(0, bytesRead).toString('utf8').replace(/\uFFFD/g, '?')
  } finally {
    await handle.close()
  }
}

/**
 * The set-aside files of one account folder: listed for the user to look at, read back for
 * a restore, deleted on a discard. Only names the app itself gives are ever touched.
 */
export class SetAsideFiles {
  readonly #dir: string

  constructor(accountDir: string) {
    this.#dir = accountDir
  }

  async list(): Promise<SetAsideItem[]> {
    const found: SetAsideItem[] = []
    for (const place of PLACES) {
      const folder = join(this.#dir, place.folder)
      const names = await readdir(folder).catch(() => [] as string[])
      for (const name of names.filter((n) => place.pattern.test(n)).slice(0, MAX_LISTED)) {
        const id = place.folder ? `${place.folder}/${name}` : name
        try {
          found.push(await this.#describe(id, place.kind, place.restorable))
        } catch {
          // Gone between the listing and the look: nothing to show.
        }
      }
    }
    return found.sort((a, b) => b.at.localeCompare(a.at))
  }

  /** The item by its id, only if it is one the listing gives. */
  async find(id: string): Promise<SetAsideItem> {
    const item = (await this.list()).find((candidate) => candidate.id === id)
    if (!item) throw new AppError('not-found', 'That set-aside file is no longer there.')
    return item
  }

  /** Where the item is on disk: the file, or for an outbox story its folder. */
  pathOf(item: SetAsideItem): string {
    return join(this.#dir, ...item.id.split('/'))
  }

  /** The JSON text to restore from: the file, or an outbox story's item.json. */
  jsonPathOf(item: SetAsideItem): string {
    return item.kind === 'outbox' ? join(this.pathOf(item), 'item.json') : this.pathOf(item)
  }

  async discard(item: SetAsideItem): Promise<void> {
    await rm(this.pathOf(item), { recursive: true, force: true })
  }

  async #describe(id: string, kind: SetAsideKind, restorable: boolean): Promise<SetAsideItem> {
    const path = join(this.#dir, ...id.split('/'))
    const info = await stat(path)
    const textPath = kind === 'outbox' ? join(path, 'item.json') : path
    const [bytes, preview] = info.isDirectory()
      ? await stat(textPath).then(
          async (file) => [file.size, await head(textPath)] as const,
          () => [0, ''] as const,
        )
      : [info.size, await head(path)]
    return { id, kind, at: stampOf(id, info.mtime), bytes, preview, restorable }
  }
}
