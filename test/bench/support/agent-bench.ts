/**
 * The agent as `npm run agent` runs it (the build, `node --max-semi-space-size=4
 * out/main/agent.js`), on PGlite in its data folder or on a PostgreSQL server, with one paired
 * device and accounts connected through its API. One emulator serves every account: it accepts
 * a list of tokens, and an account is its server and token, so each token is an account of
 * its own.
 */
import { randomBytes } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { AccountSummary } from '@shared/channels/accounts'
import { type AgentProcess, startAgentProcess } from '../../support/agent-process'
import { type PostgresCluster, startPostgresCluster } from '../../support/postgres-cluster'

export type Store = 'pglite' | 'postgres'

export interface BenchAgent {
  agent: AgentProcess
  pid: number
  device: string
  /** From the process's spawn to its `ready` line (its outboxes open and its schedule running). */
  startMs: number
}

const KEY = randomBytes(32).toString('base64')

/** Starts the built agent over `dataDir` and pairs a device with the code it printed. */
export async function startBenchAgent(outDir: string, dataDir: string, databaseUrl: string | null): Promise<BenchAgent> {
  const env: Record<string, string> = { STATUSDESK_AGENT_KEY: KEY, ...(databaseUrl !== null && { DATABASE_URL: databaseUrl }) }
  const spawnedAt = Date.now()
  const agent = await startAgentProcess(dataDir, env, [], ['--max-semi-space-size=4', join(outDir, 'main', 'agent.js')])
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
