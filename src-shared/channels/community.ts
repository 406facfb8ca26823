import { z } from 'zod'
import { channel } from '../define'
import { AccountScopeSchema } from './scope'

export interface GroupRef {
  id: string
  name: string
}

/** A group's place in its community, resolved against the cached groups. */
export interface CommunityInfo {
  /** The community (parent group) this group belongs to. */
  parent: GroupRef | null
  /** The community's announcement group and default sub-group (for a parent or any member). */
  announcement: GroupRef | null
  defaultSubgroup: GroupRef | null
  /** The community's other sub-groups, by name. */
  subgroups: GroupRef[]
}

export const communityChannels = {
  'groups:community': channel<CommunityInfo>()(AccountScopeSchema.extend({ id: z.string().min(1).max(200) })),
}
