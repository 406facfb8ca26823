import { crc32 } from 'node:zlib'
import { describe, expect, it } from 'vitest'
import type { Group } from '@shared/domain'
import { RecordPrint } from '../../../../../../src-main/features/groups/cache'
import { rowOf } from '../../../../../../src-main/features/groups/index'
import { parsePage, type KnownRecords, type ParsedPage } from '../../../../../../src-main/features/groups/sync/parse-page'

function group(id: string, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    id,
    name: `Group ${id}`,
    type: 'group',
    timestamp: 1_750_000_000,
    participants_count: 3,
    participants: [
      { id: '1', rank: 'creator' },
      { id: '2', rank: 'member' },
      { id: '3', rank: 'member' },
    ],
    last_message: { id: 'm', type: 'text', text: { body: 'hi "there" ] } [ {' }, from_me: true },
    labels: [{ id: 'l1', name: 'Work', color: 'red' }],
    ...extra,
  }
}

function page(groups: unknown[], extra: Record<string, unknown> = {}): Buffer {
  return Buffer.from(JSON.stringify({ groups, count: groups.length, total: groups.length, offset: 0, ...extra }))
}

/** The key of the tests' syncs. */
const print = RecordPrint.fresh()

function read(body: Buffer): ParsedPage {
  const outcome = parsePage(body, knownOf([]))
  if (!outcome.ok) throw new Error(`unexpected problem: ${outcome.problem.reason}`)
  return outcome.page
}

/** What the last sync knew: these records, in this order, with these fingerprints under the tests' key. */
function knownOf(entries: [string, number][], under: RecordPrint = print): KnownRecords {
  return {
    print: under,
    position: new Map(entries.map(([id], at) => [id, at])),
    fingerprints: Uint32Array.from(entries.map(([, fingerprint]) => fingerprint)),
  }
}

function problem(body: Buffer | string): string {
  const outcome = parsePage(Buffer.from(body))
  if (outcome.ok) throw new Error('the page was read')
  return outcome.problem.reason
}

