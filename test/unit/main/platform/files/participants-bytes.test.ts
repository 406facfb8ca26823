import { describe, expect, it } from 'vitest'
import type { Group } from '@shared/domain'
import { MAX_RECORD_DEPTH } from '@shared/domain/nesting'
import { isAdminRank } from '@shared/domain/group'
import { rowOf } from '../../../../../src-main/features/groups/index/row-parts'
import { skipJsonValue, skipSpace } from '../../../../../src-main/platform/files/json-bytes'
import { scanGroupsPage } from '../../../../../src-main/platform/files/page-bytes'
import { parsePage } from '../../../../../src-main/features/groups/sync/parse-page'
import { readParticipants } from '../../../../../src-main/platform/files/participants-bytes'
import { participantsIssue, rowIssue } from '../../../../../src-main/features/groups/sync/row-checks'

/** A small seeded generator, so a failure names the case that made it. */
function random(seed: number): () => number {
  let state = seed >>> 0
  return () => {
    state = (state * 1_664_525 + 1_013_904_223) >>> 0
    return state / 2 ** 32
  }
}

function pick<T>(next: () => number, items: readonly T[]): T {
  return items[Math.floor(next() * items.length)] as T
}

const SCALARS = ['"1"', '"x@s.whatsapp.net"', '7', '-0.5e3', 'true', 'false', 'null', '"\\u0061dmin"', '"é ✓ \\"q\\""', '"\\n\\t"']
const RANKS = ['"member"', '"admin"', '"creator"', '"superadmin"', '"\\u0061dmin"', '"cre\\u0061tor"', '7', 'null', '{"x":1}']

/** One participant as a server might write it: mostly plain, sometimes spaced, escaped, odd. */
function participant(next: () => number): string {
  const roll = next()
  if (roll < 0.05) return pick(next, ['[]', '"p"', '12', 'null', '[{"id":"1","rank":"admin"}]'])
  const members: string[] = []
  if (next() > 0.05)
    members.push(`${pick(next, ['"id"', '"\\u0069d"', '"id"'])}:${next() < 0.9 ? `"${Math.floor(next() * 1e12)}"` : pick(next, SCALARS)}`)
  if (next() > 0.05) members.push(`${pick(next, ['"rank"', '"r\\u0061nk"', '"rank"'])}:${pick(next, RANKS)}`)
  if (next() < 0.15) members.push(`"extra":${pick(next, ['{"a":[1,{"b":null}]}', '[]', '"s"', '1.25', '{"rank":"admin"}'])}`)
  if (next() < 0.1) members.push(`"id":${pick(next, SCALARS)}`)
  if (next() < 0.3) members.reverse()
  const space = next() < 0.2 ? ' \n ' : ''
  return `{${space}${members.join(`${space},${space}`)}${space}}`
}

function participants(next: () => number, count: number): string {
  const space = next() < 0.2 ? ' ' : ''
  return `[${space}${Array.from({ length: count }, () => participant(next)).join(`${space},${space}`)}${space}]`
}

/** A byte changed, dropped or added where JSON is easiest to break. */
function mutate(next: () => number, text: string): string {
  const at = Math.floor(next() * text.length)
  const char = pick(next, ['{', '}', '[', ']', ',', ':', '"', '\\', ' ', '1', 'e', '-', '.', 'u', 'n', '\u0001', 'x'])
  const roll = next()
  if (roll < 0.33) return text.slice(0, at) + text.slice(at + 1)
  if (roll < 0.66) return text.slice(0, at) + char + text.slice(at)
  return text.slice(0, at) + char + text.slice(at + 1)
}

function depthOf(value: unknown): number {
  if (value === null || typeof value !== 'object') return 0
  const children = Array.isArray(value) ? value : Object.values(value)
  return 1 + Math.max(0, ...children.map(depthOf))
}

function parsed(text: string): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(text) as unknown }
  } catch {
    return { ok: false }
  }
}

