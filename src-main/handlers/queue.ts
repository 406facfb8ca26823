import type { queueChannels } from '@shared/channels/queue'
import type { QueueService } from '../features/queue/queue-service'
import type { Handlers } from './dispatch'

/** The posting queue: each account's weekly slots, their instants on the calendar, and moving a queued story. */
export function queueHandlers(queue: QueueService): Pick<Handlers, keyof typeof queueChannels> {
  return {
    'queue:get': ({ accountId }) => queue.get(accountId),
    'queue:set': ({ accountId, settings }) => queue.set(accountId, settings),
    'queue:occurrences': ({ accountId, from, to }) => queue.occurrences(accountId, Date.parse(from), Date.parse(to)),
    'queue:next-free': ({ accountIds }) => queue.nextFree(accountIds),
    'queue:move': ({ accountId, itemId, to, rev }) => queue.move(accountId, itemId, Date.parse(to), rev),
  }
}
