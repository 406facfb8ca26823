import { describe, expect, it } from 'vitest'
import { parseGroupsPage } from '@shared/domain'
import { groupFixture } from './fixtures'

function page(groups: unknown[], extra: Record<string, unknown> = {}) {
  return { groups, count: groups.length, total: 40, offset: 0, ...extra }
}

describe('parseGroupsPage', () => {
  it('parses a page of good groups', () => {
    const result = parseGroupsPage(page([groupFixture(), groupFixture({ id: '120363000000000002@g.us' })]))
    expect(result.success).toBe(true)
    if (!result.success) return
    expect(result.data.groups).toHaveLength(2)
    expect(result.data.rejected).toEqual([])
    expect(result.data).toMatchObject({ count: 2, total: 40, offset: 0 })
  })

  it('sets a malformed group aside, counts it and names where it is wrong', () => {
    const groups = Array.from({ length: 20 }, (_, i) => groupFixture({ id: `1203630000000000${String(i).padStart(2, '0')}@g.us` }))
    const bad = groups[17] as { last_message: { poll: { options: unknown } } }
    bad.last_message.poll.options = 'Saturday or Sunday'
    groups[4] = { id: 42, name: 'no id string' }
    const result = parseGroupsPage(page(groups))
    expect(result.success).toBe(true)
    if (!result.success) return
    expect(result.data.groups).toHaveLength(18)
    expect(result.data.groups.map((g) => g.id)).not.toContain('120363000000000017@g.us')
    expect(result.data.rejected).toEqual([
      { index: 4, path: 'groups[4].id', message: expect.any(String) },
      {
        index: 17,
        id: '120363000000000017@g.us',
        path: 'groups[17].last_message.poll.options',
        message: expect.stringContaining('expected array'),
      },
    ])
  })

  it('sets aside a group with a 5,000-level nested extra field, counted like any bad record', () => {
    let deep: unknown = 'bottom'
    for (let i = 0; i < 5_000; i++) deep = i % 2 === 0 ? { next: deep } : [deep]
    const groups = [
      groupFixture({ id: '120363000000000001@g.us' }),
      { ...groupFixture({ id: '120363000000000002@g.us' }), extra: deep },
      groupFixture({ id: '120363000000000003@g.us' }),
    ]
    const result = parseGroupsPage(page(groups))
    expect(result.success).toBe(true)
    if (!result.success) return
    expect(result.data.groups.map((g) => g.id)).toEqual(['120363000000000001@g.us', '120363000000000003@g.us'])
    expect(result.data.rejected).toEqual([
      { index: 1, id: '120363000000000002@g.us', path: 'groups[1]', message: 'nested more than 64 levels deep' },
    ])
    // What is kept can be written as JSON (the cache does): nothing deep is left in it.
    expect(() => JSON.stringify(result.data)).not.toThrow()
  })

  it('keeps a group whose extra fields nest a realistic few levels', () => {
    let deep: unknown = 1
    for (let i = 0; i < 40; i++) deep = { next: deep }
    const result = parseGroupsPage(page([{ ...groupFixture(), extra: deep }]))
    expect(result.success && result.data.groups).toHaveLength(1)
  })

  it('sets aside a group that is not an object at all', () => {
    const result = parseGroupsPage(page([null, 'group', groupFixture()]))
    expect(result.success && result.data.rejected.map((r) => r.path)).toEqual(['groups[0]', 'groups[1]'])
  })

  it.each([
    [{ groups: {}, count: 1, total: 1, offset: 0 }, 'groups'],
    [{ count: 1, total: 1, offset: 0 }, 'groups'],
    [{ groups: [], count: '1', total: 1, offset: 0 }, 'count'],
    [{ groups: [], count: 1, offset: 0 }, 'total'],
    [{ groups: [], count: 1, total: 1, offset: -1 }, 'offset'],
  ])('fails the page when the envelope is wrong: %j', (raw, path) => {
    expect(parseGroupsPage(raw)).toMatchObject({ success: false, issue: { path } })
  })

  it('fails a page that is not an object', () => {
    expect(parseGroupsPage('<html>')).toMatchObject({ success: false, issue: { path: '' } })
  })
})
