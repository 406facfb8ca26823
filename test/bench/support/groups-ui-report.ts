/** The groups-ui benchmark's figures and the tables it prints. */

export const median = (values: number[]): number => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN
export const percentile = (values: number[], p: number): number =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * p))] ?? NaN
export const round = (ms: number): number => Math.round(ms * 10) / 10

export interface Phase {
  keystrokes: number[]
  /** Keystrokes typed, the ones not counted included. */
  typed: number
  /** groups:query alone over HTTP: main's share of a keystroke. */
  queries: number[]
  /** CPU seconds of the web-mode process over the phase. */
  webCpu: number | string
  /** CPU seconds of the emulator's process over the phase. */
  emulatorCpu: number | string
  /** Wall time of the phase, to read the CPU seconds against. */
  seconds: number
}

export interface Measure {
  groups: number
  debounce: string
  syncSeconds: number
  rows: [number, number, number]
  idle: Phase
  duringSync: (Phase & { resyncs: number; resyncSeconds: number[] }) | null
}

/** The idle table (as before this benchmark measured syncs), then P4's four cells. */
export function printTables(results: Measure[]): void {
  const [small, big] = results as [Measure, Measure]
  const baseline = median(small.idle.keystrokes)
  console.log('\nIdle keystroke → list, 80 ms debounce (as before):')
  console.table(
    [small, big].map((r) => ({
      groups: r.groups.toLocaleString('en'),
      'rows in DOM (top / middle / end)': r.rows.join(' / '),
      'keystroke → list, median ms': round(median(r.idle.keystrokes)),
      'p90 ms': round(percentile(r.idle.keystrokes, 0.9)),
      'vs 1,000 groups': `${(median(r.idle.keystrokes) / baseline).toFixed(2)}x`,
      'groups:query alone, median ms': round(median(r.idle.queries)),
      'first sync s': round(r.syncSeconds),
    })),
  )

  console.log('\nP4 at 50,000 groups, keystroke → rows, idle and during a re-sync:')
  const p4 = results.filter((r) => r.duringSync)
  console.table(
    p4.flatMap((r) =>
      (['idle', 'during a sync'] as const).map((when) => {
        const phase = when === 'idle' ? r.idle : r.duringSync!
        return {
          debounce: r.debounce,
          when,
          'median ms': round(median(phase.keystrokes)),
          'p90 ms': round(percentile(phase.keystrokes, 0.9)),
          'keystrokes (counted / typed)': `${phase.keystrokes.length} / ${phase.typed}`,
          'sync ÷ idle': when === 'idle' ? '' : `${(median(phase.keystrokes) / median(r.idle.keystrokes)).toFixed(2)}x`,
          'groups:query alone, median ms': round(median(phase.queries)),
          'phase s': phase.seconds,
          'web-mode CPU s': phase.webCpu,
          'emulator CPU s': phase.emulatorCpu,
        }
      }),
    ),
  )
  for (const r of p4) {
    const ratio = median(r.duringSync!.keystrokes) / median(r.idle.keystrokes)
    console.log(
      `debounce ${r.debounce}: during a sync ≤ 1.5x idle: ${ratio <= 1.5 ? 'holds' : 'DOES NOT HOLD'} (${ratio.toFixed(2)}x; ` +
        `re-syncs started: ${r.duringSync!.resyncs}, lasting ${r.duringSync!.resyncSeconds.join(', ')} s; ` +
        `first sync ${round(r.syncSeconds)} s)`,
    )
  }
}
