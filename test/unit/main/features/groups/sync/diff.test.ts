import { describe, expect, it } from 'vitest'
import { GroupSchema, type Group } from '@shared/domain'
import { RecordPrint } from '../../../../../../src-main/features/groups/cache'
import { diffGroups } from '../../../../../../src-main/features/groups/sync'

const group = (id: string, name: string): Group =>
  GroupSchema.parse({
    id,
    name,
    type: 'group',
    participants_count: 1,
    participants: [{ id: '1', rank: 'member' }],
  })
const print = RecordPrint.fresh()
const printed = (groups: Group[]) => ({
  size: groups.length,
  id: (at: number) => groups[at]!.id,
  fingerprints: Uint32Array.from(groups.map((g) => print.of(Buffer.from(JSON.stringify(g))))),
})

describe('what a sync changed', () => {
  it('counts added, removed and changed groups by id', () => {
    const before = printed([group('a', 'A'), group('b', 'B'), group('c', 'C')])
    const after = printed([group('b', 'B renamed'), group('c', 'C'), group('d', 'D'), group('e', 'E')])
    expect(diffGroups(before, after)).toEqual({ added: 2, removed: 1, changed: 1 })
  })

  it('counts everything as added on the first sync', () => {
    expect(diffGroups(null, printed([group('a', 'A')]))).toEqual({
      added: 1,
      removed: 0,
      changed: 0,
    })
  })

  it('finds nothing when nothing changed', () => {
    const groups = [group('a', 'A'), group('b', 'B')]
    expect(diffGroups(printed(groups), printed(structuredClone(groups)))).toEqual({
      added: 0,
      removed: 0,
      changed: 0,
    })
  })
})
