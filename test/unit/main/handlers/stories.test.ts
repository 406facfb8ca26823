import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { UserText } from '@shared/i18n/user-text'
import { DEFAULT_STORY_LIMITS } from '@shared/story/limits'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { dispatch, type Handlers } from '../../../../src-main/handlers/dispatch'
import { storiesHandlers } from '../../../../src-main/handlers/stories'
import { silentLogger } from '../../../../src-main/platform/log/log'
import { MediaStore } from '../../../../src-main/features/stories/media/media-store'
import type { OpenDialogPort } from '../../../../src-main/features/stories/media/open-dialog'
import { ContactsSearch } from '../../../../src-main/features/stories/publish/contacts-search'
import { DraftsService } from '../../../../src-main/features/stories/drafts/drafts-service'
import { StoryFeedService } from '../../../../src-main/features/stories/feed/story-feed-service'
import { testHandlers } from '../../../support/handlers'
import { workspacesWith } from '../../../support/workspaces'

const PHOTO = join(import.meta.dirname, '../../../fixtures/media/photo-360x640.jpg')
let root: string
let media: MediaStore

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'statusdesk-story-handlers-'))
  media = new MediaStore({ dir: join(root, 'media'), limits: () => DEFAULT_STORY_LIMITS, fetch: globalThis.fetch })
})
afterAll(async () => {
  await rm(root, { recursive: true, force: true })
})

function handlers(openDialog: OpenDialogPort | null): Handlers {
  return testHandlers(
    storiesHandlers({
      drafts: new DraftsService(workspacesWith(null)),
      feed: new StoryFeedService({
        workspaces: workspacesWith(null),
        groups: async () => [],
        history: async () => [],
      }),
      exportViews: async () => ({ path: null, rows: 0 }),
      media,
      contacts: new ContactsSearch(async () => null),
      limits: () => DEFAULT_STORY_LIMITS,
      openDialog,
    }),
  )
}
const call = (h: Handlers, channel: string, arg?: unknown) =>
  dispatch(h, channel, arg, { transport: 'ipc', client: 'window:1' }, silentLogger)

describe('stories handlers', () => {
  it('opens the system dialog in main and answers with a grant, never the path', async () => {
    const asked: UserText[] = []
    const h = handlers({
      chooseOpenPath: async ({ title }) => {
        asked.push(title)
        return PHOTO
      },
    })
    const result = await call(h, 'stories:media-pick')
    expect(result).toMatchObject({ ok: true, value: { kind: 'image', width: 360, name: 'photo-360x640.jpg' } })
    expect(JSON.stringify(result)).not.toContain(root)
    expect(JSON.stringify(result)).not.toContain('fixtures')
    expect(asked).toEqual([{ key: 'desktop.openDialog.media' }])
    expect(await call(handlers({ chooseOpenPath: async () => null }), 'stories:media-pick')).toEqual({ ok: true, value: null })
  })

  it('says plainly that web mode has no file dialog', async () => {
    expect(await call(handlers(null), 'stories:media-pick')).toMatchObject({
      ok: false,
      error: { code: 'invalid-request', text: { key: 'storyErrors.publish.noFileDialog' } },
    })
  })

  it('refuses malformed arguments before any work: ids that are not grants, bad request ids, paths', async () => {
    const h = handlers(null)
    expect(await call(h, 'stories:media-get', { id: '../../etc/passwd' })).toMatchObject({ ok: false, error: { code: 'invalid-argument' } })
    expect(await call(h, 'stories:publish', { requestId: 'x', draft: {} })).toMatchObject({
      ok: false,
      error: { code: 'invalid-argument' },
    })
    expect(await call(h, 'stories:media-import', { name: 'a.jpg', bytes: '/home/me/a.jpg' })).toMatchObject({
      ok: false,
      error: { code: 'invalid-argument' },
    })
  })

  it('takes dropped bytes and serves the limits', async () => {
    const h = handlers(null)
    const bytes = new Uint8Array(await readFile(PHOTO))
    expect(await call(h, 'stories:media-import', { name: 'dropped.jpg', bytes })).toMatchObject({ ok: true, value: { height: 640 } })
    expect(await call(h, 'stories:limits')).toEqual({ ok: true, value: DEFAULT_STORY_LIMITS })
  })

  it('answers a media URL with a broken %-escape with a clear validation error, not an internal one', async () => {
    const result = await call(handlers(null), 'stories:media-import-url', { url: 'http://host/%E0%A4%A' })
    expect(result).toEqual({
      ok: false,
      error: {
        code: 'invalid-argument',
        text: { key: 'mediaErrors.url.brokenEscape' },
      },
    })
  })
})
