/** The first-sync benchmark's tables and targets for the pictures after the sync (see pictures-phase.ts). */
import { megabytes } from './groups-bench'
import { median, percentile } from './groups-ui-report'
import type { ClientRun } from './proc-figures'

const MB = 1024 * 1024
const two = (n: number): number => Number(n.toFixed(2))
const ms = (values: number[], p: number): number => Number(percentile(values, p).toFixed(1))

/** Per round and app: the pictures beside the plain loop, the list's latencies beside idle, and the targets. */
export function printPictures(runs: readonly ClientRun[], apps: readonly string[], rounds: readonly number[]): void {
  const rows = rounds.flatMap((round) =>
    apps.map((way) => {
      const app = runs.find((r) => r.round === round && r.way === way) as ClientRun
      const plain = runs.find((r) => r.round === round && r.way === 'plain-pictures') as ClientRun
      return { round, way, app, plain, pictures: app.pictures! }
    }),
  )
  console.log('\nThe pictures after the sync (from "Last synced" to the last picture stored), with the list in use:')
  console.table(
    rows.map(({ round, way, app, plain, pictures: p }) => ({
      round,
      way,
      pictures: p.downloaded,
      failed: p.failed,
      'time s': two(p.ms / 1000),
      'plain loop s': two(plain.ms / 1000),
      'time ÷ plain': two(p.ms / plain.ms),
      'CPU main net': two(p.net.main),
      'CPU others net': two(p.net.others),
      'CPU whole net': two(p.net.whole),
      'plain loop CPU': two(plain.cpu),
      'whole ÷ plain': two(p.net.whole / plain.cpu),
      'CPU main raw': two(p.during.cpu.main),
      'RSS peak (Connect → last picture)': megabytes(p.rssPeak),
      'RSS at "Last synced"': megabytes(app.rss),
      'stall sync / pictures ms': `${app.stallMs} / ${p.stallMs}`,
    })),
  )
  console.log('The list meanwhile, and idle after (ms):')
  console.table(
    rows.map(({ round, way, pictures: { during, idle } }) => ({
      round,
      way,
      'query p50 / p95 during': `${ms(during.queries, 0.5)} / ${ms(during.queries, 0.95)}`,
      'query p50 / p95 idle': `${ms(idle.queries, 0.5)} / ${ms(idle.queries, 0.95)}`,
      'query p95 ÷ idle': two(percentile(during.queries, 0.95) / percentile(idle.queries, 0.95)),
      'keystroke median / p95 during': `${ms(during.keystrokes, 0.5)} / ${ms(during.keystrokes, 0.95)}`,
      'keystroke median / p95 idle': `${ms(idle.keystrokes, 0.5)} / ${ms(idle.keystrokes, 0.95)}`,
      'keystroke median ÷ idle': two(median(during.keystrokes) / median(idle.keystrokes)),
      'queries / keystrokes during': `${during.queries.length} / ${during.keystrokes.length}`,
      'queries / keystrokes idle': `${idle.queries.length} / ${idle.keystrokes.length}`,
      'idle CPU main / whole s': `${two(idle.cpu.main)} / ${two(idle.cpu.whole)} in ${two(idle.seconds)} s`,
    })),
  )
  const ours = rows.filter((r) => r.way === 'app')
  const targets = [
    ['main’s CPU during the pictures, net of the queries ≤ 5 s (every round)', ours.every((r) => r.pictures.net.main <= 5)],
    [
      'the whole process’s CPU for the pictures ÷ the plain loop’s ≤ 1.0 (every round)',
      ours.every((r) => r.pictures.net.whole <= r.plain.cpu),
    ],
    ['RSS peak from Connect to the last picture ≤ 200 MB (every round)', ours.every((r) => r.pictures.rssPeak <= 200 * MB)],
    [
      'groups:query p95 during the pictures ÷ idle ≤ 1.2 (every round)',
      ours.every((r) => percentile(r.pictures.during.queries, 0.95) <= 1.2 * percentile(r.pictures.idle.queries, 0.95)),
    ],
    [
      'longest main stall, sync and pictures ≤ 50 ms (every round)',
      ours.every((r) => (r.app.stallMs ?? Infinity) <= 50 && r.pictures.stallMs <= 50),
    ],
    ['time to the last picture ÷ the plain 6-in-flight loop ≤ 1.0 (every round)', ours.every((r) => r.pictures.ms <= r.plain.ms)],
  ] as const
  for (const [target, met] of targets) console.log(`${met ? 'met    ' : 'NOT MET'}  ${target}`)
}
