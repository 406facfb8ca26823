/**
 * A first sync as a user has it, side by side with plain clients, in one run (issue #28):
 *   - the app: web mode built and started as `npm run start:web` starts it (Node running the
 *     build's main/web.js), in its own process over a fresh data folder, Chromium connecting
 *     the account through the form; from the connect click to "Last synced" on screen (see support/app-run.ts);
 *   - plain clients in processes of their own: sequential fetch + JSON.parse loops with
 *     count=100 and count=500 keeping every group, and the raw-bytes floor (count=500, 4
 *     requests in flight, nothing parsed; see support/plain-client.ts);
 *   - the server answers from memory after a fixed latency, in its own process
 *     (support/replay-server.ts), and serves the pictures the records point to, after the
 *     same latency (small PNGs, median 3.4 KB), as a media host on this computer would;
 *   - then the pictures that follow the sync, until main logs the last one stored, with the
 *     list in use (groups:query every 250 ms, a keystroke every 2 s), then the same use
 *     idle, side by side (see support/pictures-phase.ts), and as their baseline a plain
 *     loop of 6 fetches in flight over the same URLs, in a process of its own.
 * Every client's CPU is its whole process's user + system time (threads included) from /proc,
 * its memory the resident set at the end and after a settle. Rounds alternate the order
 * (app first, then app last) so that none always runs first or last. Main's longest stall
 * during the sync comes from its own log line ("groups synced", see platform/loop-stalls.ts).
 *
 * BENCH_GROUPS (50,000), BENCH_LATENCY_MS (50), BENCH_ROUNDS (2), BENCH_SETTLE_MS (5,000),
 * BENCH_IDLE_MS (60,000: the idle use after the pictures) change the run; BENCH_PICTURES=0
 * turns the picture downloads after the sync off (and their phase and baseline); BENCH_CPU_PROF=DIR
 * has web mode write V8 CPU profiles of its threads in DIR/round-N (read them with
 * support/cpu-profile-summary.ts; the profiler's own cost then colours the figures);
 * BENCH_WEB_NODE_ARGS adds flags to web mode's Node, and a start setting set empty in the
 * bench's environment (`MALLOC_MMAP_THRESHOLD_=`) is left out of web mode's; BENCH_RSS_TRACE=FILE
 * appends each RSS reading (every 100 ms, from Connect to the last picture) to FILE as
 * `epoch-ms rss MB`; BENCH_BEFORE_ROOT=DIR runs, in each
 * round beside this tree's app, the app of another copy of the project (its node_modules
 * linked in), as "app-before": a change measured against what it replaces in one run. The
 * targets are reported, not enforced: timings on a shared 2-core machine are noisy.
 */
import { join } from 'node:path'
import { assertChromium } from '../e2e/support/chromium'
import { runApp } from './support/app-run'
import { megabytes, replayedAccount, seconds } from './support/groups-bench'
import { PLAIN_CLIENTS, PLAIN_PICTURES, runPlain } from './support/plain-runs'
import { printPictures } from './support/pictures-report'
import { type ClientRun, load1, loadLine } from './support/proc-figures'
import { freshBuild } from './support/renderer-builds'

const GROUPS = Number(process.env['BENCH_GROUPS'] ?? 50_000)
const LATENCY_MS = Number(process.env['BENCH_LATENCY_MS'] ?? 50)
const ROUNDS = Number(process.env['BENCH_ROUNDS'] ?? 2)
const SETTLE_MS = Number(process.env['BENCH_SETTLE_MS'] ?? 5_000)
const PICTURES = process.env['BENCH_PICTURES'] !== '0'
const IDLE_MS = Number(process.env['BENCH_IDLE_MS'] ?? 60_000)
const CPU_PROFILES = process.env['BENCH_CPU_PROF']
const WEB_NODE_ARGS = process.env['BENCH_WEB_NODE_ARGS']?.split(' ').filter(Boolean) ?? []
const BEFORE_ROOT = process.env['BENCH_BEFORE_ROOT']

assertChromium()
// Web mode runs from the build, as `npm run start:web` runs it: built now, from this tree.
const outDir = freshBuild()
const loadAtStart = loadLine()
const { server } = await replayedAccount(GROUPS, LATENCY_MS)
console.log(
  `\nFirst sync, ${GROUPS.toLocaleString('en')} groups, ${LATENCY_MS} ms latency, server from memory in its own process; ` +
    `pictures ${PICTURES ? `on (as a user has them), then ${IDLE_MS / 1000} s idle` : 'off'}; load average ${loadAtStart} at start`,
)

/** The app as this tree has it, and, with BENCH_BEFORE_ROOT, as another copy of the project has it. */
const APPS = [{ way: 'app', root: undefined }, ...(BEFORE_ROOT ? [{ way: 'app-before', root: BEFORE_ROOT }] : [])]
const PLAIN = [...PLAIN_CLIENTS, ...(PICTURES ? [PLAIN_PICTURES] : [])]

