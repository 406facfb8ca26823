/**
 * Two agents on one PostgreSQL, as an agency runs them: ACCOUNTS accounts, STORIES stories
 * each, their instants spread over WINDOW; the first agent is killed with `kill -9` 40% of the
 * way through. Counted on the server (one emulator, each token an account): each story once,
 * twice or never; the survivor's takeover (how long a story received after the kill waited
 * past its instant or the kill, whichever came later); the lateness of every story. The agents
 * run from the build, as `npm run agent` runs them.
 *
 *   npm run bench -- two-agents                    200 accounts × 5 stories over 10 minutes
 *   BENCH_AGENCY_ACCOUNTS=50 BENCH_AGENCY_WINDOW_S=60 npm run bench -- two-agents
 */
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { AGENT_START, START_ENVIRONMENT } from '../../src-main/platform/start-settings'
import { runTwoAgents } from '../support/two-agents'
import { postgresFor, quantile } from './support/agent-bench'
import { seconds } from './support/groups-bench'
import { loadLine } from './support/proc-figures'
import { freshBuild } from './support/renderer-builds'

const ACCOUNTS = Number(process.env['BENCH_AGENCY_ACCOUNTS'] ?? 200)
const STORIES = Number(process.env['BENCH_AGENCY_STORIES'] ?? 5)
const WINDOW_MS = Number(process.env['BENCH_AGENCY_WINDOW_S'] ?? 600) * 1000

const outDir = freshBuild()
const load = loadLine()
const cluster = await postgresFor()
const root = await mkdtemp(join(tmpdir(), 'statusdesk-two-agents-bench-'))
try {
  const { figures, stop } = await runTwoAgents({
    root,
    databaseUrl: cluster.url(),
    accounts: ACCOUNTS,
    storiesPerAccount: STORIES,
    windowMs: WINDOW_MS,
    leadMs: 60_000,
    killAt: 0.4,
    entry: [...AGENT_START.nodeFlags, join(outDir, 'main', 'agent.js')],
    env: { ...START_ENVIRONMENT },
    say: (line) => console.log(line),
  })
  await stop()
  console.table([
    {
      load,
      'accounts × stories': `${ACCOUNTS} × ${STORIES} over ${WINDOW_MS / 1000} s`,
      'sent before the kill (killed / survivor)': `${figures.sentBeforeKill.first} / ${figures.sentBeforeKill.second}`,
      'once / twice+ / unknown / lost': `${figures.once} / ${figures.twice} / ${figures.unknownLeft} / ${figures.lost}`,
      'takeover: longest wait after the kill': seconds(Math.max(...figures.takeoverMs)),
      'lateness p50 / p99 / max': `${seconds(quantile(figures.latenessMs, 0.5))} / ${seconds(quantile(figures.latenessMs, 0.99))} / ${seconds(Math.max(...figures.latenessMs))}`,
    },
  ])
} finally {
  await cluster.stop()
  await rm(root, { recursive: true, force: true })
}
