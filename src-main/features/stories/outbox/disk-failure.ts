import { AppError } from '@shared/errors'

const READ_ONLY = new Set(['EROFS', 'EACCES', 'EPERM'])
const FULL = new Set(['ENOSPC', 'EDQUOT'])

/** What the disk said, in the user's words. */
export function diskReason(error: unknown): { errno: string; words: string } {
  const errno = (error as NodeJS.ErrnoException | undefined)?.code
  const code = typeof errno === 'string' ? errno : 'unknown'
  if (READ_ONLY.has(code)) return { errno: code, words: 'the app’s data folder is read-only' }
  if (FULL.has(code)) return { errno: code, words: 'the disk is full' }
  return { errno: code, words: `the disk refused the write (${code})` }
}

/**
 * A story that could not be written to the outbox was never sent: the outbox writes before
 * anything leaves. Says so, and why, so the user knows the story is still theirs to keep.
 */
export function storyNotWritten(error: unknown): AppError {
  if (error instanceof AppError) return error
  const { errno, words } = diskReason(error)
  return new AppError(
    'storage',
    `The story was not sent: it could not be written to the outbox because ${words}. Nothing left this computer, and the story is still in the composer.`,
    { reason: 'disk', errno, published: false },
  )
}
