import { AppError } from '@shared/errors'
import type { Logger } from '../../../platform/log/log'

const INTERNAL_SYNC_ERROR = 'The sync failed inside Statusdesk. The details are in the log.'

/**
 * What the user is told of a sync that failed: its own message, saying too when the groups
 * shown are those of the last complete sync (`kept`). A failure that is not an AppError is
 * a fault of the app: logged with its stack, and told as such.
 */
export function syncFailure(error: unknown, options: { kept: boolean; log: Logger; signal?: AbortSignal }): AppError {
  const kept = options.kept ? ' The groups shown are from the last complete sync.' : ''
  if (options.signal?.aborted || (error instanceof AppError && error.code === 'cancelled')) {
    return new AppError('cancelled', `The sync was cancelled.${kept}`)
  }
  if (error instanceof AppError) {
    return new AppError(error.code, `${error.message}${kept}`, error.details, { cause: error })
  }
  options.log.error('groups sync threw', {
    error: error instanceof Error ? (error.stack ?? error.message) : String(error),
  })
  return new AppError('internal', INTERNAL_SYNC_ERROR, undefined, { cause: error })
}
