import { type ChildProcess, spawn } from 'node:child_process'
import { join } from 'node:path'
import { type RawResponse, rawRequest } from './raw-http'

const ROOT = join(import.meta.dirname, '..', '..')

/** One JSON line the agent printed: a log line (`level`) or one of its announcements (`event`). */
export type AgentLine = Record<string, unknown>

/** The agent running as its own process, from the sources, and what it printed. */
export interface AgentRun {
  child: ChildProcess
  output(): string
  lines(): AgentLine[]
  /** Resolves with the first line `match` accepts; rejects when the agent exits or the time is up first. */
  waitFor(match: (line: AgentLine) => boolean, timeoutMs?: number): Promise<AgentLine>
  /** Resolves with the exit code once the agent has ended. */
  exited(): Promise<number | null>
  stop(): Promise<void>
}

/** A started agent: where it listens, and calls as a device. */
export interface AgentProcess extends AgentRun {
  url: string
  /** Every response this helper received, for what must never be in one. */
  responses: RawResponse[]
  request(path: string, options?: { method?: string; token?: string; body?: unknown }): Promise<RawResponse>
  /** Calls a channel as a paired device; its value, or its error thrown. */
  call<T = unknown>(token: string, channel: string, arg?: unknown): Promise<T>
  /** The latest pairing code it printed. */
  pairingCode(): string
}

function parsed(text: string): AgentLine[] {
  return text
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .flatMap((line) => {
      try {
        return [JSON.parse(line) as AgentLine]
      } catch {
        return []
      }
    })
}

/** How the agent is run: from the sources by default; a benchmark runs the build (`node out/main/agent.js`) as `npm run agent` does. */
const FROM_SOURCES: readonly string[] = ['--import', 'tsx', 'src-main/agent/cli.ts']

/** Starts the agent with only the environment given (plus PATH, and HOME in the data folder). */
export function spawnAgent(dataDir: string, env: Record<string, string>, args: string[] = [], entry = FROM_SOURCES): AgentRun {
  const child = spawn(process.execPath, [...entry, '--data-dir', dataDir, '--listen', '127.0.0.1:0', ...args], {
    cwd: ROOT,
    env: { PATH: process.env['PATH'] ?? '', HOME: dataDir, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let text = ''
  const waiters = new Set<() => void>()
  const collect = (chunk: Buffer) => {
    text += chunk.toString()
    for (const wake of [...waiters]) wake()
  }
  child.stdout!.on('data', collect)
  child.stderr!.on('data', collect)
  const exit = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)))
  return {
    child,
    output: () => text,
    lines: () => parsed(text),
    exited: () => exit,
    waitFor: (match, timeoutMs = 60_000) =>
      new Promise((resolve, reject) => {
        const check = () => {
          const found = parsed(text).find(match)
          if (!found) return
          done()
          resolve(found)
        }
        const timer = setTimeout(() => {
          done()
          reject(new Error(`the agent did not print what was awaited:\n${text.slice(-4000)}`))
        }, timeoutMs)
        const ended = () => {
          check()
          done()
          reject(new Error(`the agent exited (${child.exitCode}):\n${text.slice(-4000)}`))
        }
        const done = () => {
          clearTimeout(timer)
          waiters.delete(check)
          child.off('exit', ended)
        }
        waiters.add(check)
        child.once('exit', ended)
        check()
      }),
    stop: async () => {
      if (child.exitCode !== null || child.signalCode !== null) return
      child.kill('SIGTERM')
      const killer = setTimeout(() => child.kill('SIGKILL'), 15_000)
      await exit
      clearTimeout(killer)
    },
  }
}

/** Starts the agent and waits until it says it is ready. */
export async function startAgentProcess(
  dataDir: string,
  env: Record<string, string>,
  args: string[] = [],
  entry = FROM_SOURCES,
): Promise<AgentProcess> {
  const run = spawnAgent(dataDir, env, args, entry)
  let ready: AgentLine
  try {
    ready = await run.waitFor((line) => line['event'] === 'ready', 90_000)
  } catch (error) {
    await run.stop()
    throw error
  }
  const url = ready['url'] as string
  const responses: RawResponse[] = []
  const request = async (path: string, options: { method?: string; token?: string; body?: unknown } = {}) => {
    const response = await rawRequest(`${url}${path}`, {
      method: options.method ?? (options.body === undefined ? 'GET' : 'POST'),
      headers: {
        'content-type': 'application/json',
        ...(options.token !== undefined && { authorization: `Bearer ${options.token}` }),
      },
      ...(options.body !== undefined && { body: JSON.stringify(options.body) }),
    })
    responses.push(response)
    return response
  }
  return {
    ...run,
    url,
    responses,
    request,
    async call<T>(token: string, channel: string, arg?: unknown): Promise<T> {
      const response = await request(`/api/invoke/${channel}`, { token, body: { arg } })
      const result = JSON.parse(response.body) as { ok: boolean; value?: T; error?: unknown }
      if (!result.ok) throw new Error(`${channel}: ${JSON.stringify(result.error)}`)
      return result.value as T
    },
    pairingCode: () => {
      const codes = run.lines().filter((line) => line['event'] === 'pairing-code')
      return codes[codes.length - 1]!['code'] as string
    },
  }
}
