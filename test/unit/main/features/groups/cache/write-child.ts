/**
 * Run by snapshot-crash.test.ts in its own process, which the test then kills mid-write:
 *   write-child.ts <dir> <groups.json> pause-before-rename   writes one snapshot and stops for good just before the rename
 *   write-child.ts <dir> <groups.json> loop                  writes snapshots of alternating sizes until killed
 */
import { readFile } from 'node:fs/promises'
import type { Group } from '@shared/domain'
import { SnapshotStore } from '../../../../../../src-main/features/groups/cache'
import { nodeFiles, type FilePort } from '../../../../../../src-main/platform/files/fs-port'

const [dir, groupsFile, mode] = process.argv.slice(2) as [string, string, string]
const groups = JSON.parse(await readFile(groupsFile, 'utf8')) as Group[]

const pausing: FilePort = {
  ...nodeFiles,
  rename: async () => {
    process.stdout.write('before-rename\n')
    await new Promise(() => {})
  },
}

if (mode === 'pause-before-rename') {
  const store = new SnapshotStore({ dir, accountId: 'acc', files: pausing })
  await store.save({ accountId: 'acc', syncedAt: '2025-01-02T00:00:00.000Z' }, groups)
} else {
  const store = new SnapshotStore({ dir, accountId: 'acc' })
  process.stdout.write('looping\n')
  for (let round = 0; ; round++) {
    const some = round % 2 === 0 ? groups : groups.slice(0, Math.floor(groups.length / 2))
    await store.save({ accountId: 'acc', syncedAt: new Date(round * 1000).toISOString() }, some)
  }
}
