import type { OutboxItemView } from '@shared/story/records'
import type { OutboxItem, StoredStory } from '../../../account/files/formats/outbox-item'

export type { OutboxItem } from '../../../account/files/formats/outbox-item'

/** How the story is sent: the stored story (text request, media fields and file, or a repost). */
export type StoryPayload = StoredStory

export function viewOf(item: OutboxItem, accountId: string): OutboxItemView {
  return {
    accountId,
    id: item.id,
    requestId: item.requestId,
    state: item.state,
    createdAt: item.createdAt,
    updatedAt: item.updatedAt,
    attempts: item.attempts,
    summary: item.summary,
    lastError: item.lastError,
    nextAttemptAt: item.state === 'queued' ? item.nextAttemptAt : null,
    dueAt: item.dueAt,
    rev: item.rev,
  }
}
