/**
 * The plain clients of the first-sync benchmark, each in a process of its own
 * (plain-client.ts), measured from outside the way web mode is: its CPU time from /proc just
 * before it is told to go and as soon as it says it is done, its resident memory then and
 * after a settle.
 */
import { spawn } from 'node:child_process'
import { createInterface } from 'node:readline'
import { root } from './groups-bench'
import { type ClientRun, cpuSeconds, load1, rssBytes, sleep } from './proc-figures'

export interface PlainClient {
  way: 'plain-100' | 'plain-500' | 'floor' | 'plain-pictures'
  count: number
  mode: 'sequential' | 'floor' | 'pictures'
}

export const PLAIN_CLIENTS: readonly PlainClient[] = [
  { way: 'plain-100', count: 100, mode: 'sequential' },
  { way: 'plain-500', count: 500, mode: 'sequential' },
  { way: 'floor', count: 500, mode: 'floor' },
]

/** The pictures' baseline: every thumbnail the sync's groups name, 6 plain fetches in flight. */
export const PLAIN_PICTURES: PlainClient = { way: 'plain-pictures', count: 0, mode: 'pictures' }

interface Done {
  event: 'done'
  ms: number
  groups: number
  bytes: number
  requests: number
}

/** Runs one plain client against `server` and measures it; `groups` is what it must read. */
export async function runPlain(
  client: PlainClient,
  server: { baseUrl: string; token: string },
  options: { round: number; groups: number; settleMs: number },
): Promise<ClientRun & { bytes: number; requests: number }> {
  const args = ['--url', server.baseUrl, '--token', server.token, '--count', String(client.count), '--mode', client.mode]
  const child = spawn(process.execPath, ['--import', 'tsx', 'test/bench/support/plain-client.ts', ...args], {
    cwd: root,
    stdio: ['pipe', 'pipe', 'inherit'],
  })
  const events: Record<string, unknown>[] = []
  let heard: (() => void) | null = null
  createInterface({ input: child.stdout! }).on('line', (line) => {
    if (!line.startsWith('{')) return
    events.push(JSON.parse(line) as Record<string, unknown>)
    heard?.()
  })
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve))
  const next = async (event: string): Promise<Record<string, unknown>> => {
    for (;;) {
      const found = events.find((e) => e['event'] === event)
      if (found) return found
      const arrived = new Promise<void>((resolve) => (heard = resolve))
      const code = await Promise.race([arrived.then(() => undefined), exited])
      if (code !== undefined) throw new Error(`${client.way} exited with ${code} before "${event}"`)
    }
  }
  try {
    await next('ready')
    const pid = child.pid
    const load = load1()
    const cpuBefore = cpuSeconds(pid)
    child.stdin!.write('go\n')
    const done = (await next('done')) as unknown as Done
    const cpuAfter = cpuSeconds(pid)
    const rss = rssBytes(pid) ?? NaN
    await sleep(options.settleMs)
    const rssSettled = rssBytes(pid) ?? NaN
    if (client.mode === 'sequential' && done.groups !== options.groups) throw new Error(`${client.way} read ${done.groups} groups`)
    if (client.mode === 'pictures' && done.requests < 1) throw new Error(`${client.way} fetched no picture`)
    child.stdin!.write('exit\n')
    await exited
    return {
      way: client.way,
      round: options.round,
      ms: done.ms,
      cpu: cpuBefore === null || cpuAfter === null ? NaN : cpuAfter - cpuBefore,
      rss,
      rssSettled,
      load,
      bytes: done.bytes,
      requests: done.requests,
    }
  } finally {
    if (child.exitCode === null) child.kill('SIGKILL')
  }
}
