import type { EachAnswer } from '@shared/channels/insights'
import { AppError, codeText } from '@shared/errors'
import type { Logger } from '../../platform/log/log'

/**
 * `answer` for each account named (once each, in turn, so a long list never holds more than one
 * account's stories at a time), each account's failure said as its own part: an account not held
 * here is `not-found` for itself, never for the others.
 */
export async function eachAccount<T>(
  accountIds: readonly string[],
  answer: (accountId: string) => Promise<T>,
  log: Logger,
): Promise<EachAnswer<T>> {
  const parts: EachAnswer<T>['parts'] = []
  for (const accountId of new Set(accountIds)) {
    try {
      parts.push({ accountId, value: await answer(accountId) })
    } catch (error) {
      if (error instanceof AppError) {
        parts.push({ accountId, error: error.toData() })
        continue
      }
      // Anything else may carry a stack or a path: logged here, said as the generic failure.
      log.error('an account of several failed', { error: error instanceof Error ? (error.stack ?? error.message) : String(error) })
      parts.push({ accountId, error: { code: 'internal', text: codeText('internal') } })
    }
  }
  return { parts }
}
