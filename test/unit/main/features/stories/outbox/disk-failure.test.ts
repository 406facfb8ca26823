import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { AppError, codeText } from '@shared/errors'
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
      expect(diskReason(notADir)).toEqual({ errno: 'ENOTDIR', reason: 'refused' })
      expect(storyNotWritten(notADir).text).toEqual({ key: 'storyErrors.outbox.notWritten.refused', params: { errno: 'ENOTDIR' } })
      // The kernel's own answers for a read-only file system and a full disk.
      const readOnly = Object.assign(new Error('read-only'), { code: 'EROFS' })
      const full = Object.assign(new Error('full'), { code: 'ENOSPC' })
      expect(diskReason(readOnly)).toEqual({ errno: 'EROFS', reason: 'read-only' })
      expect(diskReason(full)).toEqual({ errno: 'ENOSPC', reason: 'full' })
      expect(storyNotWritten(readOnly).text).toEqual({ key: 'storyErrors.outbox.notWritten.readOnly' })
      expect(storyNotWritten(full)).toMatchObject({
        code: 'storage',
        text: { key: 'storyErrors.outbox.notWritten.full' },
        details: { reason: 'disk', errno: 'ENOSPC', published: false },
      })
    } finally {
      await rm(root, { recursive: true, force: true })
    }
  })

  it('keeps an error already written for the user as it is', () => {
    const own = new AppError('cancelled', codeText('cancelled'))
    expect(storyNotWritten(own)).toBe(own)
    expect(storyNotWritten(new Error('boom')).text).toEqual({ key: 'storyErrors.outbox.notWritten.refused', params: { errno: 'unknown' } })
  })
})
