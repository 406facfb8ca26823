import { rm, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { SUPPORTED_STORY_MIME_TYPES, storyKindOfMime } from '@shared/story/media-types'
import { type Emulator, startEmulator } from '../../../../../../src-main/emulator'
import type { NewStory } from '../../../../../../src-main/features/stories/outbox/outbox'
import { ApiClient } from '../../../../../../src-main/platform/api'
import { declaredUploadTypes } from '../../../../../support/upload-contract'
import { accountDir, openOutbox, textStory } from './outbox-harness'

const DECLARED = declaredUploadTypes()
const BYTES = 40_000

let emulator: Emulator
let dir: string

async function mediaStory(mimeType: string): Promise<NewStory> {
  const source = join(dir, `source-${mimeType.replace('/', '-')}`)
  await writeFile(source, Buffer.alloc(BYTES, 5))
  const story = textStory()
  const kind = storyKindOfMime(mimeType)!
  return {
    ...story,
    payload: { kind: 'media', fields: { caption: mimeType }, media: { file: 'media', mimeType, size: BYTES } },
    summary: { ...story.summary, kind },
    mediaSource: source,
  }
}

beforeAll(async () => {
  emulator = await startEmulator({ groups: 3 })
  dir = await accountDir()
})
afterAll(async () => {
  await emulator.stop()
  await rm(dir, { recursive: true, force: true })
})
beforeEach(() => emulator.control.reset())

describe('Outbox: every type the composer accepts reaches the provider a way the contract allows', () => {
  it.each(SUPPORTED_STORY_MIME_TYPES)('%s', async (mimeType) => {
    const client = new ApiClient({ baseUrl: emulator.baseUrl, token: emulator.token, fetch: globalThis.fetch })
    const { outbox } = openOutbox(dir, client)
    await outbox.open()
    try {
      expect((await outbox.publish(await mediaStory(mimeType))).state).toBe('sent')
    } finally {
      outbox.close()
    }
    const media = emulator.control.requests.list().filter((r) => r.route === 'media')
    const [published] = emulator.control.stories.list()
    if (DECLARED.includes(mimeType)) {
      // Declared for /media: the file goes up alone, and the story names it by id.
      expect(media).toHaveLength(1)
      expect(published).toMatchObject({ mimeType, media: { form: 'media-id' } })
    } else {
      // Not declared: no upload is tried; the story request carries the file as a data URI.
      expect(media).toEqual([])
      expect(published).toMatchObject({ mimeType, media: { form: 'data-uri', bytes: BYTES } })
    }
  })
})
