import { AppError } from '@shared/errors'
import { userText } from '@shared/i18n/user-text'
import type { Logger } from '../../../platform/log/log'

/**
 * What the user is told of a sync that failed: its own text, with `details.kept` when the
 * groups shown are those of the last complete sync (the page adds the sentence
 * `groupErrors.sync.kept` for it, as two translated sentences are not joined here). A
 * failure that is not an AppError is a fault of the app: logged with its stack, and told as such.
 */
export function syncFailure(error: unknown, options: { kept: boolean; log: Logger; signal?: AbortSignal }): AppError {
  const kept = options.kept ? { kept: true } : undefined
  if (options.signal?.aborted || (error instanceof AppError && error.code === 'cancelled')) {
    return new AppError('cancelled', userText('groupErrors.sync.cancelled'), kept)
  }
  if (error instanceof AppError) {
    const details = kept ? { ...error.details, ...kept } : error.details
    return new AppError(error.code, error.text, details, { cause: error })
  }
  options.log.error('groups sync threw', {
    error: error instanceof Error ? (error.stack ?? error.message) : String(error),
  })
  return new AppError('internal', userText('groupErrors.sync.internal'), kept, { cause: error })
}
