import { randomBytes } from 'node:crypto'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type Emulator, startEmulator } from '../../../../../src-main/emulator'
import { failure, testClient } from './helpers'

let emulator: Emulator
let dir: string
let photo: string

beforeAll(async () => {
  emulator = await startEmulator({ groups: 1 })
  dir = await mkdtemp(join(tmpdir(), 'statusdesk-early-'))
  photo = join(dir, 'large.jpg')
  // Read from disk while it is sent: each chunk waits on a file read, as a real upload does.
  await writeFile(photo, Buffer.concat([Buffer.from([0xff, 0xd8, 0xff]), randomBytes(6 * 1024 * 1024)]))
})
afterAll(async () => {
  await emulator.stop()
  await rm(dir, { recursive: true, force: true })
})

describe('a server that refuses an upload before it has all arrived', () => {
  it.each([
    ['after 64 KiB', undefined],
    ['on the headers', 0],
    ['after 1 MiB', 1024 * 1024],
  ])('is read as its refusal (%s): 30 oversized uploads, 30 "too large", none retried', async (_when, afterBytes) => {
    emulator.control.reset()
    emulator.control.faults.add({ type: 'early-answer', ...(afterBytes !== undefined && { afterBytes }) })
    const { api } = testClient(emulator.baseUrl, emulator.token)
    const codes: string[] = []
    for (let i = 0; i < 30; i++) {
      const error = await failure(api.publishStory({ media: { kind: 'file', path: photo, mimeType: 'image/jpeg' }, caption: `big ${i}` }))
      codes.push(error.code)
      expect(error.details).toMatchObject({ status: 413, attempts: 1 })
    }
    expect(codes).toEqual(Array.from({ length: 30 }, () => 'too-large'))
    const requests = emulator.control.requests.list().filter((r) => r.route === 'stories')
    expect(requests).toHaveLength(30)
    expect(requests.every((r) => r.status === 413)).toBe(true)
    expect(emulator.control.stories.list()).toHaveLength(0)
  })
})
