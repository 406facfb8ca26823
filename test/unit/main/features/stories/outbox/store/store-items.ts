import { randomBytes } from 'node:crypto'
import { writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { expect } from 'vitest'
import type { OutboxItem } from '../../../../../../../src-main/features/stories/outbox/outbox-item'
import { StoreConflict, type ConflictReason } from '../../../../../../../src-main/features/stories/outbox/store/outbox-store'

let seq = 0

/** A queued text story created at `at` (ms), with `fields` over it. Ids sort in the order they are made. */
export function textItem(at: number, fields: Partial<OutboxItem> = {}): OutboxItem {
  seq++
  const id = `it${String(seq).padStart(6, '0')}${randomBytes(3).toString('hex')}`
  const caption = `Story ${seq}`
  const iso = new Date(at).toISOString()
  return {
    version: 1,
    id,
    requestId: `req-${id}`,
    state: 'queued',
    createdAt: iso,
    updatedAt: iso,
    attempts: 0,
    payload: {
      kind: 'text',
      request: { caption, background_color: '#FF0B6E4F', caption_color: '#FFFFFFFF', font_type: 'SYSTEM' },
    },
    summary: {
      kind: 'text',
      text: caption,
      thumbnail: null,
      background: '#FF0B6E4F',
      color: '#FFFFFFFF',
      font: 'SYSTEM',
      audience: { mode: 'everyone', count: null, excluded: 0 },
      mediaBytes: null,
    },
    lastError: null,
    result: null,
    nextAttemptAt: null,
    dueAt: null,
    rev: 0,
    claim: null,
    ...fields,
  }
}

/** A queued image story of `size` bytes created at `at`. */
export function mediaItem(at: number, size: number, fields: Partial<OutboxItem> = {}): OutboxItem {
  const item = textItem(at, fields)
  return {
    ...item,
    payload: { kind: 'media', fields: { caption: item.summary.text }, media: { file: 'media', mimeType: 'image/jpeg', size } },
    summary: { ...item.summary, kind: 'image', background: null, color: null, font: null, mediaBytes: size },
    ...fields,
  }
}

/** A file of `size` random bytes in `dir`, as a granted media file the outbox copies in. */
export async function mediaFile(dir: string, size: number): Promise<{ path: string; bytes: Buffer }> {
  const bytes = randomBytes(size)
  const path = join(dir, `source-${randomBytes(6).toString('hex')}`)
  await writeFile(path, bytes)
  return { path, bytes }
}

export function iso(ms: number): string {
  return new Date(ms).toISOString()
}

/** The store refused with `reason`; returns the refusal for its `current`. */
export async function expectConflict(promise: Promise<unknown>, reason: ConflictReason): Promise<StoreConflict> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  )
  expect(error, `refused as ${reason}`).toBeInstanceOf(StoreConflict)
  expect((error as StoreConflict).reason).toBe(reason)
  return error as StoreConflict
}
