/**
 * Many stories due at once on the agent: ACCOUNTS accounts connected through its API, STORIES
 * stories each planned through `stories:publish`, their instants spread evenly over one
 * WINDOW; one emulator from memory, no latency, serves every account. Counted on the server:
 * each story's caption names it, so a story sent twice or never is seen. Lateness is the
 * server's receipt minus the planned instant. PGlite (the agent's data folder) and PostgreSQL
 * (a throwaway cluster) one after the other in one run; the load is printed at each start.
 *
 *   npm run bench -- agent-due                       1,000 accounts × 10 stories in 5 minutes
 *   BENCH_AGENT_ACCOUNTS=100 BENCH_AGENT_STORIES=10 BENCH_AGENT_WINDOW_S=30 npm run bench -- agent-due
 *   BENCH_AGENT_STORE=pglite (or postgres) runs one store only.
 *
 * Once every story is planned the agent is stopped and started again over the same folder and
 * database, as after an update or a reboot: its start (spawn to `ready`, every account's outbox
 * open) and its resident memory at rest before the window, holding every planned story; then
 * the CPU the agent spends from the window's start until the last story was waited for.
 */
import type { PublishResult } from '@shared/channels/outbox'
import {
  type AgentBenchSetup,
  type BenchAgent,
  connectAccounts,
  printRowsByStore,
  quantile,
  rssPeakBytes,
  startBenchAgent,
  type Store,
  withAgentSetup,
} from './support/agent-bench'
import { megabytes, seconds } from './support/groups-bench'
import { rssBytes, sleep, threadWatch } from './support/proc-figures'

const ACCOUNTS = Number(process.env['BENCH_AGENT_ACCOUNTS'] ?? 1000)
const STORIES = Number(process.env['BENCH_AGENT_STORIES'] ?? 10)
const WINDOW_MS = Number(process.env['BENCH_AGENT_WINDOW_S'] ?? 300) * 1000
/** From the first plan to the first instant: planning goes on into the window if it takes longer. */
const LEAD_MS = Number(process.env['BENCH_AGENT_LEAD_S'] ?? 120) * 1000
/** After the last instant, how long the stories still missing are waited for; then a while more for a second sending. */
const GRACE_MS = 120_000
const AFTER_MS = 10_000

interface Plan {
  caption: string
  accountIndex: number
  at: number
}

/** Story k of the run goes to account k mod ACCOUNTS, its instant k/N of the way through the window. */
function plans(start: number): Plan[] {
  const total = ACCOUNTS * STORIES
  return Array.from({ length: total }, (_, k) => ({
    caption: `a${k % ACCOUNTS}-s${Math.floor(k / ACCOUNTS)}`,
    accountIndex: k % ACCOUNTS,
    at: start + Math.floor((k * WINDOW_MS) / total),
  }))
}

/** Plans every story in order of its instant, four calls in flight; when planning ended. */
async function planAll(bench: BenchAgent, ids: readonly string[], all: readonly Plan[]): Promise<number> {
  let next = 0
  const worker = async (): Promise<void> => {
    for (let k = next++; k < all.length; k = next++) {
      const plan = all[k]!
      const result = await bench.agent.call<PublishResult>(bench.device, 'stories:publish', {
        requestId: `bench-${plan.caption}`,
        draft: { text: { body: plan.caption } },
        accountIds: [ids[plan.accountIndex]],
        when: { at: new Date(plan.at).toISOString() },
      })
      const state = result.targets[0]?.outcome.state
      if (state !== 'scheduled') throw new Error(`${plan.caption} was not planned: ${JSON.stringify(result.targets)}`)
    }
  }
  await Promise.all(Array.from({ length: 4 }, worker))
  return Date.now()
}

