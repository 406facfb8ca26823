import type { Group } from '@shared/domain'
import type { Handlers } from '../dispatch'
import { communityOf } from '../services/community'

export interface CachedGroupsSource {
  cachedGroups(): Promise<readonly Group[]>
}

export function communityHandlers(source: CachedGroupsSource): Pick<Handlers, 'groups:community'> {
  return {
    'groups:community': async ({ id }) => communityOf(await source.cachedGroups(), id),
  }
}
