import type { Group } from '@shared/domain'
import { beforeAll, describe, expect, it } from 'vitest'
import { communityOf } from '../../../../../src-main/features/groups/community'
import { emulatorGroups } from '../export/emulator-groups'

let groups: Group[]

beforeAll(async () => {
  // The emulator starts a community every 37 groups: a parent, its announcement group, its
  // default sub-group and two more sub-groups.
  groups = await emulatorGroups(80)
})

describe('communityOf', () => {
  it('links a sub-group to its community, announcement group, default and sibling sub-groups', () => {
    const parent = groups[37]!
    const child = groups[40]!
    expect(parent.is_parent).toBe(true)
    expect(child.linkedParent).toBe(parent.id)
    const info = communityOf(groups, child.id)
    expect(info.parent).toEqual({ id: parent.id, name: parent.name })
    expect(info.announcement).toEqual({ id: groups[38]!.id, name: groups[38]!.name })
    expect(info.defaultSubgroup).toEqual({ id: groups[39]!.id, name: groups[39]!.name })
    expect(info.subgroups.map((g) => g.id)).toEqual([groups[41]!.id])
  })

  it('lists a community’s groups when the community itself is opened', () => {
    const info = communityOf(groups, groups[0]!.id)
    expect(info.parent).toBeNull()
    expect(info.announcement?.id).toBe(groups[1]!.id)
    expect(info.defaultSubgroup?.id).toBe(groups[2]!.id)
    expect(info.subgroups.map((g) => g.id).sort()).toEqual([groups[3]!.id, groups[4]!.id].sort())
  })

  it('has nothing to link for a group outside any community', () => {
    expect(communityOf(groups, groups[20]!.id)).toEqual({ parent: null, announcement: null, defaultSubgroup: null, subgroups: [] })
  })

  it('still links a parent missing from the cache, by its id', () => {
    const orphan = { ...groups[40]!, linkedParent: 'gone@g.us' }
    expect(communityOf([orphan], orphan.id).parent).toEqual({ id: 'gone@g.us', name: 'gone@g.us' })
  })

  it('reports a group that is not in the cache', () => {
    expect(() => communityOf(groups, 'nope@g.us')).toThrow(expect.objectContaining({ code: 'not-found' }))
  })
})
