import { beforeAll, describe, expect, it } from 'vitest'
import {
  GROUP_FILTERS,
  GROUP_SORTS,
  GroupsQuerySchema,
  MAX_WINDOW,
  type GroupFilter,
  type GroupSort,
  type GroupsQuery,
} from '@shared/channels/groups'
import { GroupSchema, type Group } from '@shared/domain'
import { GroupsIndex, messagePreview } from '../../../../../../src-main/features/groups/index'
import { EPOCH, SELF_PHONE, groupsFromEmulator } from '../sync/support'

const NOW_MS = EPOCH * 1000
let groups: Group[]
let index: GroupsIndex

beforeAll(async () => {
  groups = await groupsFromEmulator(10_500)
  index = GroupsIndex.of(groups, { now: () => NOW_MS, locale: 'en' })
}, 60_000)

describe('building the index', () => {
  it('in slices gives the same answers as at once, turning the event loop between slices', async () => {
    let turns = 0
    const built = await GroupsIndex.build(groups, { now: () => NOW_MS, locale: 'en' }, async () => {
      turns++
    })
    expect(turns).toBe(Math.floor(groups.length / 2_000))
    for (const query of [
      {},
      { search: 'cafe', sort: 'name' as const },
      { filters: ['admin' as const, 'unread' as const], sort: 'size' as const, offset: 20 },
    ]) {
      const parsed = GroupsQuerySchema.parse(query)
      expect(built.query(parsed)).toEqual(index.query(parsed))
    }
    expect(built.selfId).toBe(index.selfId)
  })
})

// ---- the plain reference: no precomputation, no caches, one group at a time -------------

const plainFold = (text: string) => text.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase().replaceAll('ς', 'σ')
const collator = new Intl.Collator('en', { sensitivity: 'base', numeric: true })

function referenceMatches(all: Group[], query: GroupsQuery): Group[] {
  const q = GroupsQuerySchema.parse(query)
  const words = plainFold(q.search)
    .split(/\s+/)
    .filter((w) => w !== '')
  const found = all.filter((g) => {
    const text = plainFold(`${g.name}\n${g.description ?? ''}\n${messagePreview(g.last_message)?.text ?? ''}`)
    for (const word of words) if (!text.includes(word)) return false
    if (q.labels.length > 0 && !(g.labels ?? []).some((label) => q.labels.includes(label.id))) return false
    for (const filter of q.filters) if (!referenceFilter(g, filter)) return false
    return true
  })
  return found.sort(referenceSort(q.sort))
}

function referenceFilter(g: Group, filter: GroupFilter): boolean {
  if (filter === 'unread') return (g.unread ?? 0) > 0
  if (filter === 'mentions') return g.unread_mention === true
  if (filter === 'pinned') return g.pin === true
  if (filter === 'muted') return g.mute === true && (!g.mute_until || g.mute_until > EPOCH)
  if (filter === 'archived') return g.archive === true
  if (filter === 'community') return g.is_parent === true
  if (filter === 'announcement') return g.isCommunityAnnounce === true
  if (filter === 'admin') return g.participants.some((p) => p.id === SELF_PHONE && (p.rank === 'admin' || p.rank === 'creator'))
  if (filter === 'readOnly') return g.read_only === true || g.announcements === true
  return g.suspended === true || g.terminated === true
}

function activity(g: Group): number {
  return Math.max(g.timestamp ?? -Infinity, g.last_message?.timestamp ?? -Infinity)
}

function referenceSort(sort: GroupSort): (a: Group, b: Group) => number {
  // Names sort by their first letter or digit: leading emoji and punctuation do not count.
  const key = (g: Group) => g.name.replace(/^[^\p{L}\p{N}]+/u, '')
  const byName = (a: Group, b: Group) =>
    Number(key(a) === '') - Number(key(b) === '') ||
    collator.compare(key(a), key(b)) ||
    collator.compare(a.name, b.name) ||
    (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)
  const byRecent = (a: Group, b: Group) => activity(b) - activity(a) || byName(a, b)
  if (sort === 'recent') return byRecent
  if (sort === 'name') return byName
  if (sort === 'size') return (a, b) => b.participants_count - a.participants_count || byName(a, b)
  return (a, b) => (b.unread ?? 0) - (a.unread ?? 0) || byRecent(a, b)
}

