import { lstat, readFile, readdir, rm, symlink, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { afterAll, beforeAll, beforeEach, afterEach, describe, expect, it } from 'vitest'
import type { Group } from '@shared/domain'
import { AppError } from '@shared/errors'
import { SNAPSHOT_FILE, SnapshotStore, decodeSnapshot, type SnapshotLoad } from '../../../../../../src-main/features/groups/cache'
import { nodeFiles, type FilePort } from '../../../../../../src-main/platform/files/fs-port'
import { captureLogger, groupsFromEmulator, tempDir } from '../sync/support'

let all: Group[]
/** What the earlier sync saved, and what a later one tries to save over it. */
let older: Group[]
let newer: Group[]
let dir: { path: string; remove(): Promise<void> }

const META = { accountId: 'acc', syncedAt: '2025-06-01T10:00:00.000Z' }
const NEWER_META = { accountId: 'acc', syncedAt: '2025-06-02T10:00:00.000Z' }

beforeAll(async () => {
  all = await groupsFromEmulator(10_000)
  older = all.slice(0, 1_500)
  newer = all.slice(1_000, 3_500)
}, 60_000)

beforeEach(async () => {
  dir = await tempDir('statusdesk-cache-')
})
afterEach(async () => {
  await dir.remove()
})

function store(options: { files?: FilePort; accountId?: string } = {}) {
  const log = captureLogger()
  const instance = new SnapshotStore({
    dir: dir.path,
    accountId: options.accountId ?? 'acc',
    log,
    ...(options.files && { files: options.files }),
  })
  return Object.assign(instance, { log })
}

function loaded(outcome: SnapshotLoad) {
  expect(outcome.status).toBe('loaded')
  if (outcome.status !== 'loaded') throw new Error('not loaded')
  return outcome.snapshot
}

async function names(): Promise<string[]> {
  return (await readdir(dir.path)).sort()
}

describe('snapshot round trip', () => {
  it('gives back the 10,000 groups it saved, with their fingerprints', async () => {
    const fingerprints = await store().save(META, all)
    const snapshot = loaded(await store().load())
    expect(snapshot.accountId).toBe('acc')
    expect(snapshot.syncedAt).toBe(META.syncedAt)
    expect(snapshot.groups).toEqual(all)
    expect([...snapshot.fingerprints]).toEqual([...fingerprints])
    expect(new Set(fingerprints).size).toBeGreaterThan(9_990)
  }, 60_000)

  it('keeps which groups are stale, and a later save without any clears them', async () => {
    const stale = [older[3]!.id, older[1_400]!.id]
    await store().save({ ...META, stale }, older)
    expect(loaded(await store().load()).stale).toEqual(stale)
    await store().save(NEWER_META, older)
    expect(loaded(await store().load()).stale).toBeUndefined()
  }, 60_000)

  it('splits a large account into checked segments and yields between them', async () => {
    await store().save(META, all)
    let turns = 0
    const snapshot = await decodeSnapshot(await readFile(join(dir.path, SNAPSHOT_FILE)), {
      accountId: 'acc',
      between: async () => {
        turns++
      },
    })
    expect(snapshot.groups).toHaveLength(all.length)
    expect(turns).toBeGreaterThan(3)
  }, 60_000)

  it('keeps an account with no groups', async () => {
    await store().save(META, [])
    const snapshot = loaded(await store().load())
    expect(snapshot.groups).toEqual([])
    expect(snapshot.fingerprints).toHaveLength(0)
  })

  it('reports a missing file as missing, not as an error', async () => {
    expect(await store().load()).toEqual({ status: 'missing' })
  })

  it('runs saves one after another: the last one wins and the file stays whole', async () => {
    const first = store()
    await Promise.all([first.save(META, older), first.save(NEWER_META, all.slice(0, 100))])
    const snapshot = loaded(await store().load())
    expect(snapshot.syncedAt).toBe(NEWER_META.syncedAt)
    expect(snapshot.groups).toEqual(all.slice(0, 100))
    expect(await names()).toEqual([SNAPSHOT_FILE])
  })
})

/** Byte offsets where each segment of the file ends (after its closing newline). */
function segmentEnds(bytes: Buffer): number[] {
  const ends: number[] = []
  let at = bytes.indexOf(0x0a) + 1
  while (at < bytes.length) {
    const lineEnd = bytes.indexOf(0x0a, at)
    const header = JSON.parse(bytes.toString('utf8', at, lineEnd)) as { bytes: number }
    at = lineEnd + 1 + header.bytes + 1
    ends.push(at)
  }
  return ends
}

describe('an unreadable cache file', () => {
  let good: Buffer
  beforeEach(async () => {
    await store().save(META, older)
    good = await readFile(join(dir.path, SNAPSHOT_FILE))
  })

  /** The reason codes of a file cut short, and of one whose bytes are not those written. */
  const CUT = 'cut-short(-in-[a-z-]+)?'
  const DAMAGED =
    'block-not-closed|checksum-mismatch|table-before-header|table-size-mismatch|record-outside-pages|record-not-json|record-without-id'
  const either = (...codes: string[]): RegExp => new RegExp(`^(${codes.join('|')})$`)
  const cases: [string, (bytes: Buffer) => Buffer | string, RegExp][] = [
    ['cut inside the header', (b) => b.subarray(0, 20), either('not-a-groups-cache', CUT)],
    ['cut in the middle of a segment', (b) => b.subarray(0, Math.floor(b.length / 2)), either(CUT, DAMAGED)],
    ['cut exactly at a segment boundary', (b) => b.subarray(0, segmentEnds(b)[0]), either(CUT)],
    ['cut by one byte', (b) => b.subarray(0, b.length - 1), either(CUT, DAMAGED)],
    ['with one byte changed inside a group', (b) => flip(b, Math.floor(b.length * 0.7)), either(DAMAGED)],
    ['empty', () => '', either(CUT, 'not-a-groups-cache')],
    ['not ours at all', () => '{"groups": []}\n', /^not-a-groups-cache$/],
    ['written by a newer version', (b) => b.toString('utf8').replace('"version":3', '"version":99'), /^newer-format$/],
    [
      'written in the previous format',
      () => '{"format":"statusdesk-groups","version":1,"accountId":"acc","syncedAt":"2025-01-01T00:00:00.000Z","count":0}\n',
      /^older-format$/,
    ],
    ['without its trailer', (b) => b.subarray(0, b.lastIndexOf(0x0a, b.length - 2) + 1), either('trailer-unreadable', CUT, DAMAGED)],
    [
      'with its table pointing outside the pages',
      (b) => {
        const text = b.toString('latin1')
        return Buffer.from(text.replace(/"offsets":\[\d+/, '"offsets":[3'), 'latin1')
      },
      either(DAMAGED),
    ],
    ['of another account', (b) => b.toString('utf8').replace('"accountId":"acc"', '"accountId":"other"'), /^other-account$/],
  ]

  it.each(cases)('%s is set aside and reported, and the next load starts clean', async (_name, damage, reason) => {
    await writeFile(join(dir.path, SNAPSHOT_FILE), damage(good))
    const first = await store().load()
    expect(first.status).toBe('set-aside')
    if (first.status !== 'set-aside') return
    expect(first.reason).toMatch(reason)
    expect(first.movedTo).not.toBeNull()
    // Set aside, not deleted: the bytes are still there to look at.
    expect((await readFile(first.movedTo as string)).equals(Buffer.from(damage(good)))).toBe(true)
    expect(await store().load()).toEqual({ status: 'missing' })
  })

  it('a cache file that is a link (to a snapshot elsewhere, or to /dev/zero) is set aside without being followed', async () => {
    const elsewhere = join(dir.path, 'elsewhere.snapshot')
    await writeFile(elsewhere, good)
    for (const target of [elsewhere, '/dev/zero']) {
      await rm(join(dir.path, SNAPSHOT_FILE), { force: true })
      await symlink(target, join(dir.path, SNAPSHOT_FILE))
      const first = await store().load()
      expect(first).toMatchObject({ status: 'set-aside', reason: 'not-a-plain-file' })
      if (first.status === 'set-aside') expect((await lstat(first.movedTo!)).isSymbolicLink()).toBe(true)
      expect(await store().load()).toEqual({ status: 'missing' })
    }
  })

  it('keeps only the two most recent set-aside files', async () => {
    for (let i = 0; i < 4; i++) {
      await writeFile(join(dir.path, SNAPSHOT_FILE), `garbage ${i}`)
      const stamped = new SnapshotStore({
        dir: dir.path,
        accountId: 'acc',
        now: () => new Date(Date.UTC(2025, 0, 1, 0, i)),
      })
      expect((await stamped.load()).status).toBe('set-aside')
    }
    const aside = (await names()).filter((n) => n.includes('.unreadable-'))
    expect(aside).toHaveLength(2)
    expect(await readFile(join(dir.path, aside[1] as string), 'utf8')).toBe('garbage 3')
  })
})

function flip(bytes: Buffer, at: number): Buffer {
  const copy = Buffer.from(bytes)
  // Stay a printable, JSON-neutral character so only the checksum can notice.
  copy[at] = copy[at] === 0x61 ? 0x62 : 0x61
  return copy
}

type Step = 'create' | 'write' | 'sync' | 'close' | 'rename'

/** The real file system, failing (as a full disk would) at one chosen step. */
function failingAt(step: Step, afterWrites = 2): FilePort {
  const fail = (): never => {
    throw Object.assign(new Error(`ENOSPC: no space left on device (${step})`), { code: 'ENOSPC' })
  }
  return {
    ...nodeFiles,
    create: async (path) => {
      if (step === 'create') fail()
      const file = await nodeFiles.create(path)
      let writes = 0
      return {
        write: async (data) => {
          if (step === 'write' && ++writes > afterWrites) fail()
          return file.write(data)
        },
        sync: async () => (step === 'sync' ? fail() : file.sync()),
        close: async () => {
          await file.close()
          if (step === 'close') fail()
        },
      }
    },
    rename: async (from, to) => (step === 'rename' ? fail() : nodeFiles.rename(from, to)),
  }
}

describe('a save that cannot finish', () => {
  beforeEach(async () => {
    await store().save(META, older)
  })

  it.each(['create', 'write', 'sync', 'close', 'rename'] as Step[])(
    'failing at %s leaves the previous snapshot whole and no temp file behind',
    async (step) => {
      const error = await store({ files: failingAt(step) })
        .save(NEWER_META, newer)
        .catch((e: unknown) => e)
      expect(error).toBeInstanceOf(AppError)
      expect((error as AppError).code).toBe('storage')
      expect((error as AppError).text).toEqual({ key: 'groupErrors.cache.notSaved' })
      expect(await names()).toEqual([SNAPSHOT_FILE])
      const snapshot = loaded(await store().load())
      expect(snapshot.syncedAt).toBe(META.syncedAt)
      expect(snapshot.groups).toEqual(older)
    },
    30_000,
  )

  it('into an account folder deleted meanwhile (signed out) fails and does not bring it back', async () => {
    const gone = join(dir.path, 'signed-out')
    const error = await new SnapshotStore({ dir: gone, accountId: 'acc' }).save(META, older).catch((e: unknown) => e)
    expect((error as AppError).code).toBe('storage')
    expect(await names()).toEqual([SNAPSHOT_FILE])
  })

  it('still counts as saved when only the folder flush fails after the rename', async () => {
    const files: FilePort = {
      ...nodeFiles,
      syncDir: async () => {
        throw Object.assign(new Error('EIO'), { code: 'EIO' })
      },
    }
    const writer = store({ files })
    await writer.save(NEWER_META, all.slice(0, 50))
    expect(loaded(await store().load()).syncedAt).toBe(NEWER_META.syncedAt)
    expect(writer.log.lines.some((l) => l.level === 'warn' && /could not be flushed/.test(l.message))).toBe(true)
  })

  it('cancelled mid-write rejects as cancelled and keeps the previous snapshot', async () => {
    const controller = new AbortController()
    let writes = 0
    const files: FilePort = {
      ...nodeFiles,
      create: async (path) => {
        const file = await nodeFiles.create(path)
        return {
          ...file,
          write: async (data) => {
            if (++writes === 3) controller.abort()
            return file.write(data)
          },
          sync: () => file.sync(),
          close: () => file.close(),
        }
      },
    }
    const error = await store({ files })
      .save(NEWER_META, newer, controller.signal)
      .catch((e: unknown) => e)
    expect((error as AppError).code).toBe('cancelled')
    expect(await names()).toEqual([SNAPSHOT_FILE])
    expect(loaded(await store().load()).groups).toEqual(older)
  }, 30_000)
})

afterAll(() => {
  all = []
  older = []
  newer = []
})
