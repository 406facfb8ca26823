import type { CommunityInfo, GroupRef } from '@shared/channels/community'
import type { Group } from '@shared/domain'
import { AppError } from '@shared/errors'
import { userText } from '@shared/i18n/user-text'

/** What a community needs to know of a group. */
export type CommunityMember = Pick<Group, 'id' | 'name' | 'is_parent' | 'linkedParent' | 'isCommunityAnnounce' | 'is_default_subgroup'>

const refOf = (group: CommunityMember): GroupRef => ({ id: group.id, name: group.name })

/**
 * A group's community as the cached groups describe it: a community is a parent group
 * (`is_parent`) and the groups whose `linkedParent` names it, one of them its announcement
 * group and one its default sub-group.
 */
export function communityOf(groups: readonly CommunityMember[], id: string, locale?: string): CommunityInfo {
  const group = groups.find((g) => g.id === id)
  if (!group) throw new AppError('not-found', userText('groupErrors.groupGone'))
  const parentId = group.is_parent === true ? group.id : (group.linkedParent ?? null)
  if (!parentId) return { parent: null, announcement: null, defaultSubgroup: null, subgroups: [] }

  let parent: GroupRef | null = null
  let announcement: GroupRef | null = null
  let defaultSubgroup: GroupRef | null = null
  const others: GroupRef[] = []
  for (const g of groups) {
    if (g.id === parentId) parent = refOf(g)
    if (g.linkedParent !== parentId) continue
    if (g.isCommunityAnnounce === true) announcement = refOf(g)
    else if (g.is_default_subgroup === true) defaultSubgroup = refOf(g)
    else if (g.id !== id) others.push(refOf(g))
  }
  const collator = new Intl.Collator(locale, { sensitivity: 'base', numeric: true })
  others.sort((a, b) => collator.compare(a.name, b.name))
  return {
    // A parent is not shown as its own community; one missing from the cache still links by id.
    parent: group.id === parentId ? null : (parent ?? { id: parentId, name: parentId }),
    announcement,
    defaultSubgroup,
    subgroups: others,
  }
}
