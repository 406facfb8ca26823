/**
 * A big account from main's side, in one run, as ratios against plain clients:
 *   - a plain client (global fetch + JSON.parse, sequential count=100 and count=500 loops
 *     keeping every group) against GroupsService.sync(), alternating which goes first;
 *   - the CPU time of each (this process only: the emulator runs in its own process);
 *   - the longest stall of the event loop and the stalls over 100 ms during the sync;
 *   - the heap after the sync, the peak during a re-sync, and after a cold start;
 *   - a cold start: a new service over the saved cache, to the first window of rows.
 * BENCH_GROUPS (default 50,000) and BENCH_LATENCY_MS (default 50) change the account.
 */
import { mkdtemp, rm, stat } from 'node:fs/promises'
import { loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import { monitorEventLoopDelay } from 'node:perf_hooks'
import { GroupsQuerySchema } from '../../src-shared/channels/groups'
import { EventHub } from '../../src-main/events'
import { LEAN_INDEX_FILE, SNAPSHOT_FILE } from '../../src-main/services/cache'
import { Connectivity } from '../../src-main/services/connectivity'
import { silentLogger } from '../../src-main/services/log'
import { GroupsService } from '../../src-main/services/sync'
import { gc, megabytes, millis, seconds, benchAccount } from './support/groups-bench'

const GROUPS = Number(process.env['BENCH_GROUPS'] ?? 50_000)
const LATENCY_MS = Number(process.env['BENCH_LATENCY_MS'] ?? 50)

const { emulator, client } = await benchAccount(GROUPS, LATENCY_MS)

interface Measured {
  ms: number
  cpuMs: number
}

/**
 * Collects garbage until the figures settle: V8 frees the memory of dead ArrayBuffers (where
 * the index's columns live) on a task after the collection, not within it.
 */
async function settled(): Promise<NodeJS.MemoryUsage> {
  for (let i = 0; i < 3; i++) {
    gc()
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
  return process.memoryUsage()
}

async function measured<T>(run: () => Promise<T>): Promise<Measured & { value: T }> {
  gc()
  const cpu = process.cpuUsage()
  const started = performance.now()
  const value = await run()
  const used = process.cpuUsage(cpu)
  return { ms: performance.now() - started, cpuMs: (used.user + used.system) / 1000, value }
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

function service(dir: string): GroupsService {
  return new GroupsService({
    accounts: {
      active: () => ({ id: 'bench', baseUrl: emulator.baseUrl, isDemo: true, dir, client }),
      onActiveChange: () => () => {},
    },
    events: new EventHub(),
    connectivity: new Connectivity(),
    log: silentLogger,
    settings: () => ({ intervalMinutes: 0, concurrency: 4, downloadPictures: false }),
    fetch,
  })
}

/** Lateness of a 10 ms timer: each turn later than 100 ms is a stall the user could feel. */
function stallWatch(): { stop(): { longestMs: number; over100: number } } {
  const histogram = monitorEventLoopDelay({ resolution: 10 })
  histogram.enable()
  let over100 = 0
  let last = performance.now()
  const timer = setInterval(() => {
    const now = performance.now()
    if (now - last - 10 > 100) over100++
    last = now
  }, 10)
  return {
    stop() {
      clearInterval(timer)
      histogram.disable()
      return { longestMs: histogram.max / 1e6, over100 }
    },
  }
}

/** The highest heapUsed seen while `run` runs, sampled every 50 ms. */
async function peakHeap<T>(run: () => Promise<T>): Promise<{ peak: number; value: T }> {
  let peak = process.memoryUsage().heapUsed
  const timer = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().heapUsed)
  }, 50)
  try {
    const value = await run()
    return { peak: Math.max(peak, process.memoryUsage().heapUsed), value }
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
  sync: { ms: 0, cpuMs: 0 } as Measured,
  resync: { ms: 0, cpuMs: 0 } as Measured,
  stalls: { longestMs: 0, over100: 0 },
  heapAfterSync: 0,
  resyncPeak: 0,
  coldStartMs: 0,
  heapAfterColdStart: 0,
  /** ArrayBuffer memory (outside the JS heap: the index's columns live there) held. */
  buffersAfterSync: 0,
  buffersAfterColdStart: 0,
  snapshotBytes: 0,
  indexBytes: 0,
}
try {
  // The app's sync between two rounds of the plain loops, so neither always goes first.
  plain100.push(await measured(() => plainLoop(100)))
  plain500.push(await measured(() => plainLoop(500)))

  const { heapUsed: heapBefore, arrayBuffers: buffersBefore } = await settled()
  // In a block of its own, so nothing holds the first service once it is disposed.
  {
    const app = service(dir)
    const watch = stallWatch()
    const first = await measured(() => app.sync())
    figures.stalls = watch.stop()
    if (first.value.total !== GROUPS) throw new Error(`sync saved ${first.value.total} groups`)
    figures.sync = first
    const afterSync = await settled()
    figures.heapAfterSync = afterSync.heapUsed - heapBefore
    figures.buffersAfterSync = afterSync.arrayBuffers - buffersBefore
    figures.snapshotBytes = (await stat(join(dir, SNAPSHOT_FILE))).size
    figures.indexBytes = (await stat(join(dir, LEAN_INDEX_FILE))).size

    const again = await peakHeap(() => measured(() => app.sync()))
    figures.resync = again.value
    figures.resyncPeak = again.peak - heapBefore
    await app.dispose()
  }

  plain500.push(await measured(() => plainLoop(500)))
  plain100.push(await measured(() => plainLoop(100)))

  const { heapUsed: heapBeforeStart, arrayBuffers: buffersBeforeStart } = await settled()
  const started = performance.now()
  const restarted = service(dir)
  const window = await restarted.query(GroupsQuerySchema.parse({}))
  figures.coldStartMs = performance.now() - started
  if (window.rows.length === 0) throw new Error('no rows after a cold start')
  const afterStart = await settled()
  figures.heapAfterColdStart = afterStart.heapUsed - heapBeforeStart
  figures.buffersAfterColdStart = afterStart.arrayBuffers - buffersBeforeStart
  await restarted.dispose()
} finally {
  await emulator.stop()
  await rm(dir, { recursive: true, force: true })
}

const best = (runs: Measured[]): Measured => runs.reduce((a, b) => (b.ms < a.ms ? b : a))
const appSync = figures.sync
const p100 = best(plain100)
const p500 = best(plain500)
const ratio = (base: Measured) => `${(base.ms / appSync.ms).toFixed(2)}x`
console.log(
  `\nBig account: ${GROUPS.toLocaleString('en')} groups, ${LATENCY_MS} ms latency, emulator in its own process; load average ${loadBefore.toFixed(2)} before, ${(loadavg()[0] as number).toFixed(2)} after`,
)
console.table([
  {
    way: 'plain client, sequential count=100 (best of 2)',
    time: seconds(p100.ms),
    'client CPU': seconds(p100.cpuMs),
    'app sync is': ratio(p100),
  },
  {
    way: 'plain client, sequential count=500 (best of 2)',
    time: seconds(p500.ms),
    'client CPU': seconds(p500.cpuMs),
    'app sync is': ratio(p500),
  },
  {
    way: 'GroupsService.sync() (first sync)',
    time: seconds(appSync.ms),
    'client CPU': seconds(appSync.cpuMs),
    'app sync is': '1.00x',
  },
  {
    way: 'GroupsService.sync() (re-sync)',
    time: seconds(figures.resync.ms),
    'client CPU': seconds(figures.resync.cpuMs),
    'app sync is': '',
  },
])
console.table([
  {
    figure: 'CPU of the sync ÷ plain count=500 client',
    value: (appSync.cpuMs / p500.cpuMs).toFixed(2),
  },
  {
    figure: 'CPU of the sync ÷ plain count=100 client',
    value: (appSync.cpuMs / p100.cpuMs).toFixed(2),
  },
  { figure: 'longest event-loop stall during the sync', value: millis(figures.stalls.longestMs) },
  { figure: 'stalls over 100 ms during the sync', value: String(figures.stalls.over100) },
  { figure: 'heap held after the sync (after GC)', value: megabytes(figures.heapAfterSync) },
  { figure: 'array buffers held after the sync', value: megabytes(figures.buffersAfterSync) },
  { figure: 'heap peak during a re-sync', value: megabytes(figures.resyncPeak) },
  { figure: 'cold start to the first window of rows', value: millis(figures.coldStartMs) },
  {
    figure: 'heap held after a cold start (after GC)',
    value: megabytes(figures.heapAfterColdStart),
  },
  {
    figure: 'array buffers held after a cold start',
    value: megabytes(figures.buffersAfterColdStart),
  },
  { figure: 'snapshot on disk', value: megabytes(figures.snapshotBytes) },
  { figure: 'lean index on disk (read at start)', value: megabytes(figures.indexBytes) },
])