describe('participants read in their bytes', () => {
  it('agree with JSON.parse and the row checks on thousands of arrays, whole and broken', () => {
    const next = random(28)
    for (let round = 0; round < 4_000; round++) {
      const whole = participants(next, Math.floor(next() * 6))
      const text = round % 2 === 0 ? whole : mutate(next, whole)
      if (!text.startsWith('[')) continue
      const bytes = Buffer.from(text)
      const read = readParticipants(bytes, 0)
      const reference = parsed(text)
      const readWhole = read !== null && skipSpace(bytes, read.end) === bytes.length
      const isArray = reference.ok && Array.isArray(reference.value)
      expect(readWhole, text).toBe(isArray)
      if (!read || !isArray || !reference.ok) continue
      const list = reference.value as { id: string; rank: string }[]
      expect(read.issue, text).toEqual(participantsIssue(list))
      expect(read.depth, text).toBe(depthOf(list))
      if (!read.issue) expect(read.admins, text).toEqual(list.filter((p) => isAdminRank(p.rank)).map(({ id, rank }) => ({ id, rank })))
    }
  })

  it('skip any value exactly where JSON.parse would stop, and refuse what it refuses', () => {
    const values = [
      '0',
      '-0',
      '1.5e+3',
      '1E2',
      '01',
      '1.',
      '.5',
      '-',
      '1e',
      'tru',
      'nul',
      'true',
      '"\\x"',
      '"\\u12g4"',
      '"a\tb"',
      '[1,]',
      '{"a":1,}',
      '{"a" 1}',
      '[[[]]]',
      '{"a":{"b":[1,2,{"c":"d"}]}}',
      '""',
      '"\\/"',
    ]
    const next = random(7)
    const cases = [...values, ...Array.from({ length: 2_000 }, () => mutate(next, pick(next, values.slice(-4))))]
    for (const text of cases) {
      const bytes = Buffer.from(text)
      const read = skipJsonValue(bytes, 0, { end: 0, depth: 0 })
      const whole = read !== null && skipSpace(bytes, read.end) === bytes.length
      expect(whole, text).toBe(parsed(text).ok && !/^\s/.test(text))
      if (whole && read) expect(read.depth, text).toBe(depthOf(JSON.parse(text)))
    }
  })

  it('stop at the record depth limit rather than follow a value down, however deep it goes', () => {
    const levels = 4 * 1024 * 1024
    const deep = Buffer.from('['.repeat(levels) + ']'.repeat(levels))
    const out = { end: 0, depth: 0 }
    expect(skipJsonValue(deep, 0, out)).toBeNull()
    // It stopped at the bracket one level past the limit, not at the end of the bytes.
    expect(out).toEqual({ end: MAX_RECORD_DEPTH + 1, depth: MAX_RECORD_DEPTH + 1 })
    expect(skipJsonValue(Buffer.from('['.repeat(MAX_RECORD_DEPTH) + ']'.repeat(MAX_RECORD_DEPTH)), 0, out)).toMatchObject({
      depth: MAX_RECORD_DEPTH,
    })
  })

  it('set aside a record whose participants nest millions deep as too deep, and read the others', () => {
    const levels = 4 * 1024 * 1024
    const head = JSON.stringify({ id: 'deep@g.us', name: 'Deep', type: 'group', participants_count: 1 }).slice(0, -1)
    const good = { id: 'good@g.us', name: 'Good', type: 'group', participants_count: 1, participants: [{ id: '1', rank: 'admin' }] }
    const body = Buffer.from(
      `{"groups":[${head},"participants":${'['.repeat(levels)}${']'.repeat(levels)}},${JSON.stringify(good)}],"count":2,"total":2,"offset":0}`,
    )
    const outcome = parsePage(body)
    if (!outcome.ok) throw new Error(`not read: ${outcome.problem.reason}`)
    expect(outcome.page.rejected).toEqual([{ index: 0, path: 'groups[0]', message: `nested more than ${MAX_RECORD_DEPTH} levels deep` }])
    expect(outcome.page.groups.map((row) => row.id)).toEqual(['good@g.us'])
    // Brackets that never close make a page cut short, refused whole like any other.
    const open = Buffer.from(`{"groups":[${head},"participants":${'['.repeat(levels)}`)
    expect(parsePage(open)).toMatchObject({ ok: false, problem: { reason: 'cut-short' } })
  })

  it('make the same rows and set the same records aside as JSON.parse of each record', () => {
    const next = random(5)
    let pagesRead = 0
    for (let pageNumber = 0; pageNumber < 60; pageNumber++) {
      const records: string[] = []
      for (let i = 0; i < 20; i++) {
        const group = {
          id: `g${i}@g.us`,
          name: `Group ${i}`,
          type: 'group',
          participants_count: 3,
          last_message: { id: 'm', type: 'text', text: { body: 'hi' }, from: '15550001', from_me: i % 3 === 0 },
        }
        const head = JSON.stringify(group).slice(0, -1)
        const list = participants(next, 1 + Math.floor(next() * 5))
        let record = `${head},"participants":${list}}`
        if (i % 7 === 0) record = mutate(next, record)
        if (i % 11 === 0) record = `${head},"participants":${list},"participants":[]}`
        if (i % 13 === 0) record = `${head},"p\\u0061rticipants":${list},"participants":${participants(next, 2)}}`
        records.push(record)
      }
      const body = Buffer.from(`{"groups":[${records.join(',')}],"count":${records.length},"total":${records.length},"offset":0}`)
      const outcome = parsePage(body)
      // A byte changed in one record can break the page itself: such a page is not compared.
      if (!outcome.ok) continue
      pagesRead++
      // What every record was before: its bytes, as the scan finds them, given whole to JSON.parse.
      const { starts, ends } = scanGroupsPage(body)
      const rows: unknown[] = []
      const rejected: unknown[] = []
      starts.forEach((start, index) => {
        const value = parsed(body.toString('utf8', start, ends[index]))
        if (!value.ok) return rejected.push({ index, path: `groups[${index}]`, message: 'not JSON' })
        const issue = rowIssue(value.value)
        const id = (value.value as { id?: unknown } | null)?.id
        if (issue)
          return rejected.push({
            index,
            ...(typeof id === 'string' && { id }),
            path: `groups[${index}]${issue.path}`,
            message: issue.message,
          })
        rows.push(rowOf(value.value as Group))
      })
      expect(outcome.page.groups).toEqual(rows)
      expect(outcome.page.rejected).toEqual(rejected)
    }
    expect(pagesRead).toBeGreaterThan(30)
  })
})
