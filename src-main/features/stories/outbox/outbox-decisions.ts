import type { OutboxAction } from '@shared/channels/outbox'
import { AppError } from '@shared/errors'
import { userText } from '@shared/i18n/user-text'
import type { OutboxCore } from './outbox-core'
import type { OutboxItem } from './outbox-item'
import type { OutboxSchedule } from './outbox-schedule'

/**
 * The user's decision on one item, written down: send a waiting, planned or failed story now,
 * send an unknown or failed one again, mark an unknown one as sent, or discard it. The caller
 * holds the item's claim; each write here lets go of it.
 */
export async function decide(core: OutboxCore, schedule: OutboxSchedule, item: OutboxItem, action: OutboxAction): Promise<void> {
  switch (action) {
    case 'send-now':
      if (item.state !== 'queued' && item.state !== 'failed' && item.state !== 'scheduled' && item.state !== 'missed')
        throw new AppError('conflict', userText('storyErrors.outbox.sendNowOnly'))
      // The user's word: from now on an ordinary queued story, with no time to be late for.
      await core.save({ ...item, state: 'queued', nextAttemptAt: null, dueAt: null }, { release: true })
      if (item.state === 'scheduled') schedule.arm()
      break
    case 'send-again':
      if (item.state !== 'unknown' && item.state !== 'failed') throw new AppError('conflict', userText('storyErrors.outbox.sendAgainOnly'))
      await core.save({ ...item, state: 'queued', nextAttemptAt: null, dueAt: null }, { release: true })
      break
    case 'mark-sent':
      if (item.state !== 'unknown') throw new AppError('conflict', userText('storyErrors.outbox.markSentOnly'))
      await core.finishSent({ ...item, state: 'sent' }, 'marked')
      break
    case 'discard':
      await core.discard(item.id)
      schedule.arm()
      break
  }
}
