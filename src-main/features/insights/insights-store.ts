import { type InsightRecord, type InsightsLiveFile, MAX_LIVE_STORIES } from '../../account/files/formats/insights-files'
import type { AccountDocument } from '../../account/files/shared-documents'
import type { FilePort } from '../../platform/files/fs-port'
import type { Logger } from '../../platform/log/log'
import { encodeArchive } from './archive-file'
import { FileArchive, type ArchiveSource } from './archive-source'
import { columnsOf, reachAt, selectColumns, textAt, type StoryColumns } from './story-columns'

const DAY_MS = 24 * 3600_000

/**
 * What the archive holds at most, whatever the retention: two years of twenty-odd stories a
 * day, and sixteen megabytes of views. Past either, the oldest stories go first.
 */
export const ARCHIVE_LIMITS = { stories: 20_000, views: 8_000_000 }
/** An expired story stays with the live ones this long after it was posted, so moving it into the archive is one write a day, not one per story. */
export const KEEP_LIVE_MS = 2 * DAY_MS
/** Stories taken in from the account's folder are kept this far back; the next settling applies the retention set in Settings. */
const ADOPT_RETENTION_DAYS = 3650

export interface InsightsStoreOptions {
  accountId: string
  /** `insights/live.json`: the file, or the row the engines on one database share. */
  live: AccountDocument<InsightsLiveFile>
  /** Where the archive is kept when not in its file at `archivePath` (a row the engines on one database share). */
  archive?: ArchiveSource
  archivePath: string
  log: Logger
  now: () => number
  /** The archive could not be read and was set aside as `path`. */
  onSetAside: (path: string) => void
  files?: FilePort
  /** Default ARCHIVE_LIMITS. */
  limits?: { stories: number; views: number }
}

/**
 * The account's stories as the figures read them: the archive's, then the live ones not
 * already in it, each oldest first. Stories posted before `cutoff` (past the retention, not
 * yet let go) are skipped by whoever reads them, so nothing is copied to leave them out.
 */
export interface StorySets {
  cutoff: number
  parts: StoryColumns[]
}

/** What moving stories into the archive did: stories moved, let go, and left in the archive. */
type Settled = { moved: number; dropped: number; stories: number }

const EMPTY_LIVE: InsightsLiveFile = { version: 1, listedAt: null, stories: [] }

/**
 * One account's insights on disk: the stories still followed in `insights/live.json` (small,
 * written after each round of samples) and the expired ones in the archive
 * (`insights/stories.columns`, rewritten when stories move into it, at most about once a day).
 * Both live in the account's folder, so they go with it; on agents sharing a PostgreSQL server,
 * in the account's rows there instead (archive-source.ts), so every agent reads the same. The
 * archive keeps only the retention's days and stays within ARCHIVE_LIMITS; one that cannot be
 * read is set aside.
 */
export class InsightsStore {
  readonly #opts: InsightsStoreOptions
  readonly #archive: ArchiveSource
  #queue: Promise<unknown> = Promise.resolve()
  /** Settles once the stories kept in the account's folder were taken in (adopt). */
  #adopted: Promise<void> = Promise.resolve()

  constructor(options: InsightsStoreOptions) {
    this.#opts = options
    this.#archive =
      options.archive ??
      new FileArchive({
        accountId: options.accountId,
        path: options.archivePath,
        log: options.log,
        now: options.now,
        onSetAside: options.onSetAside,
        ...(options.files && { files: options.files }),
      })
  }

  async readLive(): Promise<InsightsLiveFile> {
    await this.#adopted
    return this.#readLive()
  }

  /** One change of the live stories at a time; a change answering undefined writes nothing. */
  async updateLive(change: (file: InsightsLiveFile) => InsightsLiveFile | undefined): Promise<InsightsLiveFile> {
    await this.#adopted
    return this.#updateLive(change)
  }

