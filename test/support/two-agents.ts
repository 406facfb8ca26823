/**
 * Two agents on one PostgreSQL, one of them killed with `kill -9` while stories fall due: the
 * run the test (`two-agents.test.ts`) and the benchmark (`npm run bench -- two-agents`) share.
 * The accounts are connected on the first; the second starts with its own empty data folder and
 * only the same operator key and DATABASE_URL, and holds the same accounts (their entries, tokens
 * sealed with that key, live in the database) and the same paired device (devices live there too).
 * One emulator serves every account, each token an account of its own; a story's caption names
 * it, so a story sent twice or never is seen on the server.
 */
import { randomBytes } from 'node:crypto'
import { mkdir } from 'node:fs/promises'
import { join } from 'node:path'
import type { AccountSummary } from '@shared/channels/accounts'
import type { PublishResult } from '@shared/channels/outbox'
import { type Emulator, startEmulator } from '../../src-main/emulator'
import { type AgentProcess, startAgentProcess } from './agent-process'
import { openItems, type OpenItem } from './outbox-holds'

export interface TwoAgentsOptions {
  root: string
  databaseUrl: string
  accounts: number
  storiesPerAccount: number
  /** The instants are spread evenly over this window, which starts `leadMs` after planning began. */
  windowMs: number
  leadMs: number
  /** How far through the window the first agent is killed (0..1). */
  killAt: number
  /** Each server answer's delay: long enough that the killed agent is likely caught mid-send. */
  latencyMs?: number
  /** How the agents are run: from the sources (tests) or the build (benchmarks). */
  entry?: string[]
  /** More environment for the agents (the start settings a benchmark gives them). */
  env?: Record<string, string>
  /** Said as the run goes, for a benchmark's reader. */
  say?: (line: string) => void
}

export interface TwoAgentsFigures {
  planned: number
  once: number
  twice: number
  /** Neither on the server nor left as unknown in the store: lost. */
  lost: number
  /** Left unknown in the store, not on their server (the killed agent's POST never arrived). */
  unknownLeft: number
  /** Stories each agent had sent before the kill (from its `/metrics`). */
  sentBeforeKill: { first: number; second: number }
  /** Received after the kill: how long each waited past its instant or the kill, whichever came later. */
  takeoverMs: number[]
  /** Every story received: its receipt minus its instant. */
  latenessMs: number[]
  /** A failure's message: what the store and the survivor said last. */
  state: () => Promise<string>
}

