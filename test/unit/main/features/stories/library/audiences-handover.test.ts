import { describe, expect, it } from 'vitest'
import type { Audience } from '@shared/story/library'
import { mergeAudiences } from '../../../../../../src-main/features/stories/library/audiences-handover'

const at = (day: number) => `2026-01-0${day}T00:00:00.000Z`
const audience = (id: string, name: string, contacts: string[], day = 1): Audience => ({ id, name, contacts, updatedAt: at(day) })

describe('saved audiences taken in a hand-over', () => {
  it('keeps the later copy of the same audience, and adds one of a name used for other numbers beside it', () => {
    const mine = [audience('a1', 'Staff', ['4915100000001']), audience('a2', 'Customers', ['4915100000002'], 3)]
    const given = [
      audience('a2', 'Clients', ['4915100000003'], 2),
      audience('b1', 'staff', ['4915100000004']),
      audience('b2', 'STAFF', ['4915100000001']),
      audience('b3', 'New', ['4915100000005']),
    ]
    const { items, taken } = mergeAudiences(mine, given)
    expect(taken).toEqual({ added: 1, renamed: 1, same: 2, full: 0 })
    expect(items.map((item) => [item.id, item.name, item.contacts])).toEqual([
      ['a1', 'Staff', ['4915100000001']],
      ['a2', 'Customers', ['4915100000002']],
      ['b1', 'staff (2)', ['4915100000004']],
      ['b3', 'New', ['4915100000005']],
    ])
    // The same audience, changed later on the other side: its numbers come, under the name it has here.
    const later = mergeAudiences(items, [audience('a2', 'Clients', ['4915100000009'], 4)]).items
    expect(later.find((item) => item.id === 'a2')).toMatchObject({ name: 'Customers', contacts: ['4915100000009'], updatedAt: at(4) })
  })

  it('cuts a long name to fit its number, and counts what does not fit past the cap', () => {
    const long = 'x'.repeat(60)
    const { items } = mergeAudiences([audience('a1', long, ['4915100000001'])], [audience('b1', long, ['4915100000002'])])
    expect(items[1]!.name).toBe(`${'x'.repeat(56)} (2)`)
    const full = Array.from({ length: 200 }, (_, n) => audience(`f${n}`, `List ${n}`, ['4915100000001']))
    expect(mergeAudiences(full, [audience('z1', 'One more', ['4915100000002'])]).taken).toEqual({ added: 0, renamed: 0, same: 0, full: 1 })
  })
})
