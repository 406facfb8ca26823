import { AppError } from '@shared/errors'
import type { ApiClient } from '../../platform/api'

/**
 * What the services acting for an account call on its client: every operation ApiClient
 * offers, so the stand-in below cannot miss one that a feature starts to use.
 */
export type AccountClient = { [K in keyof ApiClient]: ApiClient[K] }

export const TOKEN_NEEDED = 'token-needed'

export function tokenNeededError(label: string): AppError {
  return new AppError(
    'unauthorized',
    `The token of “${label}” is not available in this session. Enter it again to sync or publish; the cached groups and history stay readable meanwhile.`,
    { reason: TOKEN_NEEDED },
  )
}

/**
 * The client of an account whose token is not at hand: it sends nothing and says why, so
 * the account's cache, history and outbox can be opened for offline browsing.
 */
export function tokenNeededClient(label: string): AccountClient {
  return {
    listGroups: () => Promise.reject(tokenNeededError(label)),
    listGroupsBody: () => Promise.reject(tokenNeededError(label)),
    publishStory: () => Promise.reject(tokenNeededError(label)),
    uploadMedia: () => Promise.reject(tokenNeededError(label)),
    listStories: () => Promise.reject(tokenNeededError(label)),
    getStory: () => Promise.reject(tokenNeededError(label)),
    storyStatuses: () => Promise.reject(tokenNeededError(label)),
    copyStory: () => Promise.reject(tokenNeededError(label)),
    listContacts: () => Promise.reject(tokenNeededError(label)),
  }
}
