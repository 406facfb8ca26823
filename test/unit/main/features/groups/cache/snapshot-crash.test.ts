import { spawn, type ChildProcess } from 'node:child_process'
import { readdir, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Group } from '@shared/domain'
import { SNAPSHOT_FILE, SnapshotStore } from '../../../../../../src-main/features/groups/cache'
import { groupsFromEmulator, tempDir } from '../sync/support'

const child = fileURLToPath(new URL('./write-child.ts', import.meta.url))
const root = fileURLToPath(new URL('../../../../../../', import.meta.url))

let groups: Group[]
let work: { path: string; remove(): Promise<void> }
let groupsFile: string

beforeAll(async () => {
  groups = await groupsFromEmulator(4_000)
  work = await tempDir('statusdesk-crash-')
  groupsFile = join(work.path, 'groups.json')
  await writeFile(groupsFile, JSON.stringify(groups))
}, 60_000)
afterAll(async () => {
  await work.remove()
})

function startWriter(dir: string, mode: 'pause-before-rename' | 'loop'): { process: ChildProcess; said(line: string): Promise<void> } {
  const proc = spawn(process.execPath, ['--import', 'tsx', child, dir, groupsFile, mode], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  let out = ''
  const waiting: { line: string; resolve(): void }[] = []
  proc.stdout?.on('data', (chunk: Buffer) => {
    out += chunk.toString()
    for (const w of waiting) if (out.includes(w.line)) w.resolve()
  })
  return {
    process: proc,
    said: (line) =>
      new Promise<void>((resolve, reject) => {
        if (out.includes(line)) return resolve()
        waiting.push({ line, resolve })
        proc.once('exit', (code) => reject(new Error(`writer exited (${code}) before saying ${line}`)))
      }),
  }
}

function killed(proc: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (proc.exitCode !== null || proc.signalCode !== null) return resolve()
    proc.once('exit', () => resolve())
    proc.kill('SIGKILL')
  })
}

async function seed(dir: string): Promise<void> {
  await new SnapshotStore({ dir, accountId: 'acc' }).save({ accountId: 'acc', syncedAt: '2025-01-01T00:00:00.000Z' }, groups.slice(0, 10))
}

describe('a process killed while writing the cache', () => {
  it('between the temp file and the rename: the old snapshot loads and the temp file is cleared', async () => {
    const dir = await tempDir('statusdesk-crash-one-')
    try {
      await seed(dir.path)
      const writer = startWriter(dir.path, 'pause-before-rename')
      await writer.said('before-rename')
      await killed(writer.process)
      const left = await readdir(dir.path)
      expect(left.filter((n) => n.includes('.tmp-'))).toHaveLength(1)

      const outcome = await new SnapshotStore({ dir: dir.path, accountId: 'acc' }).load()
      expect(outcome.status).toBe('loaded')
      if (outcome.status === 'loaded') {
        expect(outcome.snapshot.syncedAt).toBe('2025-01-01T00:00:00.000Z')
        expect(outcome.snapshot.groups).toEqual(groups.slice(0, 10))
      }
      expect(await readdir(dir.path)).toEqual([SNAPSHOT_FILE])
    } finally {
      await dir.remove()
    }
  }, 60_000)

  it('at arbitrary moments: every kill leaves a whole old or new snapshot, never a torn one', async () => {
    const dir = await tempDir('statusdesk-crash-loop-')
    const sizes = new Set([10, groups.length, Math.floor(groups.length / 2)])
    try {
      await seed(dir.path)
      for (let round = 0; round < 6; round++) {
        const writer = startWriter(dir.path, 'loop')
        await writer.said('looping')
        // Spread the kills over the write cycle: early, mid-stream, near a rename.
        await new Promise((resolve) => setTimeout(resolve, 150 + round * 170))
        await killed(writer.process)
        const outcome = await new SnapshotStore({ dir: dir.path, accountId: 'acc' }).load()
        expect(outcome.status).toBe('loaded')
        if (outcome.status === 'loaded') {
          expect(sizes.has(outcome.snapshot.groups.length)).toBe(true)
          expect(outcome.snapshot.groups).toEqual(groups.slice(0, outcome.snapshot.groups.length))
        }
      }
    } finally {
      await dir.remove()
    }
  }, 120_000)
})
