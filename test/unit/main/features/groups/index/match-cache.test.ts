import { describe, expect, it } from 'vitest'
import { MatchCache } from '../../../../../../src-main/features/groups/index/match-cache'

/** Writes the positions `from` to `to` - 1. */
const run = (from: number, to: number) => (into: Int32Array) => {
  for (let at = from; at < to; at++) into[at - from] = at
  return to - from
}

describe('the matches of recent queries', () => {
  it('keeps the last ones asked, each as written, the one used most lately kept longest', () => {
    const cache = new MatchCache(10, 2)
    expect([...cache.add('a', run(0, 3))]).toEqual([0, 1, 2])
    cache.add('b', run(5, 10))
    expect([...cache.get('a')!]).toEqual([0, 1, 2])
    cache.add('c', run(1, 2))
    // 'a' was used after 'b': 'b' went.
    expect(cache.get('b')).toBeUndefined()
    expect([...cache.get('a')!]).toEqual([0, 1, 2])
    expect([...cache.get('c')!]).toEqual([1])
  })

  it('fills the buffer of the query it pushes out: no new buffer once as many as it keeps were made', () => {
    const cache = new MatchCache(1_000, 3)
    const buffers = new Set<ArrayBufferLike>()
    for (let query = 0; query < 50; query++) {
      const matches = cache.add(`q${query}`, run(query, query + 1 + (query % 7) * 100))
      buffers.add(matches.buffer)
      expect(matches.length).toBe(1 + (query % 7) * 100)
      expect(matches[0]).toBe(query)
      expect(matches.at(-1)).toBe(query + (query % 7) * 100)
    }
    expect(buffers.size).toBe(3)
    // The three kept are intact after the buffers were written again and again.
    for (const query of [47, 48, 49]) expect(cache.get(`q${query}`)![0]).toBe(query)
  })

  it('holds a writer to the buffer it was given, whatever count it claims', () => {
    const cache = new MatchCache(4, 1)
    expect(cache.add('too many', () => 99).length).toBe(4)
    expect(cache.add('negative', () => -5).length).toBe(0)
  })

  it('asked again for a key it holds, replaces that entry and keeps the rest', () => {
    const cache = new MatchCache(10, 2)
    cache.add('a', run(0, 1))
    cache.add('b', run(1, 2))
    cache.add('a', run(2, 4))
    expect([...cache.get('a')!]).toEqual([2, 3])
    expect([...cache.get('b')!]).toEqual([1])
  })
})
