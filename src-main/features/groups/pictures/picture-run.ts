import { DialNotPlanned } from '../../../platform/net/planned-dial'
import { BodyBuffer } from './body-buffer'
import { PictureDownloadError, type Fetched } from './download'
import type { PictureFolder, WorkItem } from './picture-folder'
import { OFFLINE_AFTER, type ChunkReply } from './picture-protocol'

/**
 * The manifest is saved at most this often while pictures download, so a crash keeps most
 * of the work. By time, not by count: each save appends the entries stored since the one
 * before and flushes them to the disk (see PictureManifest), a few hundred at a time.
 */
const SAVE_EVERY_MS = 5_000
/**
 * And no sooner than this many times as long as the last save took: a save that wrote the
 * file whole again (now and then, as its lines outnumber its entries) takes longer, and a
 * slow disk does not take more of the run's time for it.
 */
const SAVE_SPACING = 200
/**
 * Bodies being stored (checked, hashed, written) while the lanes that read them have
 * started their next download: a lane does not wait for the disk.
 */
const STORING_AHEAD = 2

/** A fixed set of things handed out in turn (first asked, first served), or null to all once closed. */
class Pool<T> {
  readonly #free: T[]
  readonly #waiting: ((thing: T | null) => void)[] = []
  #closed = false

  constructor(things: T[]) {
    this.#free = things
  }

  take(): Promise<T | null> {
    if (this.#closed) return Promise.resolve(null)
    const free = this.#free.pop()
    if (free !== undefined) return Promise.resolve(free)
    return new Promise((resolve) => this.#waiting.push(resolve))
  }

  give(thing: T): void {
    const next = this.#waiting.shift()
    if (next) next(thing)
    else this.#free.push(thing)
  }

  close(): void {
    this.#closed = true
    for (const wake of this.#waiting.splice(0)) wake(null)
  }
}

/**
 * One sync's thumbnails on the picture worker: the list the plan made, fetched a chunk at a
 * time as main asks (with its decisions for the chunk's origins). At most `lanes`
 * downloads are on their way at once, each reading into a body buffer of a fixed set
 * (`lanes` + STORING_AHEAD of them, kept from one download to the next). It stops early
 * when the host cannot be reached (too many network failures in a row) or main cancels
 * it: downloads on their way are aborted (their sockets let go), the rest never start.
 */
export class PictureRun {
  readonly #folder: PictureFolder
  /** Each item is let go once handed out: a big account's list is tens of thousands long. */
  readonly #work: (WorkItem | undefined)[]
  readonly #stop = new AbortController()
  readonly #lanes: Pool<true>
  readonly #buffers: Pool<BodyBuffer>
  #networkFailures = 0
  #stoppedOffline = false
  #savedAt = performance.now()
  #lastSaveMs = 0

  constructor(folder: PictureFolder, work: WorkItem[], lanes: number) {
    this.#folder = folder
    this.#work = work
    const count = Math.max(1, Math.floor(lanes) || 1)
    this.#lanes = new Pool(Array.from({ length: count }, () => true as const))
    this.#buffers = new Pool(Array.from({ length: count + STORING_AHEAD }, () => new BodyBuffer()))
  }

  /** Stops the run: what is on its way is aborted, nothing more starts. */
  cancel(): void {
    this.#stop.abort()
    this.#lanes.close()
    this.#buffers.close()
  }

  /** Fetches the run's pictures `from` to `to`; answers once each is stored, failed or given up. */
  async chunk(from: number, to: number): Promise<ChunkReply> {
    const reply: ChunkReply = { stored: [], downloaded: 0, unchanged: 0, failed: 0, viaMain: [], stoppedOffline: false }
    const end = Math.min(Math.max(0, Math.floor(to)), this.#work.length)
    const pictures: Promise<void>[] = []
    for (let at = Math.max(0, Math.floor(from)); at < end; at++) {
      const item = this.#work[at]
      // A chunk asked twice fetches nothing twice.
      if (!item) continue
      this.#work[at] = undefined
      pictures.push(this.#picture(item, reply))
    }
    await Promise.all(pictures)
    this.#saveNow()
    reply.stoppedOffline = this.#stoppedOffline
    return reply
  }

  #saveNow(): void {
    const since = performance.now() - this.#savedAt
    if (since < SAVE_EVERY_MS || since < this.#lastSaveMs * SAVE_SPACING) return
    const started = (this.#savedAt = performance.now())
    void this.#folder.save().then(() => (this.#lastSaveMs = performance.now() - started))
  }

  async #picture(item: WorkItem, reply: ChunkReply): Promise<void> {
    const lane = await this.#lanes.take()
    if (lane === null) return
    const buffer = await this.#buffers.take()
    if (buffer === null) return
    let laneHeld = true
    try {
      const got = await this.#download(item, buffer, reply)
      // The next download starts now, while this one's bytes are stored.
      this.#lanes.give(lane)
      laneHeld = false
      if (got) await this.#store(item, got, reply)
    } finally {
      if (laneHeld) this.#lanes.give(lane)
      this.#buffers.give(buffer)
    }
  }

  async #download(item: WorkItem, buffer: BodyBuffer, reply: ChunkReply): Promise<Fetched | null> {
    const { signal } = this.#stop
    try {
      const got = await this.#folder.download('thumbs', item, { signal, buffer })
      this.#networkFailures = 0
      return got
    } catch (error) {
      if (signal.aborted) return null
      if (error instanceof DialNotPlanned) reply.viaMain.push({ id: item.id, url: item.url, etag: item.previous?.etag ?? null })
      else this.#failed(error, reply)
      return null
    }
  }

  async #store(item: WorkItem, got: Fetched, reply: ChunkReply): Promise<void> {
    try {
      const entry = await this.#folder.storeFetched('thumbs', item, got)
      this.#folder.record('thumbs', item.id, entry)
      reply.stored.push(item.id, entry.file)
      if (got.status === 'downloaded') reply.downloaded++
      else reply.unchanged++
    } catch (error) {
      this.#failed(error, reply)
    }
  }

  #failed(error: unknown, reply: ChunkReply): void {
    reply.failed++
    if (error instanceof PictureDownloadError && error.network && ++this.#networkFailures >= OFFLINE_AFTER) {
      this.#stoppedOffline = true
      this.cancel()
    }
  }
}
