import { MESSAGE_CONTENT_KINDS } from '../data/types'

/**
 * Ways a record can break the provider's schema, for testing how a client copes with
 * a server that sends something it did not promise.
 */
export const GROUP_VIOLATIONS = [
  'name-number',
  'name-null',
  'missing-id',
  'poll-options-string',
  'participants-string',
  'timestamp-string',
  'unknown-message-type',
  'label-color',
] as const

export const STORY_VIOLATIONS = ['sent-string', 'message-missing-id', 'unknown-message-type'] as const

export type GroupViolation = (typeof GROUP_VIOLATIONS)[number]
export type StoryViolation = (typeof STORY_VIOLATIONS)[number]
export type Violation = GroupViolation | StoryViolation

type Mutable = Record<string, unknown>

const asObject = (value: unknown): Mutable | undefined =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Mutable) : undefined

export function breakGroup(group: Mutable, violation: Violation): void {
  switch (violation) {
    case 'name-number':
      group.name = 12345
      return
    case 'name-null':
      group.name = null
      return
    case 'missing-id':
      delete group.id
      return
    case 'poll-options-string': {
      const message = asObject(group.last_message) ?? {}
      for (const kind of MESSAGE_CONTENT_KINDS) delete message[kind]
      message.type = 'poll'
      message.poll = { title: 'Lunch?', options: 'Pizza, Sushi' }
      group.last_message = message
      return
    }
    case 'participants-string':
      group.participants = 'unavailable'
      return
    case 'timestamp-string':
      group.timestamp = '2024-05-01T10:00:00Z'
      return
    case 'unknown-message-type': {
      const message = asObject(group.last_message)
      if (message !== undefined) message.type = 'hologram'
      return
    }
    case 'label-color':
      group.labels = [{ id: '99', name: 'Broken', color: 'chartreuse' }]
      return
    default:
      return
  }
}

export function breakStoryResponse(body: Mutable, violation: Violation): void {
  const message = asObject(body.message)
  if (violation === 'sent-string') body.sent = 'yes'
  else if (violation === 'message-missing-id' && message !== undefined) delete message.id
  else if (violation === 'unknown-message-type' && message !== undefined) message.type = 'hologram'
}