interface Plan {
  caption: string
  accountIndex: number
  at: number
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** Story k goes to account k mod N, its instant k/total of the way through the window. */
function plans(options: TwoAgentsOptions, start: number): Plan[] {
  const total = options.accounts * options.storiesPerAccount
  return Array.from({ length: total }, (_, k) => ({
    caption: `a${k % options.accounts}-s${Math.floor(k / options.accounts)}`,
    accountIndex: k % options.accounts,
    at: start + options.leadMs + Math.floor((k * options.windowMs) / total),
  }))
}

async function pair(agent: AgentProcess): Promise<string> {
  await agent.waitFor((line) => line['event'] === 'pairing-code')
  const paired = await agent.request('/pair', { body: { code: agent.pairingCode(), deviceName: 'Agency desk' } })
  if (paired.status !== 200) throw new Error(`pairing failed: ${paired.body}`)
  return (JSON.parse(paired.body) as { value: { token: string } }).value.token
}

/** Runs `work` over `count` indexes with four calls in flight. */
async function fourAtATime(count: number, work: (index: number) => Promise<void>): Promise<void> {
  let next = 0
  const worker = async (): Promise<void> => {
    for (let i = next++; i < count; i = next++) await work(i)
  }
  await Promise.all(Array.from({ length: 4 }, worker))
}

/** The stories an agent has sent, summed over its accounts, as its `/metrics` says. */
async function sentCount(agent: AgentProcess, token: string): Promise<number> {
  const response = await agent.request('/metrics', { token })
  return response.body
    .split('\n')
    .filter((line) => line.startsWith('statusdesk_stories_total{') && line.includes('outcome="sent"'))
    .reduce((sum, line) => sum + Number(line.slice(line.lastIndexOf(' ') + 1)), 0)
}

/** Connects every account on a first agent; the second's data folder is made empty. */
async function seedFolders(options: TwoAgentsOptions, env: Record<string, string>, tokens: string[], baseUrl: string) {
  const first = join(options.root, 'first')
  const second = join(options.root, 'second')
  await mkdir(first, { recursive: true })
  const seeding = await startAgentProcess(first, env, [], options.entry)
  const device = await pair(seeding)
  const ids: string[] = new Array<string>(tokens.length)
  await fourAtATime(tokens.length, async (i) => {
    const account = await seeding.call<AccountSummary>(device, 'accounts:connect', { baseUrl, token: tokens[i], label: `Client ${i}` })
    ids[i] = account.id
  })
  await seeding.stop()
  await mkdir(second, { recursive: true })
  return { first, second, ids, device }
}

async function planAll(agents: readonly AgentProcess[], device: string, ids: readonly string[], all: readonly Plan[]) {
  await fourAtATime(all.length, async (k) => {
    const plan = all[k]!
    // Half through each agent: a desktop may be paired with either.
    const result = await agents[k % 2]!.call<PublishResult>(device, 'stories:publish', {
      requestId: `agency-${plan.caption}`,
      draft: { text: { body: plan.caption } },
      accountIds: [ids[plan.accountIndex]],
      when: { at: new Date(plan.at).toISOString() },
    })
    if (result.targets[0]?.outcome.state !== 'scheduled')
      throw new Error(`${plan.caption} was not planned: ${JSON.stringify(result.targets)}`)
  })
}

/** Waits until every story is on its server or settled as unknown in the store, or the time is up. */
async function settled(emulator: Emulator, databaseUrl: string, total: number, deadline: number): Promise<OpenItem[]> {
  for (;;) {
    const left = await openItems(databaseUrl)
    const done = left.every((item) => item.state === 'unknown' && item.serverChecks > 0)
    if ((done && emulator.control.stories.list().length + left.length >= total) || Date.now() > deadline) return left
    await sleep(1000)
  }
}

export async function runTwoAgents(options: TwoAgentsOptions): Promise<{ figures: TwoAgentsFigures; stop: () => Promise<void> }> {
  const say = options.say ?? (() => undefined)
  const tokens = Array.from({ length: options.accounts }, (_, i) => `agency-token-${i.toString().padStart(4, '0')}`)
  const total = options.accounts * options.storiesPerAccount
  const emulator = await startEmulator({ groups: 2, token: tokens, latencyMs: options.latencyMs ?? 150, maxStoredStories: total * 2 + 100 })
  const env = { ...options.env, STATUSDESK_AGENT_KEY: randomBytes(32).toString('base64'), DATABASE_URL: options.databaseUrl }
  const agents: AgentProcess[] = []
  const stop = async () => {
    for (const agent of agents) await agent.stop()
    await emulator.stop()
  }
  try {
    const { first, second, ids, device } = await seedFolders(options, env, tokens, emulator.baseUrl)
    agents.push(await startAgentProcess(first, env, [], options.entry), await startAgentProcess(second, env, [], options.entry))
    const [a, b] = agents as [AgentProcess, AgentProcess]
    const all = plans(options, Date.now())
    await planAll(agents, device, ids, all)
    say(`${total} stories planned over ${options.accounts} accounts, due from ${new Date(all[0]!.at).toISOString()}`)

    const killAt = all[0]!.at + options.killAt * options.windowMs
    await sleep(Math.max(0, killAt - Date.now()))
    const sentBeforeKill = { first: await sentCount(a, device), second: await sentCount(b, device) }
    a.child.kill('SIGKILL')
    await a.exited()
    const killedAt = Date.now()
    say(`first agent killed after ${sentBeforeKill.first} sent (the second had sent ${sentBeforeKill.second})`)

    const left = await settled(emulator, options.databaseUrl, total, all[all.length - 1]!.at + 180_000)
    const figures = tally(emulator, all, left, killedAt, sentBeforeKill)
    figures.state = async () => `${JSON.stringify(await openItems(options.databaseUrl))}\n${b.output().slice(-3000)}`
    return { figures, stop }
  } catch (error) {
    await stop()
    throw error
  }
}

function tally(
  emulator: Emulator,
  all: readonly Plan[],
  left: readonly OpenItem[],
  killedAt: number,
  sentBeforeKill: TwoAgentsFigures['sentBeforeKill'],
): TwoAgentsFigures {
  const seen = new Map<string, number[]>()
  for (const story of emulator.control.stories.list())
    seen.set(story.caption ?? '', [...(seen.get(story.caption ?? '') ?? []), story.receivedAt])
  const unknown = new Set(left.filter((item) => item.state === 'unknown').map((item) => item.caption))
  const figures: TwoAgentsFigures = {
    planned: all.length,
    once: 0,
    twice: 0,
    lost: 0,
    unknownLeft: 0,
    sentBeforeKill,
    takeoverMs: [],
    latenessMs: [],
    state: () => Promise.resolve(''),
  }
  for (const plan of all) {
    const times = seen.get(plan.caption)
    if (times === undefined) {
      if (unknown.has(plan.caption)) figures.unknownLeft++
      else figures.lost++
      continue
    }
    if (times.length > 1) figures.twice++
    else figures.once++
    const first = Math.min(...times)
    figures.latenessMs.push(first - plan.at)
    if (first > killedAt) figures.takeoverMs.push(first - Math.max(plan.at, killedAt))
  }
  return figures
}
