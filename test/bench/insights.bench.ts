/**
 * Insights at a year of a busy account: 20 stories a day, 500 viewers each (7,300 stories,
 * 3.65 million views), moved into the store as the sampler does (the live stories settled
 * into the archive, at most 150 at a time), then read by a fresh store as the Insights view
 * opens: the overview (heatmap in a zone with daylight saving, by audience, by kind, the
 * trend over 52 weeks, first-view latency), a page of stories by reach, and the best times.
 * Figures: the store's size on disk, main's heap and ArrayBuffers after the view opened
 * (held, after GC), and the time of each answer. Targets: ≤ 20 MB on disk, ≤ 10 MB of heap.
 * BENCH_INSIGHTS_DAYS (default 365) and BENCH_INSIGHTS_VIEWERS (default 500) set the account.
 */
import { mkdtemp, rm, stat } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { performance } from 'node:perf_hooks'
import { ACCOUNT_FILE_LIST, ACCOUNT_FILES } from '../../src-main/account/files/account-files'
import type { LiveRecord } from '../../src-main/account/files/formats/insights-files'
import { FileRoot } from '../../src-main/account/files/file-root'
import { viewOffsets } from '../../src-main/emulator/state/view-rhythm'
import { bestTimes } from '../../src-main/features/insights/best-times'
import { InsightsStore } from '../../src-main/features/insights/insights-store'
import { computeOverview, type AccountStories } from '../../src-main/features/insights/overview'
import { listStories } from '../../src-main/features/insights/story-list'
import { silentLogger } from '../../src-main/platform/log/log'
import { median, megabytes, millis, settled } from './support/groups-bench'

const DAYS = Number(process.env['BENCH_INSIGHTS_DAYS'] ?? 365)
const VIEWERS = Number(process.env['BENCH_INSIGHTS_VIEWERS'] ?? 500)
const PER_DAY = 20
const BATCH = 150
const DAY_MS = 24 * 3600_000
const ZONE = 'Europe/Madrid'
const RETENTION_DAYS = 730
const NOW = Date.parse('2026-06-15T12:00:00Z')
const KINDS = ['text', 'image', 'video', 'audio'] as const

function storyAt(n: number): LiveRecord {
  const postedAt = NOW - DAYS * DAY_MS + Math.floor((n * DAY_MS) / PER_DAY) + (n % 7) * 60_000
  const id = `3EB0${n.toString(16).toUpperCase().padStart(12, '0')}-BENCH`
  const kind = KINDS[n % 4]!
  const minutes = viewOffsets(7, id, postedAt, VIEWERS, 60).map((ms) => Math.floor(ms / 60_000))
  return {
    id,
    postedAt,
    kind,
    snippet: `Story ${n}: today’s offer, opening hours and a photo of the shop`.slice(0, 80),
    background: kind === 'text' ? '#FF0B6E4F' : null,
    font: kind === 'text' ? 'SYSTEM_BOLD' : null,
    audience: n % 3 === 0 ? { mode: 'contacts', name: null, size: VIEWERS * 2 } : { mode: 'everyone', name: null, size: null },
    source: n % 5 === 0 ? 'phone' : 'statusdesk',
    final: true,
    minutes,
    sampledAt: postedAt + DAY_MS,
    failures: 0,
  }
}

function openStore(dir: string): InsightsStore {
  const root = new FileRoot(dir, ACCOUNT_FILE_LIST, { log: silentLogger })
  return new InsightsStore({
    accountId: 'bench',
    live: root.json(ACCOUNT_FILES.insightsLive),
    archivePath: root.path(ACCOUNT_FILES.insightsArchive),
    log: silentLogger,
    now: () => NOW,
    onSetAside: () => {
      throw new Error('the archive was set aside')
    },
  })
}

const dir = await mkdtemp(join(tmpdir(), 'statusdesk-insights-bench-'))
const total = DAYS * PER_DAY
const figures: Record<string, string> = {}
try {
  // The year, moved into the archive as the sampler moves it: the live file settled, batch by batch.
  {
    const store = openStore(dir)
    const settles: number[] = []
    for (let from = 0; from < total; from += BATCH) {
      const batch = Array.from({ length: Math.min(BATCH, total - from) }, (_, k) => storyAt(from + k))
      await store.updateLive(() => ({ version: 1, listedAt: null, stories: batch }))
      const at = performance.now()
      await store.settle(RETENTION_DAYS, { all: true })
      settles.push(performance.now() - at)
    }
    figures['archive rewrite with a year in it (last settle)'] = millis(settles.at(-1)!)
    store.dispose()
  }
  const archiveBytes = (await stat(join(dir, ACCOUNT_FILES.insightsArchive.path))).size
  const liveBytes = (await stat(join(dir, ACCOUNT_FILES.insightsLive.path))).size
  figures['store on disk (archive + live file)'] = megabytes(archiveBytes + liveBytes)

  // The Insights view opens: a fresh store (as after a start), the overview first.
  const before = await settled()
  const store = openStore(dir)
  const read = async (): Promise<AccountStories[]> => {
    const { cutoff, parts } = await store.stories(RETENTION_DAYS)
    return [{ accountId: 'bench', cutoff, parts }]
  }
  let at = performance.now()
  const overview = computeOverview(await read(), { timeZone: ZONE, weeks: 52, now: NOW })
  figures['overview, first (reads the archive)'] = millis(performance.now() - at)
  // Before any GC: what computing it allocated on the way, garbage included.
  figures['main heap grown while computing it (before GC)'] = megabytes(process.memoryUsage().heapUsed - before.heapUsed)
  if (overview.stories !== total || overview.views !== total * VIEWERS) throw new Error(`counted ${overview.stories} stories`)
  at = performance.now()
  const page = listStories(await read(), { sort: 'reach', offset: 0, count: 50 })
  figures['stories by reach, first page of 50'] = millis(performance.now() - at)
  at = performance.now()
  const best = bestTimes((await read())[0]!, { timeZone: ZONE, count: 3, now: NOW })
  figures['best times'] = millis(performance.now() - at)
  const after = await settled()
  figures['main heap held once the view opened (after GC)'] = megabytes(after.heapUsed - before.heapUsed)
  figures['ArrayBuffers held (the archive, let go after a minute)'] = megabytes(after.arrayBuffers - before.arrayBuffers)
  if (page.items.length !== 50 || best.slots.length !== 3) throw new Error('the view’s answers are incomplete')

  {
    // Once more, the code already compiled: what one overview allocates, garbage included.
    const again = await settled()
    computeOverview(await read(), { timeZone: ZONE, weeks: 52, now: NOW })
    figures['main heap grown while computing it again (before GC)'] = megabytes(process.memoryUsage().heapUsed - again.heapUsed)
  }
  const times: number[] = []
  for (let i = 0; i < 10; i++) {
    at = performance.now()
    computeOverview(await read(), { timeZone: ZONE, weeks: 52, now: NOW })
    times.push(performance.now() - at)
  }
  figures['overview, median of 10 (archive held)'] = millis(median(times))
  store.dispose()
} finally {
  await rm(dir, { recursive: true, force: true })
}

console.log(`\nInsights: ${DAYS} days × ${PER_DAY} stories × ${VIEWERS} viewers (${total.toLocaleString('en')} stories)`)
console.table(Object.entries(figures).map(([figure, value]) => ({ figure, value })))
