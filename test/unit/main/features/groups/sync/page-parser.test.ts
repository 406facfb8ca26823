import { afterEach, describe, expect, it } from 'vitest'
import { RecordPrint } from '../../../../../../src-main/features/groups/cache'
import { PageParser } from '../../../../../../src-main/features/groups/sync/page-parser'
import { ParsedPages } from '../../../../../../src-main/features/groups/sync/parsed-pages'
import { isUnreadablePage } from '../../../../../../src-main/features/groups/sync/paging'
import { captureLogger } from './support'

function page(ids: string[]): Buffer {
  const groups = ids.map((id) => ({
    id,
    name: id,
    type: 'group',
    participants_count: 2,
    participants: [
      { id: '1', rank: 'admin' },
      { id: '2', rank: 'member' },
    ],
  }))
  return Buffer.from(JSON.stringify({ groups, count: ids.length, total: 99, offset: 0 }))
}

/** The body as the client hands it over: a buffer of its own. */
function owned(bytes: Buffer): Uint8Array {
  return new Uint8Array(bytes)
}

const parsers: PageParser[] = []
afterEach(() => {
  for (const parser of parsers.splice(0)) parser.close()
})

describe('pages parsed on a worker thread', () => {
  it('gives the rows and the page’s own bytes back, moved, not copied in main', async () => {
    const parser = new PageParser(RecordPrint.fresh())
    parsers.push(parser)
    const bytes = page(['a', 'b'])
    const body = owned(bytes)
    const { outcome, body: back } = await parser.parse(body)
    // The handed-in buffer was moved to the worker: it is empty here now.
    expect(body.byteLength).toBe(0)
    expect(back.equals(bytes)).toBe(true)
    expect(outcome.ok && outcome.page.groups.map((g) => [g.id, 'admins' in g ? g.admins.length : -1])).toEqual([
      ['a', 1],
      ['b', 1],
    ])
  })

  it('keeps pages in flight together apart, and reports an unreadable one as such', async () => {
    const parser = new PageParser(RecordPrint.fresh())
    parsers.push(parser)
    const reads = await Promise.all([
      parser.parse(owned(page(['x']))),
      parser.parse(owned(Buffer.from('<html>'))),
      // A slice of a larger buffer is copied rather than moved.
      parser.parse(page(['y', 'z']).subarray(0)),
    ])
    expect(reads[0]!.outcome.ok && reads[0]!.outcome.page.groups[0]!.id).toBe('x')
    expect(reads[1]!.outcome).toEqual({
      ok: false,
      problem: { path: '', reason: 'not-an-object' },
    })
    expect(reads[2]!.outcome.ok && reads[2]!.outcome.page.groups.map((g) => g.id)).toEqual(['y', 'z'])
  })

  it('each sync’s known records stay its own in the shared worker', async () => {
    const bytes = page(['a', 'b'])
    const print = RecordPrint.fresh()
    const plain = new PageParser(print)
    parsers.push(plain)
    const first = await plain.parse(owned(bytes))
    if (!first.outcome.ok) throw new Error('not read')
    const knowing = new PageParser(print, { ids: ['a'], fingerprints: first.outcome.page.fingerprints })
    parsers.push(knowing)
    const [known, unknown] = await Promise.all([knowing.parse(owned(bytes)), plain.parse(owned(bytes))])
    expect(known.outcome.ok && [...known.outcome.page.unchanged]).toEqual([1, 0])
    expect(known.outcome.ok && known.outcome.page.groups[0]).toEqual({ id: 'a' })
    expect(known.outcome.ok && [...known.outcome.page.previous]).toEqual([0, -1])
    expect(unknown.outcome.ok && [...unknown.outcome.page.unchanged]).toEqual([0, 0])
  })

  it('a closed parser takes no more pages; the others go on', async () => {
    const closed = new PageParser(RecordPrint.fresh())
    const open = new PageParser(RecordPrint.fresh())
    parsers.push(open)
    closed.close()
    await expect(closed.parse(owned(page(['a'])))).rejects.toThrow(/closed/)
    expect((await open.parse(owned(page(['b'])))).outcome.ok).toBe(true)
  })
})

describe('a page the sync cannot read', () => {
  const source = (body: Buffer) => ({ listGroupsBody: async () => owned(body) })

  it('fails with one sentence naming where the page starts, and the reason as a code in its details', async () => {
    const parser = new PageParser(RecordPrint.fresh())
    parsers.push(parser)
    const pages = new ParsedPages(source(Buffer.from('<html>busy</html>')), parser, captureLogger())
    const error = await pages.listGroups({ count: 500, offset: 1_000 }).catch((e: unknown) => e)
    expect(error).toMatchObject({
      code: 'invalid-response',
      text: { key: 'groupErrors.sync.unreadablePage', params: { first: 1_001 } },
      details: { reason: 'not-an-object', offset: 1_000 },
    })
    // Worth asking for again, unlike a server that never stops.
    expect(isUnreadablePage(error)).toBe(true)
  })

  it('names the envelope field at fault', async () => {
    const parser = new PageParser(RecordPrint.fresh())
    parsers.push(parser)
    const body = Buffer.from(JSON.stringify({ groups: [], count: -1, total: 0, offset: 0 }))
    const error = await new ParsedPages(source(body), parser, captureLogger())
      .listGroups({ count: 500, offset: 0 })
      .catch((e: unknown) => e)
    expect(error).toMatchObject({ details: { reason: 'not-a-count', path: 'count', offset: 0 } })
  })

  it('fails as unreadable, to be asked for again, when the page reader stopped', async () => {
    const parser = new PageParser(RecordPrint.fresh())
    parser.close()
    const error = await new ParsedPages(source(page(['a'])), parser, captureLogger())
      .listGroups({ count: 500, offset: 0 })
      .catch((e: unknown) => e)
    expect(error).toMatchObject({
      code: 'invalid-response',
      text: { key: 'groupErrors.sync.pageReaderStopped' },
      details: { reason: 'page-reader' },
    })
    expect(isUnreadablePage(error)).toBe(true)
  })
})
