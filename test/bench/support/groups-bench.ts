import { spawn } from 'node:child_process'
import { createInterface } from 'node:readline'
import { fileURLToPath } from 'node:url'
import { monitorEventLoopDelay } from 'node:perf_hooks'
import { EventHub } from '../../../src-main/platform/events'
import { ApiClient } from '../../../src-main/platform/api'
import { silentLogger } from '../../../src-main/platform/log/log'
import { GroupsService, type GroupsServiceOptions } from '../../../src-main/features/groups/sync'
import { type EmulatorProcess, spawnEmulator } from '../../support/emulator-process'
import { AccountWorkspace } from '../../../src-main/account/workspace/account-workspace'
import { Workspaces } from '../../../src-main/account/workspace/workspaces'
import { pictureNet } from '../../support/picture-net'

export const root = fileURLToPath(new URL('../../../', import.meta.url))

export const median = (values: number[]): number => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] as number
export const seconds = (ms: number): string => `${(ms / 1000).toFixed(2)} s`
export const millis = (ms: number): string => `${ms.toFixed(1)} ms`
export const megabytes = (bytes: number): string => `${(bytes / 1024 / 1024).toFixed(1)} MB`

export function gc(): void {
  ;(globalThis as { gc?: () => void }).gc?.()
}

/**
 * Collects garbage until the figures settle: V8 frees the memory of dead ArrayBuffers (where
 * the index's columns live) on a task after the collection, not within it.
 */
export async function settled(): Promise<NodeJS.MemoryUsage> {
  for (let i = 0; i < 3; i++) {
    gc()
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
  return process.memoryUsage()
}

/**
 * Lateness of the event loop while it is watched: the longest, and how many turns of a
 * 10 ms timer came more than 100 ms late (each a stall the user could feel).
 */
export function stallWatch(): { stop(): { longestMs: number; over100: number } } {
  const histogram = monitorEventLoopDelay({ resolution: 10 })
  histogram.enable()
  let over100 = 0
  let last = performance.now()
  const timer = setInterval(() => {
    const now = performance.now()
    if (now - last - 10 > 100) over100++
    last = now
  }, 10)
  return {
    stop() {
      clearInterval(timer)
      histogram.disable()
      return { longestMs: histogram.max / 1e6, over100 }
    },
  }
}

/** The bench account's id: the groups service is asked about it by name. */
export const BENCH_ACCOUNT = 'bench'

/** GroupsService over one bench account, as the app builds it, with picture downloads off. */
export function benchGroupsService(
  server: { baseUrl: string },
  client: ApiClient,
  dir: string,
  extra: Partial<GroupsServiceOptions> = {},
): GroupsService {
  const workspaces = new Workspaces(
    (id) => new AccountWorkspace({ id, dir, log: silentLogger, label: () => id, openSession: async () => null }),
    silentLogger,
  )
  void workspaces.show('bench-window', BENCH_ACCOUNT, { id: BENCH_ACCOUNT, baseUrl: server.baseUrl, isDemo: true, dir, client })
  return new GroupsService({
    workspaces,
    events: new EventHub(),
    log: silentLogger,
    settings: () => ({ intervalMinutes: 0, concurrency: 4, downloadPictures: false }),
    fetchFor: () => pictureNet(server.baseUrl),
    ...extra,
  })
}

/**
 * The benchmark account: `groups` groups with realistic records, seed 3 at a fixed epoch, in its
 * own process with `latencyMs` per request; and an API client for it with waits long enough
 * that a loaded machine never turns a slow page into a timeout.
 */
export async function benchAccount(groups: number, latencyMs: number): Promise<{ emulator: EmulatorProcess; client: ApiClient }> {
  const emulator = await spawnEmulator(['--groups', String(groups), '--latency', String(latencyMs), '--seed', '3', '--epoch', '1750000000'])
  return { emulator, client: benchClient(emulator) }
}

function benchClient(server: { baseUrl: string; token: string }): ApiClient {
  return new ApiClient({
    baseUrl: server.baseUrl,
    token: server.token,
    fetch,
    timeouts: { headersMs: 120_000, stallMs: 120_000 },
  })
}

/** A server of the account's pages; `stop` ends its process. */
export interface BenchServer {
  baseUrl: string
  token: string
  stop(): Promise<void>
}

/**
 * The same account served from memory (test/bench/support/replay-server.ts) with the same
 * latency: its pages are read from the emulator once, then the emulator is stopped, so the
 * server's own work per request is joining bytes and the clients' figures blur less. The
 * replay server serves the groups' pictures too (their URLs in the records point to it).
 */
export async function replayedAccount(groups: number, latencyMs: number): Promise<{ server: BenchServer; client: ApiClient }> {
  const { emulator } = await benchAccount(groups, 0)
  const child = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      'test/bench/support/replay-server.ts',
      '--from',
      emulator.baseUrl,
      '--token',
      emulator.token,
      '--latency',
      String(latencyMs),
    ],
    { cwd: root, stdio: ['ignore', 'pipe', 'inherit'] },
  )
  try {
    const first = await new Promise<string>((resolve, reject) => {
      createInterface({ input: child.stdout! }).on('line', (line) => line.startsWith('{') && resolve(line))
      child.once('exit', (code) => reject(new Error(`the replay server exited with ${code}`)))
    })
    const { baseUrl, token } = JSON.parse(first) as { baseUrl: string; token: string }
    const stopReplay = (): Promise<void> =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve()
        child.once('exit', () => resolve())
        child.kill('SIGTERM')
      })
    const server: BenchServer = { baseUrl, token, stop: stopReplay }
    return { server, client: benchClient(server) }
  } finally {
    await emulator.stop()
  }
}
