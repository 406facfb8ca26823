import type { Handlers } from './dispatch'
import type { GroupsService } from '../features/groups/sync'

export function groupsHandlers(
  groups: GroupsService,
): Pick<Handlers, 'groups:query' | 'groups:get' | 'groups:labels' | 'groups:state' | 'groups:sync' | 'groups:cancel-sync'> {
  return {
    'groups:query': (query) => groups.query(query),
    'groups:get': ({ id }) => groups.get(id),
    'groups:labels': () => groups.labels(),
    'groups:state': () => groups.state(),
    'groups:sync': () => groups.sync(),
    'groups:cancel-sync': async () => {
      groups.cancel()
    },
  }
}
