import type { OutboxAction } from '@shared/channels/outbox'
import { AppError } from '@shared/errors'
import { userText } from '@shared/i18n/user-text'
import type { OutboxCore } from './outbox-core'
import type { OutboxItem } from './outbox-item'
import type { OutboxSchedule } from './outbox-schedule'

/**
 * The user's decision on one item, written down: send a waiting, planned or failed story now,
 * send an unknown or failed one again, mark an unknown one as sent, or discard it. The caller
 * holds the item's lock until this settles.
 */
export async function decide(core: OutboxCore, schedule: OutboxSchedule, item: OutboxItem, action: OutboxAction): Promise<void> {
  switch (action) {
    case 'send-now':
      if (item.state !== 'queued' && item.state !== 'failed' && item.state !== 'scheduled' && item.state !== 'missed')
        throw new AppError('conflict', userText('storyErrors.outbox.sendNowOnly'))
      // The user's word: from now on an ordinary queued story, with no time to be late for.
      await core.save({ ...item, state: 'queued', nextAttemptAt: null, dueAt: null })
      if (item.state === 'scheduled') schedule.arm()
      break
    case 'send-again':
      if (item.state !== 'unknown' && item.state !== 'failed') throw new AppError('conflict', userText('storyErrors.outbox.sendAgainOnly'))
      await core.save({ ...item, state: 'queued', nextAttemptAt: null, dueAt: null })
      break
    case 'mark-sent':
      if (item.state !== 'unknown') throw new AppError('conflict', userText('storyErrors.outbox.markSentOnly'))
      await core.finishSent({ ...item, state: 'sent' }, 'marked')
      break
    case 'discard':
      core.items.delete(item.id)
      await core.files.remove(item.id)
      schedule.arm()
      core.emit()
      break
  }
}
