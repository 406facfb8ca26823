import { beforeAll, describe, expect, it } from 'vitest'
import type { Group } from '@shared/domain'
import { GroupColumnsBuilder, columnsOf, rowOf } from '../../../../../../src-main/features/groups/index'
import { chunkBuffers, chunkOf } from '../../../../../../src-main/features/groups/index/row-chunk'
import { groupsFromEmulator } from '../sync/support'

let groups: Group[]

beforeAll(async () => {
  groups = await groupsFromEmulator(1_200)
}, 60_000)

describe('rows made where their page was read, as a chunk of arrays', () => {
  it('make the same columns as the rows added one by one, whatever the runs and whatever comes between', () => {
    const expected = columnsOf(groups)
    const builder = new GroupColumnsBuilder()
    // Pages of 100, each its own chunk, added in runs of varying length with rows copied in between.
    for (let page = 0; page < groups.length; page += 100) {
      const rows = groups.slice(page, page + 100).map(rowOf)
      const chunk = structuredClone(chunkOf(rows))
      for (let at = 0; at < rows.length;) {
        const run = 1 + ((at * 7) % 23)
        const end = Math.min(rows.length, at + run)
        builder.addChunkRows(chunk, at, end)
        at = end
      }
    }
    expect(builder.finish()).toEqual(expected)
  })

  it('interleave with rows added one by one and still keep the columns’ tables in first-seen order', () => {
    const expected = columnsOf(groups.slice(0, 300))
    const builder = new GroupColumnsBuilder()
    const rows = groups.slice(0, 300).map(rowOf)
    const chunk = chunkOf(rows.filter((_, i) => i % 3 !== 0))
    let next = 0
    rows.forEach((row, i) => {
      if (i % 3 === 0) builder.addRow(row)
      else builder.addChunkRows(chunk, next, ++next)
    })
    expect(builder.finish()).toEqual(expected)
  })

  it('move whole: every array alone in its buffer', () => {
    const chunk = chunkOf(groups.slice(0, 50).map(rowOf))
    const buffers = chunkBuffers(chunk)
    expect(new Set(buffers).size).toBe(buffers.length)
    const moved = structuredClone(chunk, { transfer: buffers })
    expect(moved.count).toBe(50)
    expect(chunk.text.byteLength).toBe(0)
  })
})
