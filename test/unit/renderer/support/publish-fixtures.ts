import { targetRequestId, type PublishResult, type StoryOutcome } from '@shared/channels/outbox'
import type { OutboxItemView } from '@shared/story/records'
import { account, state } from './accounts-fixtures'

/** One account connected and open: a publish goes to it alone. */
export const oneAccount = { 'accounts:list': () => state([account({ id: 'a1', label: 'Shop' })]) }

/** Main's answer to a publish to the open account alone, as `stories:publish` gives it. */
export function answerFor(outcome: StoryOutcome, accountId = 'a1', label = 'Shop') {
  return (arg: unknown): PublishResult => {
    const { requestId } = arg as { requestId: string }
    return { targets: [{ accountId, label, requestId: targetRequestId(requestId, 0), outcome }] }
  }
}

export const sent: StoryOutcome = { state: 'sent', itemId: 'i1', messageId: 'm1', messageStatus: 'sent' }

/** An outbox item as main lists it; a text story to everyone unless told otherwise. */
export function outboxItem(overrides: Partial<OutboxItemView> & Pick<OutboxItemView, 'id'>): OutboxItemView {
  return {
    accountId: 'a1',
    requestId: `r-${overrides.id}`,
    state: 'queued',
    createdAt: '2026-06-01T00:00:00Z',
    updatedAt: '2026-06-01T00:00:00Z',
    attempts: 0,
    summary: {
      kind: 'text',
      text: overrides.id,
      thumbnail: null,
      background: '#FF0B6E4F',
      color: '#FFFFFFFF',
      font: 'SYSTEM',
      audience: { mode: 'everyone', count: null, excluded: 0 },
      mediaBytes: null,
    },
    lastError: null,
    nextAttemptAt: null,
    dueAt: null,
    rev: 1,
    ...overrides,
  }
}
