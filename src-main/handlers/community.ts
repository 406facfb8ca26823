import type { Handlers } from './dispatch'
import { communityOf, type CommunityMember } from '../features/groups/community'

export interface CachedGroupsSource {
  /** The group and the groups of its community, from the account's cached groups. */
  communityMembers(accountId: string, id: string): Promise<readonly CommunityMember[]>
}

export function communityHandlers(source: CachedGroupsSource): Pick<Handlers, 'groups:community'> {
  return {
    'groups:community': async ({ accountId, id }) => communityOf(await source.communityMembers(accountId, id), id),
  }
}
