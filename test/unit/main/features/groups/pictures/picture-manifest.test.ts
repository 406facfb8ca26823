import { mkdtemp, readFile, readdir, rm, truncate, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { nodeFiles, type FilePort } from '../../../../../../src-main/platform/files/fs-port'
import type { Logger } from '../../../../../../src-main/platform/log/log'
import {
  MANIFEST_FILE,
  MAX_MANIFEST_BYTES,
  OLD_MANIFEST_FILE,
  PictureManifest,
  type PictureEntry,
} from '../../../../../../src-main/features/groups/pictures/picture-manifest'
import { MANIFEST_HEADER } from '../../../../../../src-main/features/groups/pictures/manifest-lines'

let dir: string
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'statusdesk-manifest-'))
})
afterEach(async () => {
  await rm(dir, { recursive: true, force: true })
})

const warnings: string[] = []
const log: Logger = {
  debug: () => undefined,
  info: () => undefined,
  warn: (message) => warnings.push(message),
  error: (message) => warnings.push(message),
}
beforeEach(() => {
  warnings.length = 0
})

const fileOf = (n: number): string => `${n.toString(16).padStart(24, '0')}-${'ab'.repeat(8)}.png`
const entry = (n: number, etag: string | null = `"e${n}"`): PictureEntry => ({ url: `https://cdn.example/${n}.png`, etag, file: fileOf(n) })
const load = (files: FilePort = nodeFiles) => PictureManifest.load(files, dir, log)
const path = () => join(dir, MANIFEST_FILE)
const thumbsOf = (manifest: PictureManifest) => Object.fromEntries(manifest.entries('thumbs'))

