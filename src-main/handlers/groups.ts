import type { Handlers } from './dispatch'
import type { GroupsService } from '../features/groups/sync'

export function groupsHandlers(
  groups: GroupsService,
): Pick<Handlers, 'groups:query' | 'groups:get' | 'groups:labels' | 'groups:state' | 'groups:sync' | 'groups:cancel-sync'> {
  return {
    'groups:query': ({ accountId, ...query }) => groups.query(accountId, query),
    'groups:get': ({ accountId, id }) => groups.get(accountId, id),
    'groups:labels': ({ accountId }) => groups.labels(accountId),
    'groups:state': ({ accountId }) => groups.state(accountId),
    'groups:sync': ({ accountId }) => groups.sync(accountId),
    'groups:cancel-sync': async ({ accountId }) => {
      groups.cancel(accountId)
    },
  }
}
