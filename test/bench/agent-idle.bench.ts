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
import {
  type BenchAgent,
  connectAccounts,
  printRowsByStore,
  rssPeakBytes,
  startBenchAgent,
  type Store,
  withAgentSetup,
} from './support/agent-bench'
import { megabytes, seconds } from './support/groups-bench'
import { rssByMapping, rssBytes, sleep } from './support/proc-figures'

const ACCOUNTS = Number(process.env['BENCH_AGENT_ACCOUNTS'] ?? 100)
/** Long enough for start-up work (the token checks, sweeps, the store's jobs) to be over and the heap to settle. */
const SETTLE_MS = Number(process.env['BENCH_AGENT_SETTLE_S'] ?? 30) * 1000

async function settledRss(bench: BenchAgent): Promise<number> {
  await sleep(SETTLE_MS)
  const readings: number[] = []
  for (let i = 0; i < 5; i++) {
    readings.push(rssBytes(bench.pid) ?? Number.NaN)
    await sleep(600)
  }
  return Math.min(...readings)
}

/** One gauge of the agent's own metrics (its JavaScript heap and the memory outside it), in bytes. */
function gauge(metrics: string, name: string): number {
  const line = metrics.split('\n').find((entry) => entry.startsWith(`statusdesk_agent_${name} `))
  return line === undefined ? Number.NaN : Number(line.split(' ')[1])
}

/** Where the settled memory is: the JavaScript heap (as V8 counts it), what lies outside it, and the process's mappings. */
async function whereItIs(bench: BenchAgent): Promise<string> {
  const metrics = (await bench.agent.request('/metrics', { method: 'GET', token: bench.device })).body
  const mappings = rssByMapping(bench.pid)
  const heap = `JS heap ${megabytes(gauge(metrics, 'nodejs_heap_size_used_bytes'))} used of ${megabytes(gauge(metrics, 'nodejs_heap_size_total_bytes'))}`
  const outside = `external ${megabytes(gauge(metrics, 'nodejs_external_memory_bytes'))}`
  if (mappings === null) return `${heap}; ${outside}`
  const { anonymous, executable, libraries, files } = mappings
  return `${heap}; ${outside}; anonymous ${megabytes(anonymous)}, node ${megabytes(executable)}, libraries ${megabytes(libraries)}, files ${megabytes(files)}`
}

async function runOn(store: Store, outDir: string): Promise<Record<string, string>> {
  return withAgentSetup(store, { accounts: ACCOUNTS, folderPrefix: 'statusdesk-agent-idle-' }, async (setup) => {
    const { dataDir, databaseUrl } = setup
    const first = await startBenchAgent(outDir, dataDir, databaseUrl)
    const connectStart = Date.now()
    await connectAccounts(first, setup.emulator.baseUrl, setup.tokens)
    const connectMs = Date.now() - connectStart
    const firstRss = await settledRss(first)
    const firstPeak = rssPeakBytes(first.pid) ?? Number.NaN
    await first.agent.stop()
    const again = await startBenchAgent(outDir, dataDir, databaseUrl)
    try {
      const rss = await settledRss(again)
      const where = await whereItIs(again)
      return {
        store,
        load: setup.load,
        accounts: `${ACCOUNTS} (connected in ${seconds(connectMs)})`,
        'idle RSS after a restart': megabytes(rss),
        'where it is': where,
        'its peak since the restart': megabytes(rssPeakBytes(again.pid) ?? Number.NaN),
        'first start: idle, peak': `${megabytes(firstRss)}, ${megabytes(firstPeak)}`,
      }
    } finally {
      await again.agent.stop()
    }
  })
}

await printRowsByStore(runOn)
