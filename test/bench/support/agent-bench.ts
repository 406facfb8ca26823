/**
 * The agent as `npm run agent` runs it on Node 22.15 and later (the build, with the start
 * settings its entry restarts itself with: platform/start-settings.ts), on PGlite in its data folder or on a PostgreSQL server, with one paired
 * device and accounts connected through its API. One emulator serves every account: it accepts
 * a list of tokens, and an account is its server and token, so each token is an account of
 * its own.
 */
import { randomBytes } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { AccountSummary } from '@shared/channels/accounts'
import { type Emulator, type EmulatorOptions, startEmulator } from '../../../src-main/emulator/index'
import { AGENT_START, START_ENVIRONMENT } from '../../../src-main/platform/start-settings'
import { type AgentProcess, startAgentProcess } from '../../support/agent-process'
import { type PostgresCluster, startPostgresCluster } from '../../support/postgres-cluster'
import { loadLine } from './proc-figures'
import { freshBuild } from './renderer-builds'

export type Store = 'pglite' | 'postgres'

export interface BenchAgent {
  agent: AgentProcess
  pid: number
  device: string
  /** From the process's spawn to its `ready` line (its outboxes open and its schedule running). */
  startMs: number
}

const KEY = randomBytes(32).toString('base64')
/** More flags for the agent's node, to weigh one against the default in the same benchmark (BENCH_AGENT_NODE_FLAGS="--liftoff-only"). */
const NODE_FLAGS = (process.env['BENCH_AGENT_NODE_FLAGS'] ?? '').split(' ').filter((flag) => flag !== '')
/** More environment for the agent, likewise (BENCH_AGENT_ENV="MALLOC_TRIM_THRESHOLD_=131072"). */
const MORE_ENV: Record<string, string> = Object.fromEntries(
  (process.env['BENCH_AGENT_ENV'] ?? '')
    .split(' ')
    .filter((pair) => pair.includes('='))
    .map((pair) => [pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1)]),
)
/**
 * How the agent is started: with its start settings given at the start, as its entry restarts
 * itself with them where Node can (22.15 and later; this machine's Node 20 cannot, so they are
 * given here), or with BENCH_AGENT_LAUNCH=direct as before it had them (`node
 * --max-semi-space-size=4 out/main/agent.js`), to weigh the two in one period.
 */
function launch(outDir: string): { entry: string[]; env: Record<string, string> } {
  const agent = join(outDir, 'main', 'agent.js')
  if (process.env['BENCH_AGENT_LAUNCH'] === 'direct') return { entry: [...NODE_FLAGS, '--max-semi-space-size=4', agent], env: {} }
  return { entry: [...NODE_FLAGS, ...AGENT_START.nodeFlags, agent], env: { ...START_ENVIRONMENT } }
}

/** Starts the built agent over `dataDir` and pairs a device with the code it printed. */
export async function startBenchAgent(outDir: string, dataDir: string, databaseUrl: string | null): Promise<BenchAgent> {
  const env: Record<string, string> = { STATUSDESK_AGENT_KEY: KEY, ...(databaseUrl !== null && { DATABASE_URL: databaseUrl }) }
  const how = launch(outDir)
  const spawnedAt = Date.now()
  const agent = await startAgentProcess(dataDir, { ...env, ...how.env, ...MORE_ENV }, [], how.entry)
  const startMs = Date.now() - spawnedAt
  await agent.waitFor((line) => line['event'] === 'pairing-code')
  const paired = await agent.request('/pair', { body: { code: agent.pairingCode(), deviceName: 'Bench' } })
  if (paired.status !== 200) throw new Error(`pairing failed: ${paired.body}`)
  const device = (JSON.parse(paired.body) as { value: { token: string } }).value.token
  return { agent, pid: agent.child.pid!, device, startMs }
}

/** Connects one account per token, `concurrency` calls in flight; their ids in the tokens' order. */
export async function connectAccounts(bench: BenchAgent, baseUrl: string, tokens: readonly string[], concurrency = 4): Promise<string[]> {
  const ids: string[] = new Array<string>(tokens.length)
  let next = 0
  const worker = async (): Promise<void> => {
    for (let i = next++; i < tokens.length; i = next++) {
      const account = await bench.agent.call<AccountSummary>(bench.device, 'accounts:connect', {
        baseUrl,
        token: tokens[i],
        label: `Bench ${i}`,
      })
      ids[i] = account.id
    }
  }
  await Promise.all(Array.from({ length: concurrency }, worker))
  return ids
}

/** The tokens of `count` accounts. */
export const benchTokens = (count: number): string[] =>
  Array.from({ length: count }, (_, i) => `bench-token-${i.toString().padStart(5, '0')}`)

/** A throwaway PostgreSQL 15 cluster, or an error saying why there is none. */
export async function postgresFor(): Promise<PostgresCluster> {
  const cluster = await startPostgresCluster()
  if (cluster === null) throw new Error('PostgreSQL was not found (initdb in /usr/lib/postgresql/*/bin): install it to run this benchmark')
  return cluster
}

/** The most resident memory the process has held since it started (Linux's VmHWM), in bytes. */
export function rssPeakBytes(pid: number): number | null {
  try {
    const kb = /^VmHWM:\s+(\d+) kB$/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1]
    return kb === undefined ? null : Number(kb) * 1024
  } catch {
    return null
  }
}

/** The value at quantile `q` (0..1) of `values`, nearest rank. */
export function quantile(values: readonly number[], q: number): number {
  if (values.length === 0) return Number.NaN
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))] as number
}

/** What one store's run stands on: the machine's load at its start, the accounts' tokens, their server, the database and a data folder. */
export interface AgentBenchSetup {
  load: string
  tokens: string[]
  emulator: Emulator
  databaseUrl: string | null
  dataDir: string
}

/**
 * Runs `run` on a fresh setup for `store` (an emulator answering `accounts` tokens, a PostgreSQL
 * cluster when asked, an empty data folder), and takes all of it down after, whatever happened.
 */
export async function withAgentSetup<T>(
  store: Store,
  options: { accounts: number; folderPrefix: string; emulator?: Partial<EmulatorOptions> },
  run: (setup: AgentBenchSetup) => Promise<T>,
): Promise<T> {
  const load = loadLine()
  const tokens = benchTokens(options.accounts)
  const emulator = await startEmulator({ groups: 3, ...options.emulator, token: tokens })
  const cluster = store === 'postgres' ? await postgresFor() : null
  const dataDir = await mkdtemp(join(tmpdir(), options.folderPrefix))
  try {
    return await run({ load, tokens, emulator, databaseUrl: cluster?.url() ?? null, dataDir })
  } finally {
    await emulator.stop()
    await cluster?.stop()
    await rm(dataDir, { recursive: true, force: true })
  }
}

/** The stores a run covers: the one `BENCH_AGENT_STORE` names, or both. */
export function benchStores(): Store[] {
  return process.env['BENCH_AGENT_STORE'] ? [process.env['BENCH_AGENT_STORE'] as Store] : ['pglite', 'postgres']
}

/** Builds once, runs each store in turn, and prints each row as it comes and all of them as a table at the end. */
export async function printRowsByStore(runOn: (store: Store, outDir: string) => Promise<Record<string, string>>): Promise<void> {
  const outDir = freshBuild()
  const rows: Record<string, string>[] = []
  for (const store of benchStores()) {
    const row = await runOn(store, outDir)
    console.log(row)
    rows.push(row)
  }
  console.table(rows)
}
