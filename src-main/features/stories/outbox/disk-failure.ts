import { AppError } from '@shared/errors'
import { userText, type UserText } from '@shared/i18n/user-text'

const READ_ONLY = new Set(['EROFS', 'EACCES', 'EPERM'])
const FULL = new Set(['ENOSPC', 'EDQUOT'])

export type DiskReason = 'read-only' | 'full' | 'refused'

/** What the disk said, sorted into what the user can act on: a read-only folder, a full disk, or anything else by its code. */
export function diskReason(error: unknown): { errno: string; reason: DiskReason } {
  const errno = (error as NodeJS.ErrnoException | undefined)?.code
  const code = typeof errno === 'string' ? errno : 'unknown'
  if (READ_ONLY.has(code)) return { errno: code, reason: 'read-only' }
  if (FULL.has(code)) return { errno: code, reason: 'full' }
  return { errno: code, reason: 'refused' }
}

function notWrittenText(reason: DiskReason, errno: string): UserText {
  switch (reason) {
    case 'read-only':
      return userText('storyErrors.outbox.notWritten.readOnly')
    case 'full':
      return userText('storyErrors.outbox.notWritten.full')
    case 'refused':
      return userText('storyErrors.outbox.notWritten.refused', { errno })
  }
}

/**
 * A story that could not be written to the outbox was never sent: the outbox writes before
 * anything leaves. Says so, and why, so the user knows the story is still theirs to keep.
 */
export function storyNotWritten(error: unknown): AppError {
  if (error instanceof AppError) return error
  const { errno, reason } = diskReason(error)
  return new AppError('storage', notWrittenText(reason, errno), { reason: 'disk', errno, published: false })
}
