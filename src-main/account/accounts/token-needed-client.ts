import { AppError } from '@shared/errors'
import { userText } from '@shared/i18n/user-text'
import type { AccountClient } from '../workspace/account-session'

export type { AccountClient }

export const TOKEN_NEEDED = 'token-needed'

/** `label` is the account's name; empty when it is no longer known (the account left the list). */
export function tokenNeededError(label: string): AppError {
  const text = label ? userText('accountErrors.tokenNeeded.named', { label }) : userText('accountErrors.tokenNeeded.unnamed')
  return new AppError('unauthorized', text, { reason: TOKEN_NEEDED })
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
