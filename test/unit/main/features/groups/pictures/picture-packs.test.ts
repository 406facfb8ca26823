import { appendFile, mkdir, readFile, readdir, truncate, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { PictureEntry } from '../../../../../../src-main/features/groups/pictures/manifest-lines'
import { foldSparsePacks } from '../../../../../../src-main/features/groups/pictures/pack-fold'
import { PackWriter } from '../../../../../../src-main/features/groups/pictures/pack-writer'
import { MAX_PACK_BYTES, packedName, placeOf } from '../../../../../../src-main/features/groups/pictures/picture-names'
import { storedBytes } from '../../../../../support/stored-pictures'
import { tempDir } from '../sync/support'

const HASH = '0123456789abcdef'
let dir: { path: string; remove(): Promise<void> }
let folder: string

beforeEach(async () => {
  dir = await tempDir('statusdesk-packs-')
  folder = join(dir.path, 'pictures')
})
afterEach(async () => {
  await dir.remove()
})

/** A record's bytes: a PNG signature, then `fill`. */
const record = (fill: number, length = 3_000) => Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47]), Buffer.alloc(length - 4, fill)])

describe('stored pictures’ names', () => {
  it('say where the bytes are, and nothing no version writes is read as one', () => {
    expect(placeOf(`0123456789abcdef01234567-${HASH}.png`)).toMatchObject({ start: 0, length: null, extension: 'png' })
    expect(placeOf(`p3-1f40-bb8-${HASH}.webp`)).toEqual({
      file: 'pack-3.bin',
      start: 8000,
      length: 3000,
      extension: 'webp',
      contentHash: HASH,
    })
    for (const name of [
      `p3-${MAX_PACK_BYTES.toString(16)}-10-${HASH}.png`, // starts past any pack's end
      `p3-0-0-${HASH}.png`, // holds nothing
      `p3-0-1000001-${HASH}.png`, // longer than any picture
      `p1234567-0-10-${HASH}.png`,
      `p3-0-10-${HASH}.svg`,
      `p3-0-10-${HASH}.png/../x`,
      `../pack-3.bin`,
      'pack-3.bin',
      'manifest.jsonl',
    ])
      expect(placeOf(name), name).toBeNull()
  })
})

describe('the pack thumbnails are appended to', () => {
  it('goes on after what a crash left at its end, and the records read back as written', async () => {
    const first = new PackWriter(folder)
    const a = packedName(first.append(record(1)), HASH, 'png')
    first.close()
    // A record a crash cut short: bytes no manifest names.
    await appendFile(join(folder, 'pack-0.bin'), Buffer.alloc(1_234, 9))
    const again = new PackWriter(folder)
    const b = packedName(again.append(record(2)), HASH, 'png')
    again.close()
    expect(placeOf(b)).toMatchObject({ file: 'pack-0.bin', start: 3_000 + 1_234 })
    expect((await storedBytes(folder, a)).equals(record(1))).toBe(true)
    expect((await storedBytes(folder, b)).equals(record(2))).toBe(true)
  })

  it('starts a new pack once one is full', async () => {
    const writer = new PackWriter(folder)
    const big = Buffer.alloc(12 * 1024 * 1024, 7)
    const packs = [1, 2, 3, 4].map(() => writer.append(big).pack)
    writer.close()
    expect(packs).toEqual([0, 0, 0, 1])
    expect((await readdir(folder)).sort()).toEqual(['pack-0.bin', 'pack-1.bin'])
  })

  it('makes the pictures folder, never its parents: an account folder gone is not brought back', async () => {
    const writer = new PackWriter(join(dir.path, 'signed-out', 'pictures'))
    expect(() => writer.append(record(1))).toThrow(/ENOENT/)
    expect(await readdir(dir.path)).toEqual([])
  })
})

describe('folding packs mostly dead', () => {
  /** Pack 0 with four records, pack 1 with one; the entries name `named` of pack 0's and pack 1's. */
  async function twoPacks(named: number[]) {
    const writer = new PackWriter(folder)
    const names = [1, 2, 3, 4].map((fill) => packedName(writer.append(record(fill)), HASH, 'png'))
    writer.close()
    await writeFile(join(folder, 'pack-1.bin'), record(5))
    const newest = packedName({ pack: 1, offset: 0, length: 3_000 }, HASH, 'png')
    const entry = (file: string): PictureEntry => ({ url: `https://pics.example/${file}`, etag: null, file })
    const thumbs: Array<[string, PictureEntry]> = [
      ...named.map((i) => [`g${i}`, entry(names[i]!)] as [string, PictureEntry]),
      ['g-new', entry(newest)],
    ]
    return { thumbs, names }
  }

  it('copies the records still named into the newest pack, byte for byte, under new names', async () => {
    const { thumbs, names } = await twoPacks([2])
    const writer = new PackWriter(folder)
    const moved = foldSparsePacks(folder, thumbs, writer, await readdir(folder))
    writer.close()
    expect(moved).toHaveLength(1)
    const [id, entry] = moved[0]!
    expect(id).toBe('g2')
    expect(entry.url).toBe(`https://pics.example/${names[2]}`)
    expect(placeOf(entry.file)).toMatchObject({ file: 'pack-1.bin', start: 3_000, length: 3_000 })
    expect((await storedBytes(folder, entry.file)).equals(record(3))).toBe(true)
  })

  it('leaves a pack half named or more, and the newest however little of it is named', async () => {
    const half = await twoPacks([0, 1])
    await writeFile(join(folder, 'pack-1.bin'), Buffer.concat([record(5), Buffer.alloc(50_000)]))
    const writer = new PackWriter(folder)
    expect(foldSparsePacks(folder, half.thumbs, writer, await readdir(folder))).toEqual([])
    writer.close()
    expect((await readFile(join(folder, 'pack-1.bin'))).byteLength).toBe(53_000)
  })

  it('leaves a pack whose named records run past its end', async () => {
    const cut = await twoPacks([3])
    await truncate(join(folder, 'pack-0.bin'), 10_000)
    const writer = new PackWriter(folder)
    expect(foldSparsePacks(folder, cut.thumbs, writer, await readdir(folder))).toEqual([])
    writer.close()
    expect((await readFile(join(folder, 'pack-1.bin'))).byteLength).toBe(3_000)
  })

  it('folds at most two packs at a time', async () => {
    await mkdir(folder)
    const writer = new PackWriter(folder)
    for (let pack = 0; pack < 5; pack++) {
      await writeFile(join(folder, `pack-${pack}.bin`), Buffer.concat([record(pack), Buffer.alloc(20_000)]))
    }
    const thumbs: Array<[string, PictureEntry]> = [0, 1, 2, 3, 4].map((pack) => [
      `g${pack}`,
      { url: 'u', etag: null, file: packedName({ pack, offset: 0, length: 3_000 }, HASH, 'png') },
    ])
    const moved = foldSparsePacks(folder, thumbs, writer, await readdir(folder))
    writer.close()
    expect(moved.map(([id]) => id)).toEqual(['g0', 'g1'])
  })
})
