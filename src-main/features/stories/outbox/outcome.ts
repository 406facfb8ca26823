import { AppError, type AppErrorData } from '@shared/errors'
import { userText } from '@shared/i18n/user-text'

/**
 * What a failed attempt means for the item:
 * - `retry`: provably not published and the network is the reason: back in the queue;
 * - `refused`: provably not published, for a reason that sending again will not fix;
 * - `cancelled`: the user stopped it before the server could have it;
 * - `unknown`: it may have been published; only the user decides what happens next.
 */
export type FailureVerdict = { kind: 'retry' | 'refused' | 'cancelled' | 'unknown'; error: AppErrorData }

const NETWORK_CODES = new Set(['offline', 'connection-closed', 'timeout'])

export function judgeFailure(error: unknown): FailureVerdict {
  if (!(error instanceof AppError)) {
    // An unexpected failure cannot prove the request never left: treat it as maybe published.
    return {
      kind: 'unknown',
      error: { code: 'unknown-outcome', text: userText('storyErrors.outbox.unknownAfterFailure') },
    }
  }
  const data = error.toData()
  const notPublished = error.details?.['published'] === false
  if (error.code === 'unknown-outcome') return { kind: 'unknown', error: data }
  if (error.code === 'cancelled') return { kind: 'cancelled', error: data }
  if (NETWORK_CODES.has(error.code) && notPublished) return { kind: 'retry', error: data }
  return { kind: 'refused', error: data }
}

/**
 * A failure of the media upload, before the story request left: `POST /media` publishes nothing,
 * so however it ended (an answer lost, the media file not readable) the story is tried again,
 * never left unknown. A refusal stays a refusal.
 */
export function judgeUploadFailure(error: unknown): FailureVerdict {
  const verdict = judgeFailure(error)
  if (verdict.kind !== 'unknown') return verdict
  return {
    kind: 'retry',
    error:
      error instanceof AppError
        ? { ...error.toData(), details: { ...error.details, published: false } }
        : { code: 'storage', text: userText('storyErrors.outbox.mediaNotReady'), details: { published: false } },
  }
}
