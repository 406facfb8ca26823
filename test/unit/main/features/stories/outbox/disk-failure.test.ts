import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { AppError } from '@shared/errors'
import { describe, expect, it } from 'vitest'
import { diskReason, storyNotWritten } from '../../../../../../src-main/features/stories/outbox/disk-failure'

async function failureOf(task: () => Promise<unknown>): Promise<unknown> {
  return task().then(
    () => null,
    (error: unknown) => error,
  )
}

describe('disk failures in the user’s words', () => {
  it('names a read-only folder, a full disk, and anything else by its code', async () => {
    const root = await mkdtemp(join(tmpdir(), 'statusdesk-disk-'))
    try {
      await writeFile(join(root, 'file'), 'x')
      const notADir = await failureOf(() => mkdir(join(root, 'file', 'sub')))
      expect(diskReason(notADir)).toEqual({ errno: 'ENOTDIR', words: 'the disk refused the write (ENOTDIR)' })
      // The kernel's own answers for a read-only file system and a full disk.
      expect(diskReason(Object.assign(new Error('read-only'), { code: 'EROFS' })).words).toBe('the app’s data folder is read-only')
      expect(diskReason(Object.assign(new Error('full'), { code: 'ENOSPC' })).words).toBe('the disk is full')
    } finally {
      await rm(root, { recursive: true, force: true })
    }
  })

  it('keeps an error already written for the user as it is', () => {
    const own = new AppError('cancelled', 'Cancelled.')
    expect(storyNotWritten(own)).toBe(own)
    expect(storyNotWritten(new Error('boom')).message).toContain('the disk refused the write (unknown)')
  })
})
