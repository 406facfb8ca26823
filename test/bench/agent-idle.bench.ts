/**
 * The agent at rest holding many accounts: ACCOUNTS accounts (100 unless told) connected
 * through its API on one emulator, then the agent stopped and started again over the same data
 * folder and database, as it runs day to day, and left alone; its resident memory once it
 * settles (the least of five readings, as engine-idle takes it). PGlite (its data folder) and
 * PostgreSQL (a throwaway cluster) in one run; the first start's settled figure is printed
 * too, and the load at each start.
 *
 *   npm run bench -- agent-idle
 *   BENCH_AGENT_ACCOUNTS=20 BENCH_AGENT_STORE=pglite npm run bench -- agent-idle
 */
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { startEmulator } from '../../src-main/emulator/index'
import {
  type BenchAgent,
  benchTokens,
  connectAccounts,
  postgresFor,
  rssPeakBytes,
  startBenchAgent,
  type Store,
} from './support/agent-bench'
import { megabytes, seconds } from './support/groups-bench'
import { loadLine, rssBytes, sleep } from './support/proc-figures'
import { freshBuild } from './support/renderer-builds'

const ACCOUNTS = Number(process.env['BENCH_AGENT_ACCOUNTS'] ?? 100)
/** Long enough for start-up work (the token checks, sweeps, the store's jobs) to be over and the heap to settle. */
const SETTLE_MS = Number(process.env['BENCH_AGENT_SETTLE_S'] ?? 30) * 1000
const STORES: Store[] = process.env['BENCH_AGENT_STORE'] ? [process.env['BENCH_AGENT_STORE'] as Store] : ['pglite', 'postgres']

async function settledRss(bench: BenchAgent): Promise<number> {
  await sleep(SETTLE_MS)
  const readings: number[] = []
  for (let i = 0; i < 5; i++) {
    readings.push(rssBytes(bench.pid) ?? Number.NaN)
    await sleep(600)
  }
  return Math.min(...readings)
}

async function runOn(store: Store, outDir: string): Promise<Record<string, string>> {
  const load = loadLine()
  const tokens = benchTokens(ACCOUNTS)
  const emulator = await startEmulator({ groups: 3, token: tokens })
  const cluster = store === 'postgres' ? await postgresFor() : null
  const dataDir = await mkdtemp(join(tmpdir(), 'statusdesk-agent-idle-'))
  try {
    const first = await startBenchAgent(outDir, dataDir, cluster?.url() ?? null)
    const connectStart = Date.now()
    await connectAccounts(first, emulator.baseUrl, tokens)
    const connectMs = Date.now() - connectStart
    const firstRss = await settledRss(first)
    const firstPeak = rssPeakBytes(first.pid) ?? Number.NaN
    await first.agent.stop()
    const again = await startBenchAgent(outDir, dataDir, cluster?.url() ?? null)
    try {
      const rss = await settledRss(again)
      return {
        store,
        load,
        accounts: `${ACCOUNTS} (connected in ${seconds(connectMs)})`,
        'idle RSS after a restart': megabytes(rss),
        'its peak since the restart': megabytes(rssPeakBytes(again.pid) ?? Number.NaN),
        'first start: idle, peak': `${megabytes(firstRss)}, ${megabytes(firstPeak)}`,
      }
    } finally {
      await again.agent.stop()
    }
  } finally {
    await emulator.stop()
    await cluster?.stop()
    await rm(dataDir, { recursive: true, force: true })
  }
}

const outDir = freshBuild()
const rows: Record<string, string>[] = []
for (const store of STORES) {
  const row = await runOn(store, outDir)
  console.log(row)
  rows.push(row)
}
console.table(rows)
