export interface OwnFilesOptions {
  /** Fetches a file main serves; null when it cannot be had. */
  load(path: string): Promise<Blob | null>
  /** Unused files kept for a quick return (a row scrolled out and back), by count and bytes. */
  maxIdle?: number
  maxIdleBytes?: number
  createUrl?: (blob: Blob) => string
  revokeUrl?: (url: string) => void
}

interface Entry {
  ready: Promise<string | null>
  url: string | null
  size: number
  users: number
}

/**
 * Files main serves (group pictures, granted media) turned into blob: URLs, because in web
 * mode they need the secret header, which <img> and <video> cannot send. Each URL is shared
 * by its users and revoked once unused and pushed out of a small idle cache, so scrolling
 * 50,000 groups holds only what is on screen plus that cache.
 */
export class OwnFiles {
  private readonly entries = new Map<string, Entry>()
  /** Unused entries, oldest first. */
  private readonly idle = new Map<string, Entry>()
  private idleBytes = 0
  private readonly maxIdle: number
  private readonly maxIdleBytes: number
  private readonly createUrl: (blob: Blob) => string
  private readonly revokeUrl: (url: string) => void

  constructor(private readonly options: OwnFilesOptions) {
    this.maxIdle = options.maxIdle ?? 200
    this.maxIdleBytes = options.maxIdleBytes ?? 32 * 1024 * 1024
    this.createUrl = options.createUrl ?? ((blob) => URL.createObjectURL(blob))
    this.revokeUrl = options.revokeUrl ?? ((url) => URL.revokeObjectURL(url))
  }

  /** A blob: URL for `path` (null when it cannot be loaded); call `release` when done with it. */
  acquire(path: string): Promise<string | null> {
    let entry = this.entries.get(path)
    if (entry && this.idle.delete(path)) this.idleBytes -= entry.size
    if (!entry) {
      const created: Entry = { ready: Promise.resolve(null), url: null, size: 0, users: 0 }
      created.ready = this.options.load(path).then(
        (blob) => {
          if (!blob || this.entries.get(path) !== created) return null
          created.url = this.createUrl(blob)
          created.size = blob.size
          return created.url
        },
        () => null,
      )
      this.entries.set(path, created)
      entry = created
    }
    entry.users += 1
    return entry.ready
  }

  release(path: string): void {
    const entry = this.entries.get(path)
    if (!entry || entry.users === 0) return
    entry.users -= 1
    if (entry.users > 0) return
    void entry.ready.then(() => {
      if (entry.users === 0 && this.entries.get(path) === entry) this.park(path, entry)
    })
  }

  /** How many files have a live blob: URL (in use or idle). */
  get size(): number {
    let count = 0
    for (const entry of this.entries.values()) if (entry.url) count += 1
    return count
  }

  /** Keeps an unused file for a while; a failed one is forgotten, so the next user tries again. */
  private park(path: string, entry: Entry): void {
    if (entry.url === null) return this.drop(path, entry)
    if (this.idle.has(path)) return
    this.idle.set(path, entry)
    this.idleBytes += entry.size
    for (const [oldPath, old] of this.idle) {
      if (this.idle.size <= this.maxIdle && this.idleBytes <= this.maxIdleBytes) break
      this.drop(oldPath, old)
    }
  }

  private drop(path: string, entry: Entry): void {
    if (this.idle.delete(path)) this.idleBytes -= entry.size
    this.entries.delete(path)
    if (entry.url) this.revokeUrl(entry.url)
  }
}
