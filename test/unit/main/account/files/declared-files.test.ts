import { readdir, readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ACCOUNT_FILE_LIST } from '../../../../../src-main/account/files/account-files'
import { ACCOUNTS_DIR, APP_FILE_LIST } from '../../../../../src-main/account/files/app-files'
import { FileRoot } from '../../../../../src-main/account/files/file-root'
import type { AppCore } from '../../../../../src-main/app/app-core'
import { type Emulator, startEmulator } from '../../../../../src-main/emulator'
import { silentLogger } from '../../../../../src-main/platform/log/log'
import { callCore, testCores } from '../../../../support/app-core'

const JPEG = join(import.meta.dirname, '../../../../fixtures/media/photo-360x640.jpg')
let emulator: Emulator

const call = callCore

/** Everything in the data folder that no declaration accounts for: the app's own files, then each account's. */
async function undeclared(): Promise<string[]> {
  const app = new FileRoot(cores.dataDir, APP_FILE_LIST, { log: silentLogger })
  const found = await app.undeclared((path) => path.startsWith(`${ACCOUNTS_DIR}/`))
  for (const id of await readdir(join(cores.dataDir, ACCOUNTS_DIR)).catch(() => [] as string[])) {
    const account = new FileRoot(join(cores.dataDir, ACCOUNTS_DIR, id), ACCOUNT_FILE_LIST, { log: silentLogger })
    found.push(...(await account.undeclared()).map((path) => `${ACCOUNTS_DIR}/<id>/${path}`))
  }
  return found
}

beforeAll(async () => {
  emulator = await startEmulator({ groups: 40 })
})
afterAll(async () => {
  await emulator.stop()
})
const cores = testCores('statusdesk-declared-')
const startCore = (): Promise<AppCore> => cores.start()

describe('the file registry', () => {
  it('declares every file the app writes, through every feature and a restart', async () => {
    const core = await startCore()
    const account = (await call(core, 'accounts:connect', { baseUrl: emulator.baseUrl, token: emulator.token, storage: 'weak' })) as {
      id: string
    }
    const accountId = account.id
    await call(core, 'groups:sync', { accountId })
    // Pictures (downloaded after the sync), the participants index, an export.
    const pictures = join(cores.dataDir, ACCOUNTS_DIR, account.id, 'pictures')
    for (let i = 0; i < 250 && !(await readdir(pictures).catch(() => [] as string[])).includes('manifest.jsonl'); i++)
      await new Promise((r) => setTimeout(r, 40))
    await call(core, 'stories:contacts-search', { accountId, query: '1' })
    await call(core, 'export:groups', { accountId })
    // Stories: text now, media now, one planned, and the feed with its viewers and contact names.
    await call(core, 'stories:publish', { requestId: 'declared-text', draft: { text: { body: 'Every file' } }, accountIds: [account.id] })
    const grant = (await call(core, 'stories:media-import', { name: 'photo.jpg', bytes: new Uint8Array(await readFile(JPEG)) })) as {
      id: string
    }
    await call(core, 'stories:publish', {
      requestId: 'declared-media',
      draft: { kind: 'media', media: { grantId: grant.id, caption: 'A photo' } },
      accountIds: [account.id],
    })
    await call(core, 'stories:publish', {
      requestId: 'declared-later',
      draft: { text: { body: 'Tomorrow' } },
      accountIds: [account.id],
      when: { at: new Date(Date.now() + 86_400_000).toISOString() },
    })
    // The posting queue's slots, and a story added to the queue.
    await call(core, 'queue:set', { accountId: account.id, settings: { timeZone: 'UTC', slots: [{ weekday: 0, time: '09:00' }] } })
    await call(core, 'stories:publish', {
      requestId: 'declared-queued',
      draft: { text: { body: 'In the queue' } },
      accountIds: [account.id],
      when: { queue: true },
    })
    const feed = (await call(core, 'stories:feed-sync', { accountId })) as { stories: { id: string }[] }
    if (feed.stories[0]) await call(core, 'stories:views', { accountId, id: feed.stories[0].id, refresh: true })
    // Insights: a round of samples keeps the live stories (the archive's file: insights-store.test.ts).
    await core.insights.sampler.tick()
    // Drafts, saved drafts, audiences and styles.
    await call(core, 'stories:draft-save', { accountId, text: { body: 'Half written' } })
    await call(core, 'drafts:save', { accountId, draft: { text: { body: 'For later' } } })
    await call(core, 'audiences:save', { name: 'Customers', contacts: ['15550100001'] })
    await call(core, 'styles:save', { name: 'Night', background: '#FF000000', color: '#FFFFFFFF', font: 'SYSTEM' })
    // A damaged history is set aside beside the new one.
    const accountDir = join(cores.dataDir, ACCOUNTS_DIR, account.id)
    await core.dispose()
    await writeFile(join(accountDir, 'history.json'), '{"version":1,"entries":[{"id":')
    const again = await startCore()
    await call(again, 'stories:history-list')
    // The window starts on the account chosen last, as its first list says.
    expect(await call(again, 'accounts:list')).toMatchObject({ activeId: accountId })
    await call(again, 'groups:sync', { accountId })
    await again.dispose()

    const names = await readdir(accountDir)
    expect(names).toEqual(
      expect.arrayContaining([
        'account.json',
        'groups.snapshot',
        'groups.index',
        'participants.index',
        'pictures',
        'outbox',
        'drafts',
        'stories-feed.json',
        'contacts.json',
        'insights',
      ]),
    )
    expect(names.some((name) => name.startsWith('history.json.corrupt-'))).toBe(true)
    expect(await undeclared()).toEqual([])
  }, 60_000)

  it('finds a file nothing declares, wherever it is', async () => {
    const core = await startCore()
    const account = (await call(core, 'accounts:connect', { baseUrl: emulator.baseUrl, token: emulator.token, storage: 'weak' })) as {
      id: string
    }
    await core.dispose()
    await writeFile(join(cores.dataDir, ACCOUNTS_DIR, account.id, 'notes.txt'), 'mine')
    await writeFile(join(cores.dataDir, 'stray.json'), '{}')
    expect((await undeclared()).sort()).toEqual(['accounts/<id>/notes.txt', 'stray.json'])
  })
})
