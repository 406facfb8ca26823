import type { Handlers } from './dispatch'
import { communityOf, type CommunityMember } from '../features/groups/community'

export interface CachedGroupsSource {
  /** The group and the groups of its community, from the cached groups. */
  communityMembers(id: string): Promise<readonly CommunityMember[]>
}

export function communityHandlers(source: CachedGroupsSource): Pick<Handlers, 'groups:community'> {
  return {
    'groups:community': async ({ id }) => communityOf(await source.communityMembers(id), id),
  }
}
