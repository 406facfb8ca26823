import { mkdtemp, readdir, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type * as AtomicWrite from '../../../../../src-main/platform/files/atomic-write'

/** Heartbeats wait here until the test lets them land, so one is surely on its way when the lock is let go. */
const held = vi.hoisted(() => ({ writes: 0, gate: null as Promise<void> | null }))

vi.mock('../../../../../src-main/platform/files/atomic-write', async (importOriginal) => {
  const real = await importOriginal<typeof AtomicWrite>()
  return {
    ...real,
    writeFileAtomic: async (...args: Parameters<typeof real.writeFileAtomic>) => {
      held.writes++
      await held.gate
      return real.writeFileAtomic(...args)
    },
  }
})

const { lockDataFolder } = await import('../../../../../src-main/platform/files/folder-lock')

let dir: string
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'statusdesk-lock-release-'))
  held.writes = 0
})
afterEach(() => rm(dir, { recursive: true, force: true }))

describe('letting go of the data folder', () => {
  it('waits for a heartbeat on its way, so the lock is not written back after it was removed', async () => {
    let land!: () => void
    held.gate = new Promise((resolve) => (land = resolve))
    const lock = await lockDataFolder(dir, { owner: 'this-engine', heartbeatMs: 5 })
    await vi.waitFor(() => expect(held.writes).toBe(1))
    const releasing = lock.release()
    land()
    await releasing
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(await readdir(dir)).toEqual([])
    // One beat at a time: a slow disk does not pile up writes.
    expect(held.writes).toBe(1)
  })

  it('writes one beat at a time while the disk is slow', async () => {
    let land!: () => void
    held.gate = new Promise((resolve) => (land = resolve))
    const lock = await lockDataFolder(dir, { owner: 'this-engine', heartbeatMs: 5 })
    await new Promise((resolve) => setTimeout(resolve, 100))
    expect(held.writes).toBe(1)
    land()
    held.gate = null
    await vi.waitFor(() => expect(held.writes).toBeGreaterThan(1))
    await lock.release()
    expect(await readdir(dir)).toEqual([])
  })
})
