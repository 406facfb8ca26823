import { z } from 'zod'
import { channel } from '../define'
import type { AppErrorData } from '../errors'
import { StoryDraftSchema } from '../story/draft'
import type { PublishResult } from './stories'

const requestId = z.string().regex(/^[A-Za-z0-9_-]{8,64}$/, 'must be an id of 8 to 64 letters, digits, - or _')

/** Most accounts one press publishes to. */
export const MAX_BROADCAST_ACCOUNTS = 20

/**
 * What became of the story for one account. Each account has its own outbox item, so its
 * own progress, outcome and retry: `refused` means that account's server (or its missing
 * token) refused it and nothing of it was kept, the others are a `PublishResult`.
 */
export type BroadcastOutcome = PublishResult | { state: 'refused'; error: AppErrorData }

export interface BroadcastTarget {
  accountId: string
  label: string
  /** The id its progress events carry. */
  requestId: string
  outcome: BroadcastOutcome
}

export interface BroadcastResult {
  targets: BroadcastTarget[]
}

/** The request id of one account's item in a publish to several: the press's id and the account's place. */
export function targetRequestId(requestId: string, index: number): string {
  return `${requestId}-${index}`
}

export const broadcastChannels = {
  /**
   * Publishes the composer's story to each of `accountIds` (the active one included or not):
   * checked once, then one outbox item per account. A repeated request id gets the first answer.
   */
  'stories:broadcast': channel<BroadcastResult>()(
    z.object({
      requestId,
      draft: StoryDraftSchema,
      accountIds: z.array(z.string().min(1).max(64)).min(1).max(MAX_BROADCAST_ACCOUNTS),
      /** "Publish at…": every account's item waits for this instant (UTC, ISO). */
      dueAt: z.iso.datetime({ offset: true }).optional(),
    }),
  ),
}