/** Stops the agent and starts it again; its resident memory at rest before the window begins (the least of five readings). */
async function restart(bench: BenchAgent, outDir: string, dataDir: string, databaseUrl: string | null, windowAt: number) {
  await bench.agent.stop()
  const restarted = await startBenchAgent(outDir, dataDir, databaseUrl)
  await sleep(Math.max(0, Math.min(10_000, windowAt - Date.now() - 5_000)))
  const readings: number[] = []
  for (let i = 0; i < 5; i++) {
    readings.push(rssBytes(restarted.pid) ?? Number.NaN)
    await sleep(400)
  }
  return { restarted, restMb: megabytes(Math.min(...readings)) }
}

async function runOn(store: Store, outDir: string): Promise<Record<string, string>> {
  const emulator = { maxStoredStories: ACCOUNTS * STORIES * 2 + 100 }
  return withAgentSetup(store, { accounts: ACCOUNTS, folderPrefix: 'statusdesk-agent-due-', emulator }, (setup) =>
    sendAll(store, outDir, setup),
  )
}

/** Connects, plans every story, restarts the agent, and waits for the stories to arrive: the row of figures. */
async function sendAll(store: Store, outDir: string, setup: AgentBenchSetup): Promise<Record<string, string>> {
  const { emulator, dataDir, databaseUrl, tokens, load } = setup
  let bench: BenchAgent | null = null
  try {
    bench = await startBenchAgent(outDir, dataDir, databaseUrl)
    const connectStart = Date.now()
    const ids = await connectAccounts(bench, emulator.baseUrl, tokens)
    const connectMs = Date.now() - connectStart
    const planStart = Date.now()
    const all = plans(planStart + LEAD_MS)
    let windowPeak = 0
    const sampler = setInterval(() => (windowPeak = Math.max(windowPeak, rssBytes(bench?.pid) ?? 0)), 500)
    const plannedAt = await planAll(bench, ids, all)
    const { restarted, restMb } = await restart(bench, outDir, dataDir, databaseUrl, all[0]!.at)
    bench = restarted
    windowPeak = 0
    const cpu = threadWatch(bench.pid)
    const deadline = all[all.length - 1]!.at + GRACE_MS
    while (emulator.control.stories.list().length < all.length && Date.now() < deadline) await sleep(1000)
    await sleep(AFTER_MS)
    clearInterval(sampler)
    const spent = cpu.stop()

    const byCaption = new Map<string, number[]>()
    for (const story of emulator.control.stories.list()) {
      const seen = byCaption.get(story.caption ?? '') ?? []
      seen.push(story.receivedAt)
      byCaption.set(story.caption ?? '', seen)
    }
    const lateness: number[] = []
    let twice = 0
    let missing = 0
    for (const plan of all) {
      const seen = byCaption.get(plan.caption)
      if (seen === undefined) missing++
      else {
        if (seen.length > 1) twice++
        lateness.push(Math.min(...seen) - plan.at)
      }
    }
    return {
      store,
      load,
      'accounts × stories': `${ACCOUNTS} × ${STORIES} in ${WINDOW_MS / 1000} s`,
      'connect, plan': `${seconds(connectMs)}, ${seconds(plannedAt - planStart)} (window starts at ${seconds(LEAD_MS)})`,
      'sent once / twice+ / never': `${lateness.length - twice} / ${twice} / ${missing}`,
      'lateness p50 / p99 / max': `${seconds(quantile(lateness, 0.5))} / ${seconds(quantile(lateness, 0.99))} / ${seconds(Math.max(...lateness))}`,
      'restart with every story planned: start, RSS at rest': `${seconds(bench.startMs)}, ${restMb}`,
      'agent CPU in the window (all threads)': seconds((spent.main + spent.before + spent.started) * 1000),
      'RSS peak (since the restart; in the window)': `${megabytes(rssPeakBytes(bench.pid) ?? Number.NaN)}, ${megabytes(windowPeak)}`,
    }
  } finally {
    await bench?.agent.stop()
  }
}

await printRowsByStore(runOn)
