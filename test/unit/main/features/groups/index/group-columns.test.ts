import { beforeAll, describe, expect, it } from 'vitest'
import { GroupsQuerySchema, type GroupsQuery } from '@shared/channels/groups'
import { GroupSchema, type Group } from '@shared/domain'
import { communityOf } from '../../../../../../src-main/features/groups/community'
import {
  COLUMN_ARRAYS,
  FLAG,
  GroupColumnsBuilder,
  GroupsIndex,
  columnsOf,
  markAdmin,
  messagePreview,
  type GroupColumns,
} from '../../../../../../src-main/features/groups/index'
import { FIELD, RefsReader } from '../../../../../../src-main/features/groups/pictures/packed-refs'
import { nameBook } from '../../../../../../src-main/features/stories/feed/names'
import { EPOCH, groupsFromEmulator } from '../sync/support'

const NOW_MS = EPOCH * 1000
let groups: Group[]
let columns: GroupColumns

beforeAll(async () => {
  groups = await groupsFromEmulator(3_000)
  columns = columnsOf(groups)
}, 60_000)

const QUERIES: GroupsQuery[] = [
  {},
  { sort: 'name', limit: 200 },
  { sort: 'size', filters: ['admin'] },
  { sort: 'unread', filters: ['muted', 'unread'], offset: 10 },
  { search: 'a e', sort: 'name' },
]

describe('the columns of a snapshot', () => {
  it('are plain typed arrays, each alone in its ArrayBuffer, so they can be transferred', () => {
    for (const name of COLUMN_ARRAYS) {
      const array = columns[name]
      expect(array.buffer).toBeInstanceOf(ArrayBuffer)
      expect(array.byteOffset).toBe(0)
      expect(array.buffer.byteLength).toBe(array.byteLength)
    }
    const options = { now: () => NOW_MS, locale: 'en' }
    const before = GroupsIndex.of(groups, options)
    const own = columnsOf(groups)
    const moved = structuredClone(own, { transfer: COLUMN_ARRAYS.map((n) => own[n].buffer) })
    const after = new GroupsIndex(moved, options)
    for (const query of QUERIES) {
      const parsed = GroupsQuerySchema.parse(query)
      expect(after.query(parsed)).toEqual(before.query(parsed))
    }
    // Transferred away: the builder's copy is gone, as a worker's would be.
    expect(own.text.byteLength).toBe(0)
  })

  it('take the groups one at a time, the admins only from what each record lists', () => {
    const builder = new GroupColumnsBuilder()
    for (const group of groups) {
      const admins = group.participants.filter((p) => p.rank !== 'member')
      builder.add({ ...group, participants: admins })
    }
    const lean = builder.finish()
    expect(lean.selfId).toBe(columns.selfId)
    expect(Array.from(lean.flags)).toEqual(Array.from(columns.flags))
    expect(Buffer.from(lean.text).equals(Buffer.from(columns.text))).toBe(true)
  })

  it('keep only one line of each last message, not the message', () => {
    const index = new GroupsIndex(columns)
    const rows = index.query(GroupsQuerySchema.parse({ limit: 200 })).rows
    for (const row of rows) {
      const group = groups.find((g) => g.id === row.id)!
      expect(row.preview).toEqual(messagePreview(group.last_message))
    }
    // Every string of every group, previews included, is far smaller than the messages were.
    const messages = groups.reduce((n, g) => n + JSON.stringify(g.last_message ?? null).length, 0)
    expect(columns.text.byteLength).toBeLessThan(messages)
  })

  it('give each group’s community as the records would', () => {
    const index = new GroupsIndex(columns)
    const linked = groups.filter((g) => g.linkedParent || g.is_parent).slice(0, 20)
    expect(linked.length).toBeGreaterThan(0)
    for (const group of [...linked, groups[0]!]) {
      expect(communityOf(index.communityMembers(group.id), group.id, 'en')).toEqual(communityOf(groups, group.id, 'en'))
    }
    expect(index.communityMembers('nope@g.us')).toEqual([])
  })

  it('name the senders of last messages as the records would', () => {
    const index = new GroupsIndex(columns)
    const fromColumns = nameBook(
      index.namedSenders().map((s) => ({
        name: s.group,
        last_message: { from: s.from, from_name: s.name, from_me: false },
      })),
      [],
    )
    expect(fromColumns).toEqual(nameBook(groups, []))
  })

  it('give every group’s picture references, in the snapshot’s order', () => {
    const packed = new RefsReader(new GroupsIndex(columns).packedPictureRefs())
    const refs = Array.from({ length: packed.count }, (_, at) => {
      const [id, thumb] = [FIELD.id, FIELD.thumb].map((f) => packed.field(at, f))
      return { id, ...(thumb && { chat_pic: thumb }), full: packed.hasFull(at) }
    })
    expect(packed.count).toBe(groups.length)
    expect(refs).toEqual(
      groups.map((g) => ({
        id: g.id,
        ...(g.chat_pic && { chat_pic: g.chat_pic }),
        full: Boolean(g.chat_pic_full),
      })),
    )
  })
})

