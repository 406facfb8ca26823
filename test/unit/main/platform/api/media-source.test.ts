import { randomBytes } from 'node:crypto'
import { appendFile, mkdtemp, rm, truncate, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { MediaReadError, fileByteSource, type ByteSource } from '../../../../../src-main/platform/api/media-source'

let dir: string
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'statusdesk-media-'))
})
afterAll(async () => {
  await rm(dir, { recursive: true, force: true })
})

async function readAll(source: ByteSource, chunkSize: number): Promise<Buffer> {
  const parts: Buffer[] = []
  // Copied at once: a chunk is only valid until the next one is asked for.
  for await (const chunk of source.chunks(chunkSize)) parts.push(Buffer.from(chunk))
  return Buffer.concat(parts)
}

describe('fileByteSource', () => {
  it('reads the file in chunks, as often as asked', async () => {
    const data = randomBytes(100_001)
    const path = join(dir, 'a.bin')
    await writeFile(path, data)
    const source = await fileByteSource(path)
    expect(source.size).toBe(data.byteLength)
    expect((await readAll(source, 4096)).equals(data)).toBe(true)
    expect((await readAll(source, 3 * 1024)).equals(data)).toBe(true)
  })

  it('fails when the file is missing or is a directory', async () => {
    await expect(fileByteSource(join(dir, 'missing.bin'))).rejects.toMatchObject({
      reason: 'unreadable',
    })
    await expect(fileByteSource(dir)).rejects.toBeInstanceOf(MediaReadError)
  })

  it('fails when the file shrinks or grows after its size was taken', async () => {
    const path = join(dir, 'b.bin')
    await writeFile(path, randomBytes(10_000))
    const shrinking = await fileByteSource(path)
    await truncate(path, 5_000)
    await expect(readAll(shrinking, 1024)).rejects.toMatchObject({ reason: 'changed' })

    const growing = await fileByteSource(path)
    await appendFile(path, randomBytes(10))
    await expect(readAll(growing, 1024)).rejects.toMatchObject({ reason: 'changed' })
  })
})
