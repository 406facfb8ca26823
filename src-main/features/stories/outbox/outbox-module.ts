import { userText } from '@shared/i18n/user-text'
import type { OutboxItemView } from '@shared/story/records'
import type { DocumentRows } from '../../../account/files/shared-documents'
import type { AccountWorkspace, PartKind } from '../../../account/workspace/account-workspace'
import type { WorkspaceSource } from '../../../account/workspace/workspaces'
import type { EventHub } from '../../../platform/events'
import type { Logger } from '../../../platform/log/log'
import { notificationText, storyNotification, type NotifierPort } from '../outbox/story-notification'
import type { AttemptOutcome, OutboxTimers } from './outbox'
import { outboxPart, type AccountOutbox } from './outbox-part'
import { OutboxEndings } from './outbox-endings'
import { OutboxService } from './outbox-service'
import type { OutboxStore } from './store/outbox-store'

export interface OutboxModuleOptions {
  workspaces: WorkspaceSource
  /** Where every account's items live, and who may send one. */
  store: OutboxStore
  events: EventHub
  log: Logger
  /** "Send if less than N minutes late" for scheduled stories. */
  lateSendMinutes?: () => number
  /** The desktop's notifications; web mode has none in main, and the page shows the event instead. */
  notifier?: NotifierPort | null
  timers?: OutboxTimers
  retry?: { firstMs: number; maxMs: number }
  /** The accounts' documents shared by the engines on one database (each account's history). */
  sharedRows?: DocumentRows | null
}

/** Every account's outbox: the part each workspace holds, and the service over all of them, telling what happens. */
export function createOutboxes(options: OutboxModuleOptions): { part: PartKind<AccountOutbox>; service: OutboxService } {
  const { events, log, workspaces } = options
  const notify = (kind: Parameters<typeof storyNotification>[0], workspace: AccountWorkspace, summary: OutboxItemView['summary']) => {
    // With one account open there is nothing to tell apart: the account is named only among several.
    const several = workspaces.all().length > 1
    const notification = storyNotification(kind, summary, several ? { account: workspace.label } : {})
    events.emit('stories:notify', notification)
    options.notifier?.show(notificationText(notification))
  }
  // What left each account's outbox since its last change, and how: main says it, the page shows it.
  const endings = new OutboxEndings()
  const part = outboxPart({
    store: options.store,
    log,
    onChange: (accountId, items) => events.emit('stories:outbox-changed', { accountId, items, left: endings.change(accountId, items) }),
    onHistory: (accountId) => events.emit('stories:history-changed', { accountId }),
    onProgress: (event) => events.emit('stories:progress', event),
    notice: (level, text) => events.emit('app:notice', { level, text }),
    onMissed: (workspace, items) => {
      events.emit('app:notice', {
        level: 'warning',
        text: userText('storyErrors.notices.missed', { count: items.length, account: workspace.label }),
      })
      for (const item of items) notify('missed', workspace, item.summary)
    },
    onOutcome: (workspace, outcome: AttemptOutcome) => {
      if (outcome.state === 'dropped' || outcome.state === 'scheduled' || outcome.state === 'queued') return
      notify(outcome.state === 'sent' ? 'published' : outcome.state, workspace, outcome.item.summary)
    },
    lateSendMinutes: () => options.lateSendMinutes?.() ?? 0,
    ...(options.timers && { timers: options.timers }),
    ...(options.retry && { retry: options.retry }),
    sharedRows: options.sharedRows ?? null,
  })
  return { part, service: new OutboxService({ workspaces, outbox: part, store: options.store, log }) }
}