describe('rows copied from earlier columns', () => {
  const admins = (group: Group) => group.participants.filter((p) => p.rank === 'admin' || p.rank === 'creator')

  it('are the rows the records would make, in any mix with records added', () => {
    const builder = new GroupColumnsBuilder()
    // Every third record copied from the old columns, the others added as records.
    groups.forEach((group, at) => {
      if (at % 3 === 0) builder.copyRow(columns, at)
      else builder.add(group)
    })
    const mixed = builder.finish()
    expect(mixed.selfId).toBe(columns.selfId)
    // The own id stayed: every copied row kept its admin flag.
    expect(builder.rowsWithoutAdmins).toEqual([])
    for (const query of QUERIES) {
      const args = GroupsQuerySchema.parse(query)
      const options = { now: () => NOW_MS, stale: new Set<string>() }
      expect(new GroupsIndex(mixed, options).query(args)).toEqual(new GroupsIndex(columns, options).query(args))
    }
  })

  it('take their kinds and labels into the new tables and their admin flag from the new own id', () => {
    const reversed = [...groups].reverse()
    // Another admin than the own id the old columns used: the copied flags must follow it.
    const other = groups.flatMap(admins).find((p) => !p.id.startsWith(columns.selfId ?? '-'))
    const selfId = (other?.id ?? '').split('@')[0] as string
    expect(selfId).not.toBe('')
    const builder = new GroupColumnsBuilder({ selfId })
    reversed.forEach((group) => builder.copyRow(columns, groups.indexOf(group)))
    const copied = builder.finish()
    // The own id changed: the flags are made again from the records' admins.
    expect(builder.rowsWithoutAdmins).toEqual(reversed.map((_, at) => at))
    for (const at of builder.rowsWithoutAdmins) markAdmin(copied, at, admins(reversed[at] as Group))
    const expected = columnsOf(reversed, { selfId })
    expect(expected.flags.some((flags) => (flags & FLAG.admin) !== 0)).toBe(true)
    expect(copied.kinds).toEqual(expected.kinds)
    expect(copied.labels).toEqual(expected.labels)
    for (const name of COLUMN_ARRAYS) expect([name, copied[name]]).toEqual([name, expected[name]])
  })
})

describe('search over the folded text', () => {
  const make = (id: string, name: string, description = '') =>
    GroupSchema.parse({
      id,
      name,
      description,
      type: 'group',
      participants_count: 1,
      participants: [{ id: '1', rank: 'member' }],
    })

  it('never matches across two groups’ texts, and matches characters of any width', () => {
    const index = GroupsIndex.of(
      [make('a@g.us', 'ends with ab'), make('b@g.us', 'cd starts'), make('c@g.us', 'Ωμέγα 🎉 Çafé'), make('d@g.us', '')],
      { selfId: null },
    )
    const ids = (search: string) => index.query(GroupsQuerySchema.parse({ search, sort: 'name' })).rows.map((r) => r.id)
    expect(ids('bcd')).toEqual([])
    expect(ids('b cd')).toEqual([])
    expect(ids('ab')).toEqual(['a@g.us'])
    expect(ids('ωμεγα')).toEqual(['c@g.us'])
    expect(ids('🎉 cafe')).toEqual(['c@g.us'])
    expect(ids('starts ends')).toEqual([])
  })
})
