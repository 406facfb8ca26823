import { mkdir, mkdtemp, readdir, rename, rm, symlink, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { FilesOutboxStore } from '../../../../../../../src-main/features/stories/outbox/store/files-store'
import { describe, expect, it } from 'vitest'
import { testClock } from './pg-fixtures'
import { A } from './store-conformance'
import { textItem } from './store-items'
import { describeOutboxStore } from './store-conformance'

/**
 * The desktop's store: each account's items in its folder. One process holds a data folder,
 * so the suite's tests of two engines over one storage skip for it.
 */
describeOutboxStore('files in each account folder (one engine per data folder)', async () => {
  const root = await mkdtemp(join(tmpdir(), 'statusdesk-files-store-'))
  const clock = testClock()
  const store = new FilesOutboxStore({ dirOf: (id) => join(root, id), owner: 'engine-one', now: clock.now })
  return {
    store,
    clock,
    second: null,
    corrupt: async (accountId, id) => {
      await writeFile(join(root, accountId, 'outbox', id, 'item.json'), '{"state": "exploded"')
    },
    dispose: async () => {
      await store.close()
      await rm(root, { recursive: true, force: true })
    },
  }
})

describe('files in each account folder, on their own', () => {
  it('deletes a folder a crash left aside on its way out, and lists nothing of it', async () => {
    const root = await mkdtemp(join(tmpdir(), 'statusdesk-files-store-'))
    const clock = testClock()
    const store = new FilesOutboxStore({ dirOf: (id) => join(root, id), owner: 'engine-one', now: clock.now })
    const kept = await store.insert(A, textItem(clock.now()), { mediaSource: null })
    const gone = await store.insert(A, textItem(clock.now()), { mediaSource: null })
    await store.close()
    const outbox = join(root, A, 'outbox')
    await rename(join(outbox, gone.id), join(outbox, `${gone.id}.gone-1-2`))

    const reopened = new FilesOutboxStore({ dirOf: (id) => join(root, id), owner: 'engine-two', now: clock.now })
    const { items, setAside } = await reopened.open(A)
    expect(items.map((item) => item.id)).toEqual([kept.id])
    expect(setAside).toEqual([])
    expect(await readdir(outbox)).toEqual([kept.id])
    await rm(root, { recursive: true, force: true })
  })

  it('reads an account folder again after a load that failed, rather than keeping the failure', async () => {
    const root = await mkdtemp(join(tmpdir(), 'statusdesk-files-store-'))
    const clock = testClock()
    const store = new FilesOutboxStore({ dirOf: (id) => join(root, id), owner: 'engine-one', now: clock.now })
    // The outbox folder cannot be read (here a link to itself; on a user's disk, a busy disk or too many open files).
    await mkdir(join(root, A), { recursive: true })
    await symlink('outbox', join(root, A, 'outbox'))
    await expect(store.open(A)).rejects.toThrow()
    await expect(store.list(A)).rejects.toThrow()

    await rm(join(root, A, 'outbox'))
    const item = await store.insert(A, textItem(clock.now()), { mediaSource: null })
    expect((await store.list(A)).map((listed) => listed.id)).toEqual([item.id])
    await rm(root, { recursive: true, force: true })
  })
})