const runs: ClientRun[] = []
try {
  for (let round = 1; round <= ROUNDS; round++) {
    const ways = [...APPS.map((app) => app.way), ...PLAIN.map((client) => client.way)]
    // Odd rounds start with the app, even rounds end with it.
    if (round % 2 === 0) ways.reverse()
    for (const way of ways) {
      const client = PLAIN.find((c) => c.way === way)
      const from = APPS.find((app) => app.way === way)?.root
      const run = client
        ? await runPlain(client, server, { round, groups: GROUPS, settleMs: SETTLE_MS })
        : await runApp({
            round,
            groups: GROUPS,
            outDir,
            settleMs: SETTLE_MS,
            server,
            pictures: PICTURES,
            idleMs: IDLE_MS,
            ...(CPU_PROFILES && { cpuProfileDir: join(CPU_PROFILES, `${way}-round-${round}`) }),
            nodeArgs: WEB_NODE_ARGS,
            ...(from && { from: { root: from, way } }),
          })
      runs.push(run)
      console.log(`  round ${round}: ${way} ${seconds(run.ms)}, CPU ${run.cpu.toFixed(2)} s, load ${run.load.toFixed(2)}`)
    }
  }
} finally {
  await server.stop()
}

const mb = (bytes: number | undefined): string => (bytes === undefined || Number.isNaN(bytes) ? '' : megabytes(bytes))
console.table(
  runs.map((run) => ({
    round: run.round,
    way: run.way,
    'time s': Number((run.ms / 1000).toFixed(2)),
    'CPU s': Number(run.cpu.toFixed(2)),
    'RSS at end': mb(run.rss),
    [`RSS ${SETTLE_MS / 1000} s later`]: mb(run.rssSettled),
    'RSS idle (app)': mb(run.rssIdle),
    'longest stall (app)': run.stallMs === undefined ? '' : `${run.stallMs} ms`,
    'CPU main / helpers / workers (app)': run.threads
      ? `${run.threads.main.toFixed(2)} / ${run.threads.before.toFixed(2)} / ${run.threads.started.toFixed(2)}`
      : '',
    'load at start': Number(run.load.toFixed(2)),
  })),
)

const of = (round: number, way: string): ClientRun => runs.find((r) => r.round === round && r.way === way) as ClientRun
const rounds = Array.from({ length: ROUNDS }, (_, i) => i + 1)
const ratios = rounds.flatMap((round) =>
  APPS.map(({ way }) => {
    const app = of(round, way)
    return {
      round,
      way,
      'plain 100 ÷ app (time)': of(round, 'plain-100').ms / app.ms,
      'plain 500 ÷ app (time)': of(round, 'plain-500').ms / app.ms,
      'app ÷ floor (time)': app.ms / of(round, 'floor').ms,
      'app CPU ÷ plain 500 CPU': app.cpu / of(round, 'plain-500').cpu,
      'app CPU ÷ plain 100 CPU': app.cpu / of(round, 'plain-100').cpu,
    }
  }),
)
console.table(
  ratios.map((r) =>
    Object.fromEntries(Object.entries(r).map(([k, v]) => [k, typeof v === 'number' && k !== 'round' ? Number(v.toFixed(2)) : v])),
  ),
)

const ours = ratios.filter((r) => r.way === 'app')
const apps = runs.filter((r) => r.way === 'app')
const targets = [
  ['sync ≥ 5× faster than plain count=100 (every round)', ours.every((r) => r['plain 100 ÷ app (time)'] >= 5)],
  ['sync ≥ 1.5× faster than plain count=500 (every round)', ours.every((r) => r['plain 500 ÷ app (time)'] >= 1.5)],
  ['client CPU ÷ plain count=500 CPU ≤ 1.0 (every round)', ours.every((r) => r['app CPU ÷ plain 500 CPU'] <= 1)],
  ['RSS after the sync ≤ 200 MB (every round)', apps.every((r) => r.rss <= 200 * 1024 * 1024)],
  ['longest main-thread stall ≤ 100 ms (every round)', apps.every((r) => (r.stallMs ?? Infinity) <= 100)],
] as const
for (const [target, met] of targets) console.log(`${met ? 'met    ' : 'NOT MET'}  ${target}`)
if (PICTURES)
  printPictures(
    runs,
    APPS.map((app) => app.way),
    rounds,
  )
console.log(`load average ${loadLine()} at the end (1-minute ${load1().toFixed(2)})`)
console.log(`RESULT ${JSON.stringify({ groups: GROUPS, latencyMs: LATENCY_MS, pictures: PICTURES, runs })}`)
