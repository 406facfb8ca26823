import { inflateSync } from 'node:zlib'
import { describe, expect, it } from 'vitest'
import { generateGroup, type GeneratorConfig } from '../../../../src-main/emulator/data/generator'
import { GroupList } from '../../../../src-main/emulator/data/group-list'
import { createPeople } from '../../../../src-main/emulator/data/people'
import { createRng } from '../../../../src-main/emulator/data/prng'
import { renderPicture } from '../../../../src-main/emulator/data/pictures'
import { specErrors } from '../../../support/emulator-openapi'

const config = (seed: number): GeneratorConfig => ({
  seed,
  epoch: 1_750_000_000,
  people: createPeople(seed),
  me: { phone: '15550100001', name: 'Me' },
  pictureBase: () => 'http://127.0.0.1:1/__emulator/pictures',
})

describe('GroupList', () => {
  it('matches a plain array under any sequence of additions and removals', () => {
    const rng = createRng(99)
    const list = new GroupList(300, 5, 1_750_000_000)
    let model = Array.from({ length: 300 }, (_, i) => i)
    for (let step = 0; step < 200; step++) {
      const positions = Array.from({ length: rng.int(0, 3) }, () => rng.int(0, model.length + 2))
      const add = rng.int(0, 3)
      const at = rng.chance(0.5) ? 'start' : 'end'
      const change = list.apply({ add, at, removePositions: positions })
      const gone = new Set(positions.filter((p) => p < model.length).map((p) => model[p]))
      model = model.filter((i) => !gone.has(i))
      model = at === 'start' ? [...[...change.added].reverse(), ...model] : [...model, ...change.added]
      expect(change.removed.sort()).toEqual([...gone].sort())
      expect(list.total).toBe(model.length)
    }
    expect(list.slice(0, list.total)).toEqual(model)
    expect(list.at(list.total)).toBeUndefined()
    expect(list.at(-1)).toBeUndefined()
  })

  it('removes a random count, never more than it has', () => {
    const list = new GroupList(5, 1, 0)
    expect(list.apply({ remove: 3 }).removed).toHaveLength(3)
    expect(list.apply({ remove: 10 }).total).toBe(0)
  })
})

describe('generateGroup', () => {
  it('builds any group on its own, the same every time', () => {
    const a = config(11)
    expect(generateGroup(a, 77_777)).toEqual(generateGroup(config(11), 77_777))
    expect(generateGroup(a, 5).id).not.toBe(generateGroup(config(12), 5).id)
  })

  it('produces valid, distinct groups across 100,000 indexes', () => {
    const c = config(1)
    const ids = new Set<string>()
    for (let index = 0; index < 100_000; index += 97) {
      const group = generateGroup(c, index)
      expect(specErrors('Group', group), `group ${index}`).toEqual([])
      ids.add(group.id)
    }
    expect(ids.size).toBe(Math.ceil(100_000 / 97))
  })

  it('gives last messages ids of their own per epoch, so a restarted demo never repeats one', () => {
    const messageIds = (c: GeneratorConfig): string[] =>
      Array.from({ length: 200 }, (_, index) => generateGroup(c, index).last_message?.id as string)
    const today = messageIds(config(3))
    const tomorrow = messageIds({ ...config(3), epoch: 1_750_086_400 })
    expect(messageIds(config(3))).toEqual(today)
    expect(new Set(today).size).toBe(200)
    expect(new Set([...today, ...tomorrow]).size).toBe(400)
  })

  it('gives a group a new message id when its last message moves', () => {
    const c = config(3)
    const before = generateGroup(c, 8)
    const after = generateGroup(c, 8, { timestamp: (before.timestamp ?? 0) + 60 })
    expect(after.last_message?.id).not.toBe(before.last_message?.id)
    expect(after.name).toBe(before.name)
  })
})

describe('renderPicture', () => {
  const pixels = (png: Buffer): { width: number; first: number[] } => {
    let at = 8
    const idat: Buffer[] = []
    let width = 0
    while (at < png.length) {
      const length = png.readUInt32BE(at)
      const type = png.subarray(at + 4, at + 8).toString('latin1')
      const data = png.subarray(at + 8, at + 8 + length)
      if (type === 'IHDR') width = data.readUInt32BE(0)
      if (type === 'IDAT') idat.push(data)
      at += 12 + length
    }
    const raw = inflateSync(Buffer.concat(idat))
    return { width, first: [...raw.subarray(1, 4)] }
  }

  it('draws a valid PNG of the asked size, coloured by its key', () => {
    const a = pixels(renderPicture('120363000000000001', 96))
    const b = pixels(renderPicture('120363000000000002', 96))
    expect(a.width).toBe(96)
    expect(a.first).not.toEqual(b.first)
    expect(renderPicture('x', 8)).toEqual(renderPicture('x', 8))
  })
})
