import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { DEFAULT_STORY_LIMITS } from '@shared/story/limits'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { APP_FILE_LIST } from '../../../../src-main/account/files/app-files'
import { FileRoot } from '../../../../src-main/account/files/file-root'
import { dispatch, type Handlers } from '../../../../src-main/handlers/dispatch'
import { outboxHandlers } from '../../../../src-main/handlers/outbox'
import { EventHub } from '../../../../src-main/platform/events'
import { silentLogger } from '../../../../src-main/platform/log/log'
import { createOutboxes } from '../../../../src-main/features/stories/outbox/outbox-module'
import { FilesOutboxStore } from '../../../../src-main/features/stories/outbox/store/files-store'
import { createStoriesModule, type StoriesModule } from '../../../../src-main/features/stories/publish/stories-module'
import { testHandlers } from '../../../support/handlers'
import { workspacesWith } from '../../../support/workspaces'

let root: string
let stories: StoriesModule

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'statusdesk-outbox-handlers-'))
  const workspaces = workspacesWith(null)
  const events = new EventHub()
  stories = createStoriesModule({
    dataDir: root,
    workspaces,
    appFiles: new FileRoot(root, APP_FILE_LIST, { log: silentLogger }),
    labelOf: () => undefined,
    outboxes: createOutboxes({
      workspaces,
      store: new FilesOutboxStore({ dirOf: (id) => join(root, 'accounts', id), owner: 'test' }),
      events,
      log: silentLogger,
    }),
    limits: () => DEFAULT_STORY_LIMITS,
    participants: async () => null,
    participantsWithIds: async () => [],
    groups: async () => [],
    fetch: globalThis.fetch,
    events,
    log: silentLogger,
  })
  await stories.start()
})
afterAll(async () => {
  await stories.dispose()
  await rm(root, { recursive: true, force: true })
})

const handlers = (): Handlers => testHandlers(outboxHandlers(stories))
const call = (h: Handlers, channel: string, arg?: unknown) =>
  dispatch(h, channel, arg, { transport: 'ipc', client: 'window:1' }, silentLogger)

describe('outbox handlers', () => {
  it('publishes nothing to an account that is not open, and lists nothing without one', async () => {
    const h = handlers()
    const draft = { text: { body: 'Hi' } }
    expect(await call(h, 'stories:publish', { requestId: 'abcdefgh12', draft, accountIds: ['gone'] })).toMatchObject({
      ok: true,
      value: { targets: [{ accountId: 'gone', outcome: { state: 'refused', error: { code: 'not-found' } } }] },
    })
    expect(await call(h, 'stories:publish', { requestId: 'abcdefgh13', draft, accountIds: [] })).toMatchObject({
      ok: false,
      error: { code: 'invalid-argument' },
    })
    expect(await call(h, 'stories:outbox-list')).toEqual({ ok: true, value: [] })
    expect(await call(h, 'stories:history-list')).toEqual({ ok: true, value: [] })
    expect(await call(h, 'stories:set-aside-list')).toEqual({ ok: true, value: [] })
  })

  it('takes one "when": an instant or the queue, never both, never an old or unknown field', async () => {
    const h = handlers()
    const draft = { text: { body: 'Hi' } }
    const press = (extra: Record<string, unknown>) =>
      call(h, 'stories:publish', { requestId: 'abcdefgh14', draft, accountIds: ['gone'], ...extra })
    const at = '2099-07-01T07:30:00.000Z'
    for (const when of [{ at }, { at: '2099-07-01T09:30:00+02:00' }, { queue: true }]) {
      expect(await press({ when })).toMatchObject({ ok: true })
    }
    for (const extra of [
      // The old field must not be dropped silently: the story would go now instead of at its time.
      { dueAt: at },
      { when: { at, queue: true } },
      { when: { queue: false } },
      { when: { at: 'tomorrow morning' } },
      { when: { at: '2099-07-01T09:30' } },
      { when: { at: Date.parse(at) } },
      { when: {} },
    ]) {
      expect(await press(extra), JSON.stringify(extra)).toMatchObject({ ok: false, error: { code: 'invalid-argument' } })
    }
  })

  it('refuses an action on an account that is not open', async () => {
    expect(await call(handlers(), 'stories:outbox-act', { accountId: 'gone', id: 'abcdefgh', action: 'discard' })).toMatchObject({
      ok: false,
      error: { code: 'not-found' },
    })
  })
})