  /**
   * Takes in the stories this account kept in its folder before its insights were shared (an
   * agent that ran on its PostgreSQL server before): merged by story id as a hand-over is, then
   * `remove` takes the files away. Every read and change waits for it; one that fails is logged
   * and left for the next start.
   */
  adopt(local: () => Promise<{ archive: StoryColumns; live: InsightsLiveFile } | null>, remove: () => Promise<void>): Promise<void> {
    this.#adopted = this.#serial(async () => {
      const given = await local()
      if (given === null) return
      const { added } = await this.#mergeIn(given, ADOPT_RETENTION_DAYS)
      await remove()
      if (added > 0)
        this.#opts.log.info('insights moved from the account folder to the database', { accountId: this.#opts.accountId, added })
    }).catch((error: unknown) => this.#opts.log.warn('insights not moved to the database', { error: String(error) }))
    return this.#adopted
  }

  async #readLive(): Promise<InsightsLiveFile> {
    return (await this.#opts.live.read()) ?? EMPTY_LIVE
  }

  async #updateLive(change: (file: InsightsLiveFile) => InsightsLiveFile | undefined): Promise<InsightsLiveFile> {
    return (await this.#opts.live.update((current) => change(current ?? EMPTY_LIVE))) ?? EMPTY_LIVE
  }

  /** The archived stories, oldest first; empty when there are none or the file was set aside. */
  archive(): Promise<StoryColumns> {
    return this.#serial(() => this.#archive.read())
  }

  /** Every story within the retention, the archive's and the live ones, each once. */
  async stories(retentionDays: number): Promise<StorySets> {
    const cutoff = this.#opts.now() - retentionDays * DAY_MS
    const archive = await this.archive()
    const live = (await this.readLive()).stories.filter((story) => story.postedAt >= cutoff)
    const archived = archivedIds(archive, live)
    const fresh = columnsOf(live.filter((story) => !archived.has(story.id)).sort((a, b) => a.postedAt - b.postedAt))
    return { cutoff, parts: [archive, fresh] }
  }

  /**
   * Moves the expired stories kept long enough (all expired ones with `all`) into the archive,
   * and keeps the archive to the retention and its limits. Written archive first: a crash
   * between the two writes leaves a story in both, which reading counts once and the next
   * move settles. Answers how many stories moved and how many the archive let go.
   */
  settle(retentionDays: number, options: { all?: boolean } = {}): Promise<{ moved: number; dropped: number }> {
    return this.#serial(async () => {
      const now = this.#opts.now()
      const live = await this.readLive()
      const moving = live.stories.filter((story) => story.final && (options.all || story.postedAt + KEEP_LIVE_MS <= now))
      const cutoff = now - retentionDays * DAY_MS
      let done: Settled | null = null
      await this.#archive.update((archive) => {
        done = null
        if (moving.length === 0 && (archive.count === 0 || (archive.posted[0] as number) >= cutoff)) return null
        const archived = archivedIds(archive, moving)
        const fresh = columnsOf(moving.filter((story) => !archived.has(story.id)).map(withoutSampling))
        const parts = [archive, fresh]
        const picks = parts.flatMap((part, p) => Array.from({ length: part.count }, (_, i) => [p, i] as const))
        picks.sort(([pa, a], [pb, b]) => (parts[pa]!.posted[a] as number) - (parts[pb]!.posted[b] as number))
        const next = selectColumns(parts, withinLimits(parts, picks, cutoff, this.#opts.limits ?? ARCHIVE_LIMITS))
        done = { moved: moving.length, dropped: archive.count + fresh.count - next.count, stories: next.count }
        return next
      })
      // Set by the change, which the compiler does not follow into.
      const settled = done as Settled | null
      if (settled === null) return { moved: 0, dropped: 0 }
      const movedIds = new Set(moving.map((story) => story.id))
      await this.updateLive((file) => ({ ...file, stories: file.stories.filter((story) => !movedIds.has(story.id)) }))
      const { moved, dropped, stories } = settled
      if (moved > 0 || dropped > 0) this.#opts.log.info('insights archived', { moved, dropped, stories })
      return { moved, dropped }
    })
  }

  /** The archive's bytes (tied to this account) and the live stories, to give to the other engine of a hand-over. */
  exportAll(): Promise<{ archive: Buffer; live: InsightsLiveFile }> {
    return this.#serial(async () => {
      const archive = await this.#archive.read()
      return { archive: Buffer.concat([...encodeArchive(this.#opts.accountId, archive)]), live: await this.readLive() }
    })
  }

  /**
   * Takes the other engine's insights of this account in: every story it has and this store
   * has not, by id (a story both have stays as this store has it). Taking the same in again adds
   * nothing, so a hand-over repeated after a crash counts no story twice.
   */
  mergeIn(given: { archive: StoryColumns; live: InsightsLiveFile }, retentionDays: number): Promise<{ added: number }> {
    return this.#serial(() => this.#mergeIn(given, retentionDays))
  }

  async #mergeIn(given: { archive: StoryColumns; live: InsightsLiveFile }, retentionDays: number): Promise<{ added: number }> {
    let known = new Set<string>()
    let fresh = 0
    await this.#archive.update((mine) => {
      known = new Set(Array.from({ length: mine.count }, (_, i) => textAt(mine, i, 'id')))
      const picked: Array<readonly [number, number]> = []
      for (let i = 0; i < given.archive.count; i++) if (!known.has(textAt(given.archive, i, 'id'))) picked.push([1, i])
      fresh = picked.length
      if (picked.length === 0) return null
      const parts = [mine, given.archive]
      const picks = [...Array.from({ length: mine.count }, (_, i) => [0, i] as const), ...picked]
      picks.sort(([pa, a], [pb, b]) => (parts[pa]!.posted[a] as number) - (parts[pb]!.posted[b] as number))
      const cutoff = this.#opts.now() - retentionDays * DAY_MS
      for (const [, i] of picked) known.add(textAt(given.archive, i, 'id'))
      return selectColumns(parts, withinLimits(parts, picks, cutoff, this.#opts.limits ?? ARCHIVE_LIMITS))
    })
    let live = 0
    await this.#updateLive((file) => {
      const have = new Set(file.stories.map((story) => story.id))
      const extra = given.live.stories.filter((story) => !have.has(story.id) && !known.has(story.id))
      live = extra.length
      if (extra.length === 0) return undefined
      // Followed stories are a day's worth: past the file's cap, the newest are the ones still worth following.
      const stories = [...file.stories, ...extra].sort((a, b) => a.postedAt - b.postedAt).slice(-MAX_LIVE_STORIES)
      return { ...file, stories }
    })
    return { added: fresh + live }
  }

  /** Lets go of the archive held for the view. */
  dispose(): void {
    this.#archive.dispose()
  }

  #serial<R>(task: () => Promise<R>): Promise<R> {
    const run = this.#queue.then(task, task)
    this.#queue = run.catch(() => {})
    return run
  }
}

