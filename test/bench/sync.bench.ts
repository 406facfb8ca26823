/**
 * The groups sync against the emulator (in its own process) with BENCH_GROUPS groups
 * (default 50,000) and 50 ms of latency per request, measured side by side with the plain
 * way: a sequential loop of count=100 pages through the same API client.
 *   - fetch: every page read and parsed (what the sync engine does before saving);
 *   - full sync: the GroupsService's sync: fetch, compare with the previous snapshot,
 *     save the snapshot atomically, build the index the list queries.
 * Also the size of the first window of rows as it crosses the bridge.
 */
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { PerformanceObserver } from 'node:perf_hooks'
import { join } from 'node:path'
import { GroupsQuerySchema, MAX_WINDOW } from '../../src-shared/channels/groups'
import type { Group } from '../../src-shared/domain'
import { fetchAllGroups } from '../../src-main/features/groups/sync'
import { BENCH_ACCOUNT, benchAccount, benchGroupsService, gc, megabytes, seconds } from './support/groups-bench'

const GROUPS = Number(process.env['BENCH_GROUPS'] ?? 50_000)
const LATENCY_MS = 50
const ROUNDS = Number(process.env['BENCH_ROUNDS'] ?? 1)

const { emulator, client } = await benchAccount(GROUPS, LATENCY_MS)

/** The plain way: one page of 100 after another, keeping the groups as any sync must. */
async function sequentialLoop(): Promise<number> {
  const groups: Group[] = []
  for (let offset = 0; ; offset += 100) {
    const page = await client.listGroups({ count: 100, offset })
    groups.push(...page.groups)
    if (page.groups.length + page.rejected.length < 100) return groups.length
  }
}

let gcMs = 0
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) gcMs += entry.duration
}).observe({ entryTypes: ['gc'] })

async function timed<T>(run: () => Promise<T>): Promise<{ ms: number; gcMs: number; value: T }> {
  gc()
  const gcBefore = gcMs
  const started = performance.now()
  const value = await run()
  return { ms: performance.now() - started, gcMs: gcMs - gcBefore, value }
}

interface Run {
  ms: number
  gcMs: number
}
const baseline: Run[] = []
const fetchOnly: Run[] = []
const fullSync: Run[] = []
const dirs: string[] = []
let firstWindowBytes = 0
let pageWindowBytes = 0
let maxWindowBytes = 0
let heapAfterSync = 0
try {
  for (let round = 0; round < ROUNDS; round++) {
    const loop = await timed(sequentialLoop)
    if (loop.value !== GROUPS) throw new Error(`sequential loop read ${loop.value} groups`)
    baseline.push(loop)

    // Only the count is kept, so the groups can be collected before the full sync runs.
    const engine = await timed(async () => (await fetchAllGroups(client, { concurrency: 4 })).groups.length)
    if (engine.value !== GROUPS) throw new Error(`sync engine read ${engine.value} groups`)
    fetchOnly.push(engine)

    const dir = await mkdtemp(join(tmpdir(), 'statusdesk-sync-bench-'))
    dirs.push(dir)
    const service = benchGroupsService(emulator, client, dir)
    const sync = await timed(() => service.sync(BENCH_ACCOUNT))
    if (sync.value.total !== GROUPS) throw new Error(`sync saved ${sync.value.total} groups`)
    fullSync.push(sync)
    heapAfterSync = process.memoryUsage().heapUsed

    const size = async (limit: number) => {
      const window = await service.query(BENCH_ACCOUNT, GroupsQuerySchema.parse({ limit }))
      return Buffer.byteLength(JSON.stringify({ ok: true, value: window }))
    }
    firstWindowBytes = await size(GroupsQuerySchema.parse({}).limit)
    pageWindowBytes = await size(100)
    maxWindowBytes = await size(MAX_WINDOW)
    await service.dispose()
  }
} finally {
  await emulator.stop()
  for (const dir of dirs) await rm(dir, { recursive: true, force: true })
}

const best = (runs: Run[]): Run => runs.reduce((a, b) => (b.ms < a.ms ? b : a))
const seq = best(baseline).ms
const row = (way: string, requests: number, run: Run) => ({
  way,
  requests,
  time: seconds(run.ms),
  'of which GC': seconds(run.gcMs),
  'vs baseline': run.ms === seq ? '1.00x' : `${(seq / run.ms).toFixed(2)}x faster`,
})
console.log(
  `\nGroups sync: ${GROUPS.toLocaleString('en')} groups, ${LATENCY_MS} ms latency per request, emulator in its own process (best of ${ROUNDS})`,
)
console.table([
  row('sequential loop, count=100 (baseline)', Math.floor(GROUPS / 100) + 1, best(baseline)),
  row('sync engine fetch: 500/page, 4 in flight', Math.floor(GROUPS / 500) + 1, best(fetchOnly)),
  row('full sync: fetch + diff + atomic save + index', Math.floor(GROUPS / 500) + 1, best(fullSync)),
])
console.table([
  {
    window: `groups:query default (${GroupsQuerySchema.parse({}).limit} rows)`,
    'serialised Result': `${(firstWindowBytes / 1024).toFixed(1)} KB`,
    'under 256 KB': firstWindowBytes < 256 * 1024,
  },
  {
    window: '100 rows (the list’s page)',
    'serialised Result': `${(pageWindowBytes / 1024).toFixed(1)} KB`,
    'under 256 KB': pageWindowBytes < 256 * 1024,
  },
  {
    window: `${MAX_WINDOW} rows (MAX_WINDOW)`,
    'serialised Result': `${(maxWindowBytes / 1024).toFixed(1)} KB`,
    'under 256 KB': maxWindowBytes < 256 * 1024,
  },
])
console.log(`heap in use after the sync: ${megabytes(heapAfterSync)}`)
