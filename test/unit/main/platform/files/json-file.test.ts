import { execFileSync } from 'node:child_process'
import { mkdtemp, readdir, rm, symlink, truncate, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { z } from 'zod'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { readJsonFile } from '../../../../../src-main/platform/files/json-file'
import { nodeFiles } from '../../../../../src-main/platform/files/fs-port'

const Schema = z.object({ secret: z.string() })
let dir: string

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'statusdesk-json-file-'))
})
afterEach(async () => {
  await rm(dir, { recursive: true, force: true })
})

/** A read that does not answer within `ms` is one that waits on something no file does. */
function within<T>(task: Promise<T>, ms = 5_000): Promise<T> {
  return Promise.race([task, new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`no answer in ${ms} ms`)), ms))])
}

describe('a JSON file of the data folder, read back', () => {
  it('is refused, not followed, when it is a link: to a file elsewhere, or to /dev/zero', async () => {
    const elsewhere = join(dir, 'elsewhere.json')
    await writeFile(elsewhere, JSON.stringify({ secret: 'from outside the data folder' }))
    await symlink(elsewhere, join(dir, 'settings.json'))
    expect(await readJsonFile(join(dir, 'settings.json'), Schema)).toEqual({ status: 'corrupt', reason: 'not a plain file' })
    await symlink('/dev/zero', join(dir, 'zero.json'))
    expect(await within(readJsonFile(join(dir, 'zero.json'), Schema))).toEqual({ status: 'corrupt', reason: 'not a plain file' })
  })

  it('is refused from its size alone when past the cap: a 4 GiB file is never read into memory', async () => {
    const path = join(dir, 'huge.json')
    await writeFile(path, '')
    await truncate(path, 4 * 1024 ** 3)
    const before = process.memoryUsage().arrayBuffers
    expect(await within(readJsonFile(path, Schema))).toEqual({ status: 'corrupt', reason: 'too large' })
    expect(process.memoryUsage().arrayBuffers - before).toBeLessThan(64 * 1024 * 1024)
  })

  // A named pipe is made with POSIX's mkfifo, which Windows has not.
  it.skipIf(process.platform === 'win32')('is refused when it is a pipe, rather than waited on for ever', async () => {
    const path = join(dir, 'pipe.json')
    execFileSync('mkfifo', [path])
    expect(await within(readJsonFile(path, Schema))).toEqual({ status: 'corrupt', reason: 'not a plain file' })
  })

  it('reads as missing when there is none, and as itself when it is a plain file', async () => {
    expect(await readJsonFile(join(dir, 'none.json'), Schema)).toEqual({ status: 'missing' })
    await writeFile(join(dir, 'plain.json'), '{"secret":"mine"}')
    expect(await readJsonFile(join(dir, 'plain.json'), Schema)).toEqual({ status: 'ok', value: { secret: 'mine' } })
    expect(await readdir(dir)).toEqual(['plain.json'])
  })
})

describe('the files port', () => {
  it('reads a plain file, refuses a link, and refuses a file past the bound it is given without reading it', async () => {
    await writeFile(join(dir, 'a'), 'abc')
    expect((await nodeFiles.readFile(join(dir, 'a'))).toString()).toBe('abc')
    await symlink(join(dir, 'a'), join(dir, 'link'))
    await expect(nodeFiles.readFile(join(dir, 'link'))).rejects.toMatchObject({ name: 'NotAPlainFile' })
    await expect(nodeFiles.readFile(join(dir, 'a'), { maxBytes: 2 })).rejects.toMatchObject({ name: 'FileTooLarge', size: 3 })
  })
})
