/**
 * Loading the groups snapshot at startup, against the floor it is held to: reading a
 * plain JSON file of the same groups and JSON.parse-ing it (side by side, alternating,
 * median of BENCH_ROUNDS). Then what follows a load before the list shows: building the
 * index, and the first window of rows.
 */
import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { GroupsQuerySchema } from '../../src-shared/channels/groups'
import { startEmulator } from '../../src-main/emulator/index'
import { ApiClient } from '../../src-main/platform/api'
import { SNAPSHOT_FILE, SnapshotStore } from '../../src-main/features/groups/cache'
import { GroupsIndex } from '../../src-main/features/groups/index'
import { fetchAllGroups } from '../../src-main/features/groups/sync'
import { gc, median, megabytes, millis } from './support/groups-bench'

const GROUPS = Number(process.env['BENCH_GROUPS'] ?? 50_000)
const ROUNDS = Number(process.env['BENCH_ROUNDS'] ?? 5)
const dir = await mkdtemp(join(tmpdir(), 'statusdesk-cache-bench-'))
const plainFile = join(dir, 'plain.json')

try {
  {
    const emulator = await startEmulator({ groups: GROUPS, seed: 3, epoch: 1_750_000_000 })
    const client = new ApiClient({
      baseUrl: emulator.baseUrl,
      token: emulator.token,
      fetch,
      timeouts: { headersMs: 120_000, stallMs: 120_000 },
    })
    const { groups } = await fetchAllGroups(client)
    await emulator.stop()
    await new SnapshotStore({ dir, accountId: 'bench' }).save({ accountId: 'bench', syncedAt: new Date().toISOString() }, groups)
    await writeFile(plainFile, JSON.stringify(groups))
  }
  gc()

  const plain: number[] = []
  const snapshot: number[] = []
  for (let round = 0; round < ROUNDS; round++) {
    gc()
    let started = performance.now()
    const parsed = JSON.parse(await readFile(plainFile, 'utf8')) as unknown[]
    plain.push(performance.now() - started)
    if (parsed.length !== GROUPS) throw new Error('plain file incomplete')

    gc()
    started = performance.now()
    const outcome = await new SnapshotStore({ dir, accountId: 'bench' }).load()
    snapshot.push(performance.now() - started)
    if (outcome.status !== 'loaded' || outcome.snapshot.groups.length !== GROUPS) throw new Error('snapshot did not load')
  }

  const outcome = await new SnapshotStore({ dir, accountId: 'bench' }).load()
  if (outcome.status !== 'loaded') throw new Error('snapshot did not load')
  gc()
  let started = performance.now()
  const index = GroupsIndex.of(outcome.snapshot.groups)
  const indexMs = performance.now() - started
  started = performance.now()
  const first = index.query(GroupsQuerySchema.parse({}))
  const firstQueryMs = performance.now() - started
  started = performance.now()
  const searched = index.query(GroupsQuerySchema.parse({ search: 'cafe', filters: ['unread'], sort: 'name' }))
  const searchMs = performance.now() - started

  const ratio = median(snapshot) / median(plain)
  console.log(`\nSnapshot load: ${GROUPS.toLocaleString('en')} groups (median of ${ROUNDS}, alternating)`)
  console.table([
    {
      step: 'read + JSON.parse of a plain JSON file (floor)',
      size: megabytes((await stat(plainFile)).size),
      time: millis(median(plain)),
      ratio: '1.00x',
    },
    {
      step: 'SnapshotStore.load() (checksums, segments)',
      size: megabytes((await stat(join(dir, SNAPSHOT_FILE))).size),
      time: millis(median(snapshot)),
      ratio: `${ratio.toFixed(2)}x`,
    },
  ])
  console.log(`target: at most 1.30x — ${ratio <= 1.3 ? 'met' : 'NOT met'}`)
  console.table([
    { step: 'build the index (fold search text, previews)', time: millis(indexMs) },
    { step: `first window (${first.rows.length} rows, sort recent)`, time: millis(firstQueryMs) },
    {
      step: `search "cafe" + unread, sort name (${searched.matching} matches)`,
      time: millis(searchMs),
    },
  ])
} finally {
  await rm(dir, { recursive: true, force: true })
}