describe('the picture manifest', () => {
  it('reads back what was saved, appending each save’s changes to the file rather than writing it again', async () => {
    const manifest = await load()
    manifest.set('thumbs', 'g1', entry(1))
    manifest.set('full', 'g1', entry(2, null))
    await manifest.save()
    const first = await readFile(path(), 'utf8')
    expect(first.startsWith(MANIFEST_HEADER)).toBe(true)

    manifest.set('thumbs', 'g2', entry(3))
    manifest.drop('full', 'g1')
    await manifest.save()
    const second = await readFile(path(), 'utf8')
    expect(second.startsWith(first)).toBe(true)
    expect(second.slice(first.length).trim().split('\n')).toHaveLength(2)

    const again = await load()
    expect(thumbsOf(again)).toEqual({ g1: entry(1), g2: entry(3) })
    expect([...again.entries('full')]).toEqual([])
    expect(again.referenced()).toEqual(new Set([fileOf(1), fileOf(3)]))
    expect(warnings).toEqual([])
  })

  it('keeps the entries before a line a crash cut short, and writes the file whole at the next save', async () => {
    const manifest = await load()
    for (let n = 0; n < 5; n++) manifest.set('thumbs', `g${n}`, entry(n))
    await manifest.save()
    const whole = await readFile(path(), 'utf8')
    // The last line without its end, as an append cut off by a crash leaves it.
    await writeFile(path(), whole.slice(0, whole.length - 10))

    const back = await load()
    expect(Object.keys(thumbsOf(back))).toEqual(['g0', 'g1', 'g2', 'g3'])
    expect(warnings).toHaveLength(1)
    back.set('thumbs', 'g9', entry(9))
    await back.save()
    const rewritten = await readFile(path(), 'utf8')
    expect(rewritten.startsWith(MANIFEST_HEADER) && rewritten.endsWith('\n')).toBe(true)
    expect(Object.keys(thumbsOf(await load()))).toEqual(['g0', 'g1', 'g2', 'g3', 'g9'])
  })

  it('stops at the first line that is not one of its own: garbage, wrong kinds, bad file names, hostile sizes', async () => {
    const good = (id: string, n: number) => `${JSON.stringify(['t', id, entry(n).url, entry(n).etag, fileOf(n)])}\n`
    const bad = [
      'not json\n',
      '{"t":1}\n',
      `${JSON.stringify(['x', 'g', 'u', null, fileOf(1)])}\n`,
      `${JSON.stringify(['t', 'g', 'u', null, '../../etc/passwd'])}\n`,
      `${JSON.stringify(['t', 'g', 'u', 7, fileOf(1)])}\n`,
      `${JSON.stringify(['t', '', 'u', null, fileOf(1)])}\n`,
      `${JSON.stringify(['t', 'g'.repeat(300), 'u', null, fileOf(1)])}\n`,
      `${JSON.stringify(['t', 'g', `https://x/${'a'.repeat(9_000)}`, null, fileOf(1)])}\n`,
      `${JSON.stringify(['t', 'g', 'u', 'e'.repeat(2_000), fileOf(1)])}\n`,
      `["t","g","u",null,"${fileOf(1)}"${' '.repeat(20_000)}]\n`,
    ]
    for (const line of bad) {
      await writeFile(path(), MANIFEST_HEADER + good('a', 1) + line + good('b', 2))
      const back = await load()
      expect(Object.keys(thumbsOf(back)), line.slice(0, 40)).toEqual(['a'])
    }
  })

  it('starts empty from a file that is not a manifest of this version, or one too large to be one', async () => {
    await writeFile(path(), '["statusdesk-pictures",3]\n')
    expect(thumbsOf(await load())).toEqual({})
    await writeFile(path(), '')
    expect(thumbsOf(await load())).toEqual({})
    // Sparse: its size says it is too large before anything is read.
    await writeFile(path(), MANIFEST_HEADER)
    await truncate(path(), MAX_MANIFEST_BYTES + 1)
    const big = await load()
    expect(thumbsOf(big)).toEqual({})
    big.set('thumbs', 'g', entry(1))
    await big.save()
    expect(thumbsOf(await load())).toEqual({ g: entry(1) })
  })

  it('takes a group id like "__proto__" as any other', async () => {
    const manifest = await load()
    manifest.set('thumbs', '__proto__', entry(1))
    await manifest.save()
    expect([...(await load()).entries('thumbs')]).toEqual([['__proto__', entry(1)]])
  })

  it('is written whole again once its lines outnumber its entries, so it stays about as large as they are', async () => {
    const manifest = await load()
    for (let round = 0; round < 20; round++) {
      for (let n = 0; n < 200; n++) manifest.set('thumbs', `g${n}`, entry(n, `"r${round}"`))
      await manifest.save()
    }
    const lines = (await readFile(path(), 'utf8')).trim().split('\n').length
    expect(lines).toBeLessThanOrEqual(1 + 200 + 1_024 + 200)
    const back = thumbsOf(await load())
    expect(Object.keys(back)).toHaveLength(200)
    expect(back['g7']?.etag).toBe('"r19"')
  })

  it('writes the file whole after an append failed, whatever part of it reached the disk', async () => {
    const manifest = await load()
    manifest.set('thumbs', 'g1', entry(1))
    await manifest.save()
    let fail = true
    const flaky: FilePort = {
      ...nodeFiles,
      append: async (file) => {
        const opened = await nodeFiles.append(file)
        return {
          ...opened,
          write: async (data) => {
            if (!fail) return opened.write(data)
            fail = false
            // Half a line reaches the disk, then the write fails.
            await opened.write(data.subarray(0, Math.floor(data.length / 2)))
            throw new Error('disk full')
          },
        }
      },
    }
    const shaky = await load(flaky)
    shaky.set('thumbs', 'g2', entry(2))
    await shaky.save()
    expect(warnings).toEqual(['picture manifest not saved'])
    shaky.set('thumbs', 'g3', entry(3))
    await shaky.save()
    expect(thumbsOf(await load())).toEqual({ g1: entry(1), g2: entry(2), g3: entry(3) })
    expect(warnings).toEqual(['picture manifest not saved'])
  })

  it('reads the whole-JSON manifest of earlier versions (its readable entries), and removes it once written anew', async () => {
    const old = {
      version: 1,
      thumbs: { g1: entry(1), bad: { url: 'https://x/y.png', etag: null, file: 'evil.sh' } },
      full: { g2: entry(2, null) },
    }
    await writeFile(join(dir, OLD_MANIFEST_FILE), JSON.stringify(old))
    const manifest = await load()
    expect(thumbsOf(manifest)).toEqual({ g1: entry(1) })
    expect(Object.fromEntries(manifest.entries('full'))).toEqual({ g2: entry(2, null) })
    await manifest.save()
    expect((await readdir(dir)).sort()).toEqual([MANIFEST_FILE])
    expect(thumbsOf(await load())).toEqual({ g1: entry(1) })
  })
})
