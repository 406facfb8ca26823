import { hostname, uptime } from 'node:os'
import { join } from 'node:path'
import { link, open, readFile, rename, rm } from 'node:fs/promises'
import { z } from 'zod'
import { AppError } from '@shared/errors'
import { userText } from '@shared/i18n/user-text'
import { writeFileAtomic } from './atomic-write'
import { processAlive } from './temp-sweep'

/** The lock's file in the data folder. */
export const LOCK_FILE = 'statusdesk.lock'
/** How often the holder says it is alive. */
const HEARTBEAT_MS = 10_000
/** A holder silent this long is gone (a machine that slept, a process frozen and killed). */
const STALE_MS = 60_000
/** Bounds the takeovers of stale locks two starting processes may race for. */
const MAX_TRIES = 4
/** Longer than a lock takes to be written. */
const UNREADABLE_WAIT_MS = 200

const LockSchema = z.object({
  pid: z.number().int().positive(),
  host: z.string().max(255),
  owner: z.string().max(200),
  startedAt: z.string().max(40),
  heartbeatAt: z.string().max(40),
})
export type LockRecord = z.infer<typeof LockSchema>

export interface FolderLock {
  /** The holder's name, as claims in the folder's stores carry it. */
  readonly owner: string
  release(): Promise<void>
}

export interface FolderLockOptions {
  owner: string
  now?: () => number
  isAlive?: (pid: number) => boolean
  heartbeatMs?: number
  staleMs?: number
  /** The lock file names another holder now (it took the folder over): this process no longer holds it. */
  onLost?: (holder: LockRecord | null) => void
}

/**
 * Takes the data folder for this process: one engine at a time writes a data folder, so the
 * files store's claims, the temp sweep and the caches never meet a second writer. A live holder
 * refuses the second process in words, naming it.
 */
export function lockDataFolder(dir: string, options: FolderLockOptions): Promise<FolderLock> {
  return lockWithFile(join(dir, LOCK_FILE), options)
}

/**
 * An exclusive hold for this process, as the lock file at `path` says: it names its holder
 * (pid, host) and carries a heartbeat; a lock whose holder no longer runs on this host, or
 * whose heartbeat stopped, is taken over. Used for the data folder and for an embedded
 * database's folder (two PostgreSQL instances writing one folder corrupt it).
 */
export async function lockWithFile(path: string, options: FolderLockOptions): Promise<FolderLock> {
  const now = options.now ?? Date.now
  const record = (): LockRecord => ({
    pid: process.pid,
    host: hostname().slice(0, 255),
    owner: options.owner,
    startedAt: started,
    heartbeatAt: new Date(now()).toISOString(),
  })
  const started = new Date(now()).toISOString()
  for (let attempt = 1; ; attempt++) {
    if (await createExclusive(path, JSON.stringify(record()))) break
    const holder = await readHolder(path)
    if (holder && !isStale(holder, now(), options)) throw inUse(holder)
    if (attempt >= MAX_TRIES) throw inUse(holder)
    // A lock that does not say who holds it may be one being written this instant: looked at again before it is taken over.
    if (!holder && attempt < MAX_TRIES - 1) {
      await new Promise((resolve) => setTimeout(resolve, UNREADABLE_WAIT_MS))
      continue
    }
    await takeOver(path, holder, attempt, now(), options)
  }
  // One beat written at a time; release waits for it, or a beat landing after the removal would leave the lock behind.
  let beating: Promise<void> | null = null
  const beat = setInterval(() => {
    beating ??= beatIfHeld(path, options, record)
      .then((held) => {
        if (held) return
        clearInterval(beat)
        options.onLost?.(null)
      })
      .catch(() => {})
      .finally(() => (beating = null))
  }, options.heartbeatMs ?? HEARTBEAT_MS)
  beat.unref()
  return {
    owner: options.owner,
    async release() {
      clearInterval(beat)
      await beating
      const holder = await readHolder(path)
      if (holder?.owner === options.owner) await rm(path, { force: true })
    },
  }
}

/**
 * Writes the next beat only while the file still names this holder: a process that took the
 * lock over (this one was frozen past the stale limit) is never written over. False when it did.
 */
async function beatIfHeld(path: string, options: FolderLockOptions, record: () => LockRecord): Promise<boolean> {
  const holder = await readHolder(path)
  if (holder && holder.owner !== options.owner) {
    options.onLost?.(holder)
    return false
  }
  await writeFileAtomic(path, JSON.stringify(record()))
  return true
}

/**
 * Moves a stale lock aside, then makes sure it was the one judged stale: of two processes taking
 * over the same stale lock, the later rename may catch the first one's fresh lock, which is put
 * back (a link fails if a lock is there again) and refused in words.
 */
async function takeOver(path: string, judged: LockRecord | null, attempt: number, now: number, options: FolderLockOptions): Promise<void> {
  const aside = `${path}.stale-${process.pid}-${attempt}`
  const moved = await rename(path, aside).then(
    () => true,
    () => false,
  )
  if (!moved) return
  const found = await readHolder(aside)
  const sameRecord = found === null || (judged !== null && found.owner === judged.owner && found.heartbeatAt === judged.heartbeatAt)
  if (sameRecord || isStale(found, now, options)) {
    await rm(aside, { force: true })
    return
  }
  await link(aside, path).catch(() => {})
  await rm(aside, { force: true })
  throw inUse(found)
}

async function createExclusive(path: string, content: string): Promise<boolean> {
  try {
    const handle = await open(path, 'wx', 0o600)
    try {
      await handle.writeFile(content)
      await handle.sync()
    } finally {
      await handle.close()
    }
    return true
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false
    throw error
  }
}

/** The holder as its file says; null for a file that does not say (a lock being written, or damaged). */
async function readHolder(path: string): Promise<LockRecord | null> {
  try {
    const parsed = LockSchema.safeParse(JSON.parse(await readFile(path, 'utf8')))
    return parsed.success ? parsed.data : null
  } catch {
    return null
  }
}

/**
 * A lock is stale when its holder is gone: on this host, a process that no longer runs or a beat
 * from before the machine started (a live one holds it however old its beat, as after the machine
 * slept); elsewhere, a heartbeat silent too long.
 */
function isStale(holder: LockRecord, now: number, options: FolderLockOptions): boolean {
  const heartbeat = Date.parse(holder.heartbeatAt)
  if (!Number.isFinite(heartbeat)) return true
  const sameHost = holder.host === hostname().slice(0, 255)
  // A beat from before this machine started: its pid, if it runs, is another program's now.
  if (sameHost && heartbeat < Date.now() - uptime() * 1_000) return true
  if (sameHost && holder.pid !== process.pid) return !(options.isAlive ?? processAlive)(holder.pid)
  return now - heartbeat > (options.staleMs ?? STALE_MS)
}

function inUse(holder: LockRecord | null): AppError {
  return new AppError('conflict', userText('errors.dataFolder.inUse', { pid: holder?.pid ?? 0, host: holder?.host ?? '?' }), {
    pid: holder?.pid ?? null,
  })
}
