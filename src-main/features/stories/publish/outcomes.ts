import type { KeptOutcome, StoryOutcome } from '@shared/channels/outbox'
import { AppError, type AppErrorData } from '@shared/errors'
import { userText } from '@shared/i18n/user-text'
import type { OutboxItemView } from '@shared/story/records'
import type { AttemptOutcome } from '../outbox/outbox'

/** What became of a story in one account's outbox, as the renderer hears it: the one mapping of outbox outcomes. */
export function outcomeOfAttempt(outcome: AttemptOutcome): StoryOutcome {
  switch (outcome.state) {
    case 'dropped':
      return { state: 'refused', error: outcome.error }
    case 'sent':
      return { state: 'sent', itemId: outcome.item.id, messageId: outcome.messageId, messageStatus: outcome.messageStatus }
    case 'queued':
      return { state: 'queued', itemId: outcome.item.id, error: outcome.error }
    case 'unknown':
    case 'failed':
      return { state: 'unknown', itemId: outcome.item.id, error: outcome.error }
    case 'scheduled':
      return { state: 'scheduled', itemId: outcome.item.id, dueAt: outcome.item.dueAt! }
  }
}

/** A story already in the outbox under this request (a repeated press after a restart): what it stands at. */
export function outcomeOfItem(item: OutboxItemView): KeptOutcome {
  const error: AppErrorData = item.lastError ?? { code: 'offline', text: userText('storyErrors.outbox.waiting') }
  if (item.state === 'scheduled' && item.dueAt !== null) return { state: 'scheduled', itemId: item.id, dueAt: item.dueAt }
  return item.state === 'unknown' || item.state === 'failed' || item.state === 'sending'
    ? { state: 'unknown', itemId: item.id, error }
    : { state: 'queued', itemId: item.id, error }
}

/** A refusal is the caller's error; any other outcome is kept. */
export function keptOrThrow(outcome: StoryOutcome): KeptOutcome {
  if (outcome.state !== 'refused') return outcome
  const { code, text, details } = outcome.error
  throw new AppError(code, text, details)
}

export function errorData(error: unknown): AppErrorData {
  return error instanceof AppError ? error.toData() : { code: 'internal', text: userText('storyErrors.publish.failed') }
}