/** Every match, window by window, as the list would page through them. */
function allIds(query: GroupsQuery): { ids: string[]; matching: number } {
  const ids: string[] = []
  for (let offset = 0; ; offset += MAX_WINDOW) {
    const window = index.query(GroupsQuerySchema.parse({ ...query, offset, limit: MAX_WINDOW }))
    expect(window.total).toBe(groups.length)
    ids.push(...window.rows.map((row) => row.id))
    if (window.rows.length < MAX_WINDOW) return { ids, matching: window.matching }
  }
}

function expectSameAsReference(query: GroupsQuery): number {
  const expected = referenceMatches(groups, query).map((g) => g.id)
  const { ids, matching } = allIds(query)
  expect(matching).toBe(expected.length)
  expect(ids).toEqual(expected)
  return expected.length
}

// ---- queries drawn from the data itself ---------------------------------------------------

function wordsOf(text: string): string[] {
  return text.split(/[\s,.!?:;()"«»—-]+/u).filter((w) => w.length >= 3)
}

describe('the index against a plain reference filter (10,500 groups)', () => {
  it('lists everything in each sort order', () => {
    for (const sort of GROUP_SORTS) expect(expectSameAsReference({ sort })).toBe(groups.length)
  })

  it.each(GROUP_FILTERS.map((f) => [f]))('filter %s alone', (filter) => {
    const count = expectSameAsReference({ filters: [filter] })
    // Each filter picks out some groups but not all of them, or the comparison proves little.
    if (filter !== 'mentions') expect(count).toBeGreaterThan(0)
    expect(count).toBeLessThan(groups.length)
  })

  it('pairs of filters combine with AND', () => {
    for (let i = 0; i < GROUP_FILTERS.length; i++) {
      const pair = [GROUP_FILTERS[i], GROUP_FILTERS[(i + 3) % GROUP_FILTERS.length]] as GroupFilter[]
      expectSameAsReference({ filters: pair, sort: GROUP_SORTS[i % GROUP_SORTS.length] })
    }
  })

  it('labels match when a group carries any of them', () => {
    const labels = index.labels()
    expect(labels.length).toBeGreaterThan(3)
    expectSameAsReference({ labels: [labels[0]!.id] })
    expect(expectSameAsReference({ labels: [labels[1]!.id, labels[2]!.id], sort: 'name' })).toBeGreaterThan(0)
  })

  it('search covers name, description and last-message text, ignoring case and accents', () => {
    const samples = [0, 17, 333, 1_234, 4_321, 7_777, 10_001].map((i) => groups[i] as Group)
    const terms = new Set<string>()
    for (const g of samples) {
      for (const w of wordsOf(g.name).slice(0, 1)) terms.add(w)
      for (const w of wordsOf(g.description ?? '').slice(0, 1)) terms.add(w)
      for (const w of wordsOf(messagePreview(g.last_message)?.text ?? '').slice(-1)) terms.add(w)
    }
    expect(terms.size).toBeGreaterThan(8)
    for (const term of terms) {
      expect(expectSameAsReference({ search: term })).toBeGreaterThan(0)
      expectSameAsReference({ search: term.toUpperCase() })
    }
  })

  it('finds accented names without the accents, and the other way round', () => {
    const accented = groups.find((g) => /[éèàüöçñ]/i.test(g.name))
    expect(accented).toBeDefined()
    const word = wordsOf(accented!.name).find((w) => /[éèàüöçñ]/i.test(w)) ?? accented!.name
    const bare = word.normalize('NFD').replace(/\p{M}/gu, '')
    const withAccents = expectSameAsReference({ search: word })
    expect(expectSameAsReference({ search: bare.toUpperCase() })).toBe(withAccents)
    expect(index.query(GroupsQuerySchema.parse({ search: bare, limit: MAX_WINDOW })).rows.map((r) => r.id)).toContain(accented!.id)
  })

  it('combines search, filters, labels and sort', () => {
    const label = index.labels()[0]!.id
    const word = wordsOf(groups[5]!.name)[0] ?? groups[5]!.name
    expectSameAsReference({ search: word, filters: ['unread'], labels: [label], sort: 'unread' })
    expectSameAsReference({
      search: `${word} ${word.slice(0, 3)}`,
      filters: ['readOnly', 'muted'],
      sort: 'size',
    })
    expect(expectSameAsReference({ search: 'zzqxv-nothing-like-it' })).toBe(0)
  })

  it('answers many searches in turn as the reference does, asked again after others took their place', () => {
    const searches = ['ca', 'an', 'er', 'on', 'st', 'la', 'ma', 'in', 'ri', 'el', 'ar', 'or']
    const first = searches.map((search) => expectSameAsReference({ search, sort: 'name' }))
    expect(first.filter((count) => count > 0).length).toBeGreaterThan(6)
    // More searches than the index keeps matches for: each is worked out again, in a reused buffer.
    expect(searches.map((search) => expectSameAsReference({ search, sort: 'name' }))).toEqual(first)
  })

  it('works out the account’s own id from its own messages', () => {
    expect(index.selfId).toBe(SELF_PHONE)
  })
})

describe('windows and records', () => {
  it('returns the requested window and counts', () => {
    const first = index.query(GroupsQuerySchema.parse({ offset: 0, limit: 10 }))
    const second = index.query(GroupsQuerySchema.parse({ offset: 5, limit: 10 }))
    expect(first.rows).toHaveLength(10)
    expect(second.rows.slice(0, 5)).toEqual(first.rows.slice(5))
    expect(second.offset).toBe(5)
    const past = index.query(GroupsQuerySchema.parse({ offset: groups.length + 10, limit: 10 }))
    expect(past.rows).toEqual([])
    expect(past.matching).toBe(groups.length)
    expect(index.query(GroupsQuerySchema.parse({ limit: 0 })).rows).toEqual([])
  })

  it('sends lean rows: the largest window serialises far under 256 KB', () => {
    const window = index.query(GroupsQuerySchema.parse({ limit: MAX_WINDOW }))
    expect(Buffer.byteLength(JSON.stringify({ ok: true, value: window }))).toBeLessThan(256 * 1024)
    const row = window.rows[0]!
    expect(Object.keys(row)).not.toContain('participants')
  })

  it('rows carry what the list shows, straight from the record', () => {
    const window = index.query(GroupsQuerySchema.parse({ limit: MAX_WINDOW, sort: 'size' }))
    for (const row of window.rows) {
      const group = groups.find((g) => g.id === row.id)!
      expect(row.name).toBe(group.name)
      expect(row.size).toBe(group.participants_count)
      expect(row.labels.map((l) => l.id)).toEqual((group.labels ?? []).map((l) => l.id))
      expect(row.preview).toEqual(messagePreview(group.last_message))
      expect(row.isAdmin).toBe(referenceFilter(group, 'admin'))
      expect(row.suspended).toBe(group.suspended === true)
      expect(row.picture).toBeNull()
    }
  })

  it('finds each group’s place in the snapshot by id, and null for an unknown id', () => {
    for (const at of [0, 42, 5_000, groups.length - 1]) {
      expect(index.position(groups[at]!.id)).toBe(at)
      expect(index.id(at)).toBe(groups[at]!.id)
    }
    expect(index.get(groups[42]!.id)).toEqual({ picture: null, pictureFull: null, stale: false })
    expect(index.get('nope@g.us')).toBeNull()
    expect(index.position('nope@g.us')).toBeUndefined()
  })

  it('lists each label once, by name', () => {
    const labels = index.labels()
    expect(new Set(labels.map((l) => l.id)).size).toBe(labels.length)
    const names = labels.map((l) => l.name)
    expect(names).toEqual([...names].sort((a, b) => collator.compare(a, b)))
  })
})

describe('edge cases of single groups', () => {
  const base = {
    type: 'group',
    participants_count: 2,
    participants: [
      { id: '111', rank: 'admin' },
      { id: '222', rank: 'member' },
    ],
  }
  const make = (fields: Record<string, unknown>) => GroupSchema.parse({ ...base, ...fields })

  it('a mute that has run out no longer counts as muted', () => {
    const small = GroupsIndex.of(
      [
        make({ id: 'a@g.us', name: 'Forever', mute: true, mute_until: 0 }),
        make({ id: 'b@g.us', name: 'Until later', mute: true, mute_until: EPOCH + 60 }),
        make({ id: 'c@g.us', name: 'Ran out', mute: true, mute_until: EPOCH - 60 }),
        make({ id: 'd@g.us', name: 'Never', mute: false }),
      ],
      { now: () => NOW_MS, selfId: null },
    )
    const muted = small.query(GroupsQuerySchema.parse({ filters: ['muted'], sort: 'name' }))
    expect(muted.rows.map((r) => r.name)).toEqual(['Forever', 'Until later'])
  })

  it('admin matches nothing when the account’s own id cannot be known', () => {
    const small = GroupsIndex.of([make({ id: 'a@g.us', name: 'A' })], { selfId: null })
    expect(small.query(GroupsQuerySchema.parse({ filters: ['admin'] })).matching).toBe(0)
    const known = GroupsIndex.of([make({ id: 'a@g.us', name: 'A' })], { selfId: '111' })
    expect(known.query(GroupsQuerySchema.parse({ filters: ['admin'] })).matching).toBe(1)
  })

  it('sorts names by their first letter or digit, emoji and symbols aside, symbol-only names last', () => {
    const names = ['🎉 Zumba', 'Ana’s book club', '🎉🎉🎉', '“Quoted” choir', '#1 fans', 'Bakers', '👨‍👩‍👧 Family', '  ...', 'étoile']
    const small = GroupsIndex.of(
      names.map((name, i) => make({ id: `${i}@g.us`, name })),
      { selfId: null, locale: 'en' },
    )
    expect(small.query(GroupsQuerySchema.parse({ sort: 'name' })).rows.map((r) => r.name)).toEqual([
      '#1 fans',
      'Ana’s book club',
      'Bakers',
      'étoile',
      '👨‍👩‍👧 Family',
      '“Quoted” choir',
      '🎉 Zumba',
      '  ...',
      '🎉🎉🎉',
    ])
  })

  it('matches ids with a server part against a bare own id, and sorts names naturally', () => {
    const small = GroupsIndex.of(
      [
        make({
          id: 'x@g.us',
          name: 'Group 10',
          participants: [{ id: '333@s.whatsapp.net', rank: 'creator' }],
        }),
        make({ id: 'y@g.us', name: 'group 9' }),
        make({ id: 'z@g.us', name: 'Ärzte' }),
      ],
      { selfId: '333', locale: 'de' },
    )
    expect(small.query(GroupsQuerySchema.parse({ sort: 'name' })).rows.map((r) => r.name)).toEqual(['Ärzte', 'group 9', 'Group 10'])
    expect(small.query(GroupsQuerySchema.parse({ filters: ['admin'] })).rows.map((r) => r.id)).toEqual(['x@g.us'])
    expect(small.query(GroupsQuerySchema.parse({ search: 'ARZTE' })).rows.map((r) => r.id)).toEqual(['z@g.us'])
  })

  it('marks the rows and the detail of stale groups, and only those', () => {
    const marked = GroupsIndex.of([make({ id: 'a@g.us', name: 'A' }), make({ id: 'b@g.us', name: 'B' })], {
      selfId: null,
      stale: new Set(['b@g.us']),
    })
    const rows = marked.query(GroupsQuerySchema.parse({ sort: 'name' })).rows
    expect(rows.map((r) => [r.id, r.stale])).toEqual([
      ['a@g.us', false],
      ['b@g.us', true],
    ])
    expect(marked.get('b@g.us')?.stale).toBe(true)
    expect(marked.get('a@g.us')?.stale).toBe(false)
  })
})
