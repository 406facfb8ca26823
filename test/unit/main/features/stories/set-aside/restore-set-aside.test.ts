import { mkdir, mkdtemp, readdir, rm, symlink, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { SetAsideKind } from '@shared/channels/outbox'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { ACCOUNT_FILE_LIST, ACCOUNT_FILES } from '../../../../../../src-main/account/files/account-files'
import { FileRoot, type SetAsideCopy } from '../../../../../../src-main/account/files/file-root'
import { silentLogger } from '../../../../../../src-main/platform/log/log'
import { restoreSetAside } from '../../../../../../src-main/features/stories/set-aside/restore-set-aside'
import { olderItemJson, openOutbox, recordingClient } from '../outbox/outbox-harness'

const STAMP = '2025-03-01T10-20-30-123Z'
let dir: string

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'statusdesk-restore-'))
})
afterEach(async () => {
  await rm(dir, { recursive: true, force: true })
})

/** A set-aside outbox story's folder, as the outbox leaves one it could not read; `json` is its item.json, if any. */
async function setAsideStory(id: string, json: string | null): Promise<SetAsideCopy> {
  const path = join(dir, 'outbox', `${id}.corrupt-${STAMP}`)
  await mkdir(path, { recursive: true })
  if (json !== null) await writeFile(join(path, 'item.json'), json)
  return copyOf('outbox', path, join(path, 'item.json'), true)
}

function copyOf(kind: SetAsideKind, path: string, jsonPath: string, restorable: boolean): SetAsideCopy {
  return {
    id: `outbox/${path}`,
    decl: ACCOUNT_FILES.outbox,
    kind,
    restorable,
    at: new Date().toISOString(),
    bytes: 0,
    preview: '',
    path,
    jsonPath,
  }
}

/** A story as a version before translated texts wrote it: its error an English sentence. */
function olderItem(id: string) {
  return olderItemJson(id, 'Set aside by an older version', {
    lastError: { code: 'offline', message: 'There is no connection right now.', details: { published: false } },
  })
}

function failureOf(task: Promise<unknown>): Promise<unknown> {
  return task.then(
    () => null,
    (error: unknown) => error,
  )
}

describe('restoring a set-aside outbox story', () => {
  it('takes back one an older version wrote, as unknown for the user to decide', async () => {
    const { outbox } = openOutbox(dir, recordingClient('http://127.0.0.1:9', 'unused'))
    // Nothing is sent here: the outbox only takes the story back.
    outbox.close()
    await outbox.open()
    const copy = await setAsideStory('olderSetAside1', JSON.stringify(olderItem('olderSetAside1')))

    await restoreSetAside(copy, { outbox })
    expect(outbox.list()).toMatchObject([
      {
        id: 'olderSetAside1',
        state: 'unknown',
        lastError: { code: 'unknown-outcome', text: { key: 'storyErrors.outbox.unknownAfterRestore' } },
      },
    ])
    expect(await readdir(join(dir, 'outbox'))).toEqual(['olderSetAside1'])
  })

  it('says in one of three sentences why nothing could be read back, the reason kept in details', async () => {
    const { outbox } = openOutbox(dir, recordingClient('http://127.0.0.1:9', 'unused'))
    outbox.close()
    await outbox.open()
    const targets = { outbox }

    expect(await failureOf(restoreSetAside(await setAsideStory('noItemFile01', null), targets))).toMatchObject({
      code: 'invalid-argument',
      text: { key: 'storyErrors.setAside.cannotOpen' },
      details: { reason: 'cannot-open' },
    })
    expect(await failureOf(restoreSetAside(await setAsideStory('notJsonItem01', '{"version": 1,'), targets))).toMatchObject({
      text: { key: 'storyErrors.setAside.notReadable' },
      details: { reason: 'not-json' },
    })
    expect(await failureOf(restoreSetAside(await setAsideStory('tornItem00001', '{"version": 1}'), targets))).toMatchObject({
      text: { key: 'storyErrors.setAside.nothingComplete' },
      details: { reason: 'incomplete' },
    })
    const cache = copyOf('groups-cache', join(dir, 'groups.json'), join(dir, 'groups.json'), false)
    expect(await failureOf(restoreSetAside(cache, targets))).toMatchObject({ text: { key: 'storyErrors.setAside.cacheOnly' } })
    expect(outbox.list()).toEqual([])
  })
})

describe('a set-aside copy that is a link', () => {
  it('is listed without following it: no preview of what it points to, and nothing restored from there', async () => {
    const account = join(dir, 'account')
    await mkdir(account)
    const secret = join(dir, 'secret.json')
    await writeFile(secret, JSON.stringify({ version: 1, entries: [], note: 'read from outside the data folder' }))
    await symlink(secret, join(account, `history.json.corrupt-${STAMP}`))
    await mkdir(join(account, 'outbox', `linkedItem01.corrupt-${STAMP}`), { recursive: true })
    await symlink(secret, join(account, 'outbox', `linkedItem01.corrupt-${STAMP}`, 'item.json'))
    const root = new FileRoot(account, ACCOUNT_FILE_LIST, { log: silentLogger })
    const copies = (await root.setAsideCopies()).sort((a, b) => a.kind.localeCompare(b.kind))
    expect(copies.map((copy) => [copy.kind, copy.preview, copy.bytes])).toEqual([
      ['history', '', 0],
      ['outbox', '', 0],
    ])
    for (const copy of copies)
      expect(await failureOf(restoreSetAside(copy, {}))).toMatchObject({
        code: 'invalid-argument',
        details: { reason: 'cannot-open' },
      })
  })
})