describe('a groups page read for the list', () => {
  it('gives the lean rows and the exact bytes of each record, with their keyed fingerprint', () => {
    const groups = [group('a@g.us'), group('b@g.us', { name: 'Ünïcødé ✓ "quoted" \\ slash' })]
    const body = page(groups)
    const parsed = read(body)
    expect(parsed.groups).toEqual(groups.map((g) => rowOf(g as Group)))
    expect(parsed.rejected).toEqual([])
    expect([parsed.count, parsed.total, parsed.offset, parsed.bytes]).toEqual([2, 2, 0, body.length])
    parsed.groups.forEach((_, i) => {
      const bytes = body.subarray(parsed.starts[i], (parsed.starts[i] as number) + (parsed.lengths[i] as number))
      expect(JSON.parse(bytes.toString('utf8'))).toEqual(groups[i])
      expect(parsed.fingerprints[i]).toBe(print.of(bytes))
    })
  })

  it('finds the records whatever the spacing and wherever the array is in the envelope', () => {
    const groups = [group('a'), group('b')]
    const body = Buffer.from(
      `\n { "total" : 2 ,\n "offset":0, "extra": {"groups": [1, 2]}, "groups" : [\n  ${JSON.stringify(groups[0], null, 2)} ,\n${JSON.stringify(groups[1])}\n ] , "count":2 }\n`,
    )
    const parsed = read(body)
    expect(parsed.groups.map((g) => g.id)).toEqual(['a', 'b'])
    const second = body.subarray(parsed.starts[1], (parsed.starts[1] as number) + (parsed.lengths[1] as number))
    expect(second.toString()).toBe(JSON.stringify(groups[1]))
  })

  it('sets aside each malformed record with where and why, and keeps the rest', () => {
    let deep: unknown = 'bottom'
    for (let i = 0; i < 200; i++) deep = [deep]
    const body = page([
      group('ok-1'),
      { name: 'no id', type: 'group', participants_count: 0, participants: [] },
      group('bad-participants', { participants: 'everyone' }),
      group('bad-rank', { participants: [{ id: '1', rank: 7 }] }),
      group('bad-label', { labels: [{ id: 'l', name: 'n' }] }),
      group('bad-last-message', { last_message: 'hello' }),
      group('bad-count', { participants_count: '3' }),
      group('deep', { extra: deep }),
      42,
      null,
      group('ok-2'),
    ])
    const parsed = read(body)
    expect(parsed.groups.map((g) => g.id)).toEqual(['ok-1', 'ok-2'])
    expect(parsed.rejected).toEqual([
      { index: 1, path: 'groups[1].id', message: 'expected string' },
      {
        index: 2,
        id: 'bad-participants',
        path: 'groups[2].participants',
        message: 'expected array',
      },
      {
        index: 3,
        id: 'bad-rank',
        path: 'groups[3].participants[0].rank',
        message: 'expected string',
      },
      { index: 4, id: 'bad-label', path: 'groups[4].labels[0].color', message: 'expected string' },
      {
        index: 5,
        id: 'bad-last-message',
        path: 'groups[5].last_message',
        message: 'expected object',
      },
      {
        index: 6,
        id: 'bad-count',
        path: 'groups[6].participants_count',
        message: 'expected number',
      },
      { index: 7, path: 'groups[7]', message: 'nested more than 64 levels deep' },
      { index: 8, path: 'groups[8]', message: 'expected object' },
      { index: 9, path: 'groups[9]', message: 'expected object' },
    ])
    // The records kept still point at their own bytes after the ones set aside.
    const last = body.subarray(parsed.starts[1], (parsed.starts[1] as number) + (parsed.lengths[1] as number))
    expect((JSON.parse(last.toString()) as { id: string }).id).toBe('ok-2')
  })

  it('sends only the id and last place of a record whose bytes the last sync already had', () => {
    const groups = [group('same'), group('changed'), group('new')]
    const body = page(groups)
    const first = read(body)
    const known = knownOf([
      ['other', 7],
      ['same', first.fingerprints[0]!],
      ['changed', first.fingerprints[1]! + 1],
    ])
    const outcome = parsePage(body, known)
    if (!outcome.ok) throw new Error('not read')
    const { groups: rows, unchanged, previous, fingerprints } = outcome.page
    expect([...unchanged]).toEqual([1, 0, 0])
    expect([...previous]).toEqual([1, -1, -1])
    expect(rows[0]).toEqual({ id: 'same' })
    expect(rows.slice(1)).toEqual(groups.slice(1).map((g) => rowOf(g as Group)))
    expect([...fingerprints]).toEqual([...first.fingerprints])
  })

  it('trusts the last sync only under a key: a record known by its CRC-32 alone is parsed again', () => {
    const body = page([group('same')])
    const record = JSON.stringify(group('same'))
    const outcome = parsePage(body, knownOf([['same', crc32(Buffer.from(record))]], RecordPrint.keyless))
    if (!outcome.ok) throw new Error('not read')
    expect([...outcome.page.unchanged]).toEqual([0])
    // Under another key, the same bytes are another fingerprint: nothing is taken as unchanged either.
    const other = parsePage(body, knownOf([['same', print.of(Buffer.from(record))]], RecordPrint.fresh()))
    expect(other.ok && [...other.page.unchanged]).toEqual([0])
  })

  it('reads the id the way JSON.parse does before trusting the last sync, or parses the record', () => {
    const records = [
      // The last of a repeated key is the one JSON.parse keeps.
      '{"id":"decoy","name":"Dup","type":"group","participants_count":1,"participants":[],"id":"dup"}',
      // An id written with escapes is still that id.
      '{"id":"esc\\u0061ped","name":"Esc","type":"group","participants_count":1,"participants":[]}',
      // A key written with escapes could be "id" to a parser: the record is parsed.
      '{"id":"plain","name":"Key","type":"group","participants_count":1,"participants":[],"i\\u0064":"plain"}',
      // Keys named id inside nested objects are not the record's.
      '{"name":"Nested","type":"group","participants_count":1,"participants":[{"id":"p1","rank":"member"}],"id":"nested"}',
    ]
    const body = Buffer.from(`{"groups":[${records.join(',')}],"count":4,"total":4,"offset":0}`)
    const first = read(body)
    expect(first.groups.map((g) => g.id)).toEqual(['dup', 'escaped', 'plain', 'nested'])
    const prints = [...first.fingerprints]
    const same = parsePage(
      body,
      knownOf([
        ['dup', prints[0]!],
        ['escaped', prints[1]!],
        ['plain', prints[2]!],
        ['nested', prints[3]!],
      ]),
    )
    if (!same.ok) throw new Error('not read')
    expect([...same.page.unchanged]).toEqual([1, 1, 0, 1])
    expect(same.page.groups.map((g) => g.id)).toEqual(['dup', 'escaped', 'plain', 'nested'])
    // The decoy id with the dup record's fingerprint is not the dup record.
    const decoy = parsePage(body, knownOf([['decoy', prints[0]!]]))
    if (!decoy.ok) throw new Error('not read')
    expect([...decoy.page.unchanged]).toEqual([0, 0, 0, 0])
  })

  it('sets aside a record with bytes after its object, known or not', () => {
    const good = JSON.stringify(group('good'))
    const body = Buffer.from(`{"groups":[${good} 1,${good}],"count":2,"total":2,"offset":0}`)
    const outcome = parsePage(body, knownOf([['good', print.of(Buffer.from(good))]]))
    if (!outcome.ok) throw new Error('not read')
    expect(outcome.page.rejected).toEqual([{ index: 0, path: 'groups[0]', message: 'not JSON' }])
    expect([...outcome.page.unchanged]).toEqual([1])
  })

  it('fails the whole page when it is not a groups page', () => {
    const valid = page([group('a')]).toString()
    expect(problem('<html>busy</html>')).toBe('not-an-object')
    expect(problem(valid.slice(0, valid.length - 40))).toMatch(/^(cut-short|string-not-closed)$/)
    expect(problem('{"count":0,"total":0,"offset":0}')).toBe('no-groups-array')
    expect(problem('{"groups":{},"count":0,"total":0,"offset":0}')).toBe('groups-not-an-array')
    expect(problem(`${valid}x`)).toBe('not-json')
    expect(problem('{"groups":[1,,2],"count":0,"total":0,"offset":0}')).toBe('empty-item')
    // JSON.parse refuses a comma before the closing bracket; so does the scan, after a record or any item.
    expect(problem(`{"groups":[${JSON.stringify(group('a'))},],"count":1,"total":1,"offset":0}`)).toBe('trailing-comma')
    expect(problem(`{"groups":[${JSON.stringify(group('a'))} , \n ],"count":1,"total":1,"offset":0}`)).toBe('trailing-comma')
    expect(problem('{"groups":[1,],"count":1,"total":1,"offset":0}')).toBe('trailing-comma')
    expect(problem('{"groups":[,],"count":0,"total":0,"offset":0}')).toBe('empty-item')
    // A flood of tiny records is refused whole, before any is parsed or set aside.
    expect(problem(page(Array.from({ length: 100_000 }, () => ({}))))).toBe('too-many-records')
  })

  it('refuses an envelope a JSON parser and the byte scan could read differently', () => {
    const one = JSON.stringify([group('shown')])
    const other = JSON.stringify([group('hidden')])
    expect(problem(`{"groups":${one},"groups":${other},"count":1,"total":1,"offset":0}`)).toBe('two-groups-arrays')
    expect(problem(`{"groups":${one},"\\u0067roups":${other},"count":1,"total":1,"offset":0}`)).toBe('escaped-key')
  })

  it('checks the envelope’s numbers', () => {
    expect(problem(page([], { count: -1 }))).toBe('not-a-count')
    expect(problem(page([], { total: '5' }))).toBe('not-a-count')
    expect(problem(page([], { offset: 1.5 }))).toBe('not-a-count')
  })
})
