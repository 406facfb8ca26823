import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { FilesOutboxStore } from '../../../../../../../src-main/features/stories/outbox/store/files-store'
import { testClock } from './pg-fixtures'
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
