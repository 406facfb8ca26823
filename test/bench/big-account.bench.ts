/**
 * A big account from main's side, in one run, as ratios against plain clients:
 *   - a plain client (global fetch + JSON.parse, sequential count=100 and count=500 loops
 *     keeping every group) against GroupsService.sync(), in the order plain, app, app,
 *     plain, app, so that neither always runs first or last;
 *   - the CPU time of each (this process, its worker thread included; the server runs in
 *     its own process) and the load average when each started;
 *   - the longest stall of the event loop and the stalls over 100 ms during the sync;
 *   - the heap after the sync, the peak during a re-sync, and after a cold start;
 *   - a cold start: a new service over the saved cache, to the first window of rows.
 * BENCH_GROUPS (default 50,000) and BENCH_LATENCY_MS (default 50) change the account;
 * BENCH_REPLAY=1 serves the emulator's pages, read once, from memory (replay-server.ts), so
 * the server's CPU takes less from the clients on a machine with few cores.
 */
import { mkdtemp, rm, stat } from 'node:fs/promises'
import { loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import { GroupsQuerySchema } from '../../src-shared/channels/groups'
import type { ApiClient } from '../../src-main/platform/api'
import { GROUPS_INDEX_FILE, RecordPrint, SNAPSHOT_FILE } from '../../src-main/features/groups/cache'
import type { GroupsService } from '../../src-main/features/groups/sync'
import { PageParser } from '../../src-main/features/groups/sync/page-parser'
import {
  benchAccount,
  BENCH_ACCOUNT,
  benchGroupsService,
  gc,
  megabytes,
  millis,
  replayedAccount,
  seconds,
  settled,
  stallWatch,
  type BenchServer,
} from './support/groups-bench'

const GROUPS = Number(process.env['BENCH_GROUPS'] ?? 50_000)
const LATENCY_MS = Number(process.env['BENCH_LATENCY_MS'] ?? 50)

const REPLAY = process.env['BENCH_REPLAY'] === '1'

async function emulatedAccount(): Promise<{ server: BenchServer; client: ApiClient }> {
  const { emulator: server, client: own } = await benchAccount(GROUPS, LATENCY_MS)
  return { server, client: own }
}

const { server: emulator, client } = REPLAY ? await replayedAccount(GROUPS, LATENCY_MS) : await emulatedAccount()

interface Measured {
  ms: number
  cpuMs: number
  /** The 1-minute load average when it started. */
  load: number
}

async function measured<T>(run: () => Promise<T>): Promise<Measured & { value: T }> {
  gc()
  const load = loadavg()[0] as number
  const cpu = process.cpuUsage()
  const started = performance.now()
  const value = await run()
  const used = process.cpuUsage(cpu)
  return { ms: performance.now() - started, cpuMs: (used.user + used.system) / 1000, load, value }
}

/** The plain client: no schema, no snapshot, no index; the groups kept as any sync must. */
async function plainLoop(count: number): Promise<number> {
  const groups: unknown[] = []
  for (let offset = 0; ; offset += count) {
    const response = await fetch(`${emulator.baseUrl}/groups?count=${count}&offset=${offset}`, {
      headers: { authorization: `Bearer ${emulator.token}` },
    })
    const page = JSON.parse(await response.text()) as { groups: unknown[] }
    groups.push(...page.groups)
    if (page.groups.length < count) return groups.length
  }
}

/**
 * Starts the page worker before the first measured sync: here it loads the TypeScript
 * sources through tsx, which compiles them (seconds of CPU), where the built app loads one
 * small JavaScript file. The re-syncs find it running either way.
 */
async function warmWorker(): Promise<void> {
  const parser = new PageParser(RecordPrint.fresh())
  try {
    const body = Buffer.from('{"groups":[],"count":0,"total":0,"offset":0}')
    await parser.parse(new Uint8Array(body))
  } finally {
    parser.close()
  }
}

function service(dir: string): GroupsService {
  return benchGroupsService(emulator, client, dir)
}

/**
 * The highest heapUsed, and the highest heapUsed + arrayBuffers (the columns and the pages
 * in flight live outside the JS heap), seen while `run` runs, sampled every 20 ms.
 */
async function peakMemory<T>(run: () => Promise<T>): Promise<{ heap: number; withBuffers: number; value: T }> {
  let heap = 0
  let withBuffers = 0
  const sample = (): void => {
    const { heapUsed, arrayBuffers } = process.memoryUsage()
    heap = Math.max(heap, heapUsed)
    withBuffers = Math.max(withBuffers, heapUsed + arrayBuffers)
  }
  sample()
  const timer = setInterval(sample, 20)
  try {
    const value = await run()
    sample()
    return { heap, withBuffers, value }
  } finally {
    clearInterval(timer)
  }
}

const loadBefore = loadavg()[0] as number
const dir = await mkdtemp(join(tmpdir(), 'statusdesk-big-account-'))
const plain100: Measured[] = []
const plain500: Measured[] = []
/** Filled as the run goes. */
const figures = {
  sync: { ms: 0, cpuMs: 0, load: 0 } as Measured,
  resync: { ms: 0, cpuMs: 0, load: 0 } as Measured,
  lastSync: { ms: 0, cpuMs: 0, load: 0 } as Measured,
  stalls: { longestMs: 0, over100: 0 },
  heapAfterSync: 0,
  resyncPeak: 0,
  resyncPeakWithBuffers: 0,
  coldStartMs: 0,
  heapAfterColdStart: 0,
  /** ArrayBuffer memory (outside the JS heap: the index's columns live there) held. */
  buffersAfterSync: 0,
  buffersAfterColdStart: 0,
  buffersSettled: 0,
  snapshotBytes: 0,
  indexBytes: 0,
}
try {
  // Plain, app, app, plain, app: neither kind of client always goes first or last.
  plain100.push(await measured(() => plainLoop(100)))
  plain500.push(await measured(() => plainLoop(500)))

  const { heapUsed: heapBefore, arrayBuffers: buffersBefore } = await settled()
  // In a block of its own, so nothing holds the first service once it is disposed.
  {
    const app = service(dir)
    await warmWorker()
    const watch = stallWatch()
    const first = await measured(() => app.sync(BENCH_ACCOUNT))
    figures.stalls = watch.stop()
    if (first.value.total !== GROUPS) throw new Error(`sync saved ${first.value.total} groups`)
    figures.sync = first
    const afterSync = await settled()
    figures.heapAfterSync = afterSync.heapUsed - heapBefore
    figures.buffersAfterSync = afterSync.arrayBuffers - buffersBefore
    figures.snapshotBytes = (await stat(join(dir, SNAPSHOT_FILE))).size
    figures.indexBytes = (await stat(join(dir, GROUPS_INDEX_FILE))).size

    const again = await peakMemory(() => measured(() => app.sync(BENCH_ACCOUNT)))
    figures.resync = again.value
    figures.resyncPeak = again.heap - heapBefore
    figures.resyncPeakWithBuffers = again.withBuffers - heapBefore - buffersBefore

    plain500.push(await measured(() => plainLoop(500)))
    plain100.push(await measured(() => plainLoop(100)))

    const lastWatch = stallWatch()
    figures.lastSync = await measured(() => app.sync(BENCH_ACCOUNT))
    const lastStalls = lastWatch.stop()
    figures.stalls = {
      longestMs: Math.max(figures.stalls.longestMs, lastStalls.longestMs),
      over100: figures.stalls.over100 + lastStalls.over100,
    }
    await app.dispose()
  }

  const { heapUsed: heapBeforeStart, arrayBuffers: buffersBeforeStart } = await settled()
  const started = performance.now()
  const restarted = service(dir)
  const window = await restarted.query(BENCH_ACCOUNT, GroupsQuerySchema.parse({}))
  figures.coldStartMs = performance.now() - started
  if (window.rows.length === 0) throw new Error('no rows after a cold start')
  const afterStart = await settled()
  figures.heapAfterColdStart = afterStart.heapUsed - heapBeforeStart
  figures.buffersAfterColdStart = afterStart.arrayBuffers - buffersBeforeStart
  // The check of the snapshot's segments reads in the background after the first rows.
  await new Promise((resolve) => setTimeout(resolve, 3_000))
  figures.buffersSettled = (await settled()).arrayBuffers - buffersBeforeStart
  await restarted.dispose()
} finally {
  await emulator.stop()
  await rm(dir, { recursive: true, force: true })
}

const best = (runs: Measured[]): Measured => runs.reduce((a, b) => (b.ms < a.ms ? b : a))
const leastCpu = (runs: Measured[]): number => Math.min(...runs.map((run) => run.cpuMs))
const appRuns = [figures.sync, figures.resync, figures.lastSync]
const appSync = best(appRuns)
const appCpu = leastCpu(appRuns)
const p100 = best(plain100)
const p500 = best(plain500)
const ratio = (base: Measured) => `${(base.ms / appSync.ms).toFixed(2)}x`
const load = (run: Measured) => run.load.toFixed(1)
console.log(
  `\nBig account: ${GROUPS.toLocaleString('en')} groups, ${LATENCY_MS} ms latency, ${REPLAY ? 'pages replayed from memory' : 'the emulator'} in its own process; load average ${loadBefore.toFixed(2)} before, ${(loadavg()[0] as number).toFixed(2)} after`,
)
console.table([
  ...plain100.map((run, i) => ({
    way: `plain client, sequential count=100 (run ${i + 1})`,
    time: seconds(run.ms),
    'client CPU': seconds(run.cpuMs),
    'load at start': load(run),
  })),
  ...plain500.map((run, i) => ({
    way: `plain client, sequential count=500 (run ${i + 1})`,
    time: seconds(run.ms),
    'client CPU': seconds(run.cpuMs),
    'load at start': load(run),
  })),
  ...(
    [
      ['GroupsService.sync() (first sync)', figures.sync],
      ['GroupsService.sync() (re-sync)', figures.resync],
      ['GroupsService.sync() (re-sync after the plain clients)', figures.lastSync],
    ] as const
  ).map(([way, run]) => ({
    way,
    time: seconds(run.ms),
    'client CPU': seconds(run.cpuMs),
    'load at start': load(run),
  })),
])
console.table([
  { figure: 'full sync (best of 3) ÷ plain count=100 loop (best of 2)', value: ratio(p100) },
  { figure: 'full sync (best of 3) ÷ plain count=500 loop (best of 2)', value: ratio(p500) },
  {
    figure: 'CPU of the sync ÷ plain count=500 client (least of each)',
    value: (appCpu / leastCpu(plain500)).toFixed(2),
  },
  {
    figure: 'CPU of the sync ÷ plain count=100 client (least of each)',
    value: (appCpu / leastCpu(plain100)).toFixed(2),
  },
  {
    figure: 'CPU of the first sync (nothing known) ÷ plain count=500 client (least)',
    value: (figures.sync.cpuMs / leastCpu(plain500)).toFixed(2),
  },
  { figure: 'longest event-loop stall during the syncs', value: millis(figures.stalls.longestMs) },
  { figure: 'stalls over 100 ms during the syncs', value: String(figures.stalls.over100) },
  { figure: 'heap held after the sync (after GC)', value: megabytes(figures.heapAfterSync) },
  { figure: 'array buffers held after the sync', value: megabytes(figures.buffersAfterSync) },
  { figure: 'heap peak during a re-sync', value: megabytes(figures.resyncPeak) },
  {
    figure: 'heap + array buffers peak during a re-sync',
    value: megabytes(figures.resyncPeakWithBuffers),
  },
  { figure: 'cold start to the first window of rows', value: millis(figures.coldStartMs) },
  {
    figure: 'heap held after a cold start (after GC)',
    value: megabytes(figures.heapAfterColdStart),
  },
  {
    figure: 'array buffers held after a cold start',
    value: megabytes(figures.buffersAfterColdStart),
  },
  {
    figure: 'array buffers held 3 s later (the background check done)',
    value: megabytes(figures.buffersSettled),
  },
  { figure: 'snapshot on disk', value: megabytes(figures.snapshotBytes) },
  { figure: 'groups index on disk (read at start)', value: megabytes(figures.indexBytes) },
])