/** The first story posted at or after `at` (the archive is oldest first). */
function firstAtOrAfter(columns: StoryColumns, at: number): number {
  let low = 0
  let high = columns.count
  while (low < high) {
    const mid = (low + high) >> 1
    if ((columns.posted[mid] as number) < at) low = mid + 1
    else high = mid
  }
  return low
}

/** Which of `stories` the archive already has: only its stories as recent as the oldest of them are looked at. */
function archivedIds(archive: StoryColumns, stories: readonly { id: string; postedAt: number }[]): Set<string> {
  const found = new Set<string>()
  if (stories.length === 0) return found
  const wanted = new Set(stories.map((story) => story.id))
  const oldest = Math.min(...stories.map((story) => story.postedAt))
  for (let i = firstAtOrAfter(archive, oldest); i < archive.count; i++) {
    const id = textAt(archive, i, 'id')
    if (wanted.has(id)) found.add(id)
  }
  return found
}

/** The newest stories within the retention that fit the limits; `picks` is oldest first. */
function withinLimits(
  parts: readonly StoryColumns[],
  picks: ReadonlyArray<readonly [number, number]>,
  cutoff: number,
  limits: { stories: number; views: number },
) {
  let start = 0
  while (start < picks.length && (parts[picks[start]![0]]!.posted[picks[start]![1]] as number) < cutoff) start++
  let views = 0
  for (let k = start; k < picks.length; k++) views += reachAt(parts[picks[k]![0]]!, picks[k]![1])
  while (start < picks.length && (picks.length - start > limits.stories || views > limits.views)) {
    views -= reachAt(parts[picks[start]![0]]!, picks[start]![1])
    start++
  }
  return picks.slice(start)
}

function withoutSampling(story: InsightRecord & { sampledAt?: number; failures?: number }): InsightRecord {
  const { sampledAt: _sampledAt, failures: _failures, ...record } = story
  return record
}
