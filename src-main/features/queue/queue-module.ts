import type { WorkspaceSource } from '../../account/workspace/workspaces'
import type { EventHub } from '../../platform/events'
import type { Logger } from '../../platform/log/log'
import type { OutboxService } from '../stories/outbox/outbox-service'
import { QueueService } from './queue-service'

export interface QueueModuleOptions {
  workspaces: WorkspaceSource
  /** Every account's outbox: the stories in the slots, and the schedule's own edit to move them. */
  outboxes: OutboxService
  labelOf: (accountId: string) => string | undefined
  events: EventHub
  log: Logger
}

/** The posting queue over the accounts' outboxes: a slot is taken by the story planned at its instant. */
export function createQueue(options: QueueModuleOptions): QueueService {
  return new QueueService({
    workspaces: options.workspaces,
    labelOf: options.labelOf,
    log: options.log,
    outbox: {
      items: (accountId) => options.outboxes.listOf(accountId),
      replan: async (accountId, itemId, dueAt, uniqueDue, rev) => {
        await options.outboxes.scheduleEdit(accountId, itemId, {
          dueAt: new Date(dueAt).toISOString(),
          uniqueDue,
          ...(rev !== undefined && { rev }),
        })
      },
    },
    onChange: (accountId) => options.events.emit('queue:changed', { accountId }),
  })
}
