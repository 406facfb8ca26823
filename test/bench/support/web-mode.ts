/**
 * Web mode as a user runs it (`npm run start:web`: Node running the build's `main/web.js`,
 * which serves the renderer built beside it), in its own process over a fresh data folder,
 * for benchmarks that
 * read its log: with --json every log line is a JSON object on stdout, and the sync's
 * last line ("groups synced") carries main's own figures of it.
 */
import { spawn } from 'node:child_process'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createInterface } from 'node:readline'
import { stopProcess, webModeArgs } from '../../e2e/support/web-app'
import { START_ENVIRONMENT } from '../../../src-main/platform/start-settings'
import { root } from './groups-bench'

export interface LogLine {
  message?: string
  event?: string
  [field: string]: unknown
}

export interface WebMode {
  url: string
  origin: string
  /** What web mode's HTTP transport asks of a caller (see groups-ui-page.ts invoke). */
  secret: string
  pid: number
  dataDir: string
  /** The first log line with this message from now on, or one already seen since the last call. */
  logLine(message: string, timeoutMs: number): Promise<LogLine>
  stop(): Promise<void>
}

/**
 * `nodeArgs` go to Node before the entry (a profiler's flags, for instance); `from` is
 * another copy of the project, to compare with it in one run: its sources run through tsx,
 * as its `npm run start:web` ran them before web mode was built.
 */
/** The environment without the variables the bench's own set empty: a start setting weighed off. */
function startEnvironment(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  return Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ''))
}

export async function startWebMode(
  outDir: string,
  nodeArgs: readonly string[] = [],
  from: string = root,
  options: { dataDir?: string; keep?: boolean } = {},
): Promise<WebMode> {
  const dataDir = options.dataDir ?? (await mkdtemp(join(tmpdir(), 'statusdesk-first-sync-')))
  // A data folder given, or asked to be kept, outlives this run (a restart over it follows).
  const remove = () => (options.keep ? Promise.resolve() : rm(dataDir, { recursive: true, force: true }))
  const entry = from === root ? webModeArgs(outDir) : ['--import', 'tsx', 'src-main/web/cli.ts']
  const child = spawn(process.execPath, [...nodeArgs, ...entry, '--json', '--data-dir', dataDir], {
    cwd: from,
    // The start settings web mode restarts itself with on Node 22.15 and later, given here as this
    // machine's Node 20 cannot; MALLOC_ARENA_MAX=16 in the bench's environment (glibc's default on
    // two cores) weighs that one off, and a setting set empty there is left out.
    env: startEnvironment({ ...START_ENVIRONMENT, ...process.env, STATUSDESK_OUT_DIR: outDir }),
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let stderr = ''
  child.stderr!.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-4000)))
  const seen: LogLine[] = []
  const waiters = new Set<() => void>()
  createInterface({ input: child.stdout! }).on('line', (line) => {
    if (!line.startsWith('{')) return
    seen.push(JSON.parse(line) as LogLine)
    for (const wake of waiters) wake()
  })
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))

  const find = async (test: (line: LogLine) => boolean, what: string, timeoutMs: number): Promise<LogLine> => {
    const until = performance.now() + timeoutMs
    for (;;) {
      const at = seen.findIndex(test)
      if (at >= 0) return seen.splice(0, at + 1).pop() as LogLine
      if (child.exitCode !== null) throw new Error(`web mode exited before ${what}\n${stderr}`)
      if (performance.now() > until) throw new Error(`web mode: no ${what} in ${timeoutMs} ms\n${stderr}`)
      await new Promise<void>((resolve) => {
        const wake = (): void => {
          waiters.delete(wake)
          clearTimeout(timer)
          resolve()
        }
        // Unref'd: a watch for a line that never comes must not keep the benchmark alive.
        const timer = setTimeout(wake, 1_000).unref()
        waiters.add(wake)
        void exited.then(wake)
      })
    }
  }

  try {
    const ready = await find((line) => line.event === 'ready', 'ready line', 60_000)
    return {
      url: ready['url'] as string,
      origin: ready['origin'] as string,
      secret: ready['secret'] as string,
      pid: child.pid as number,
      dataDir,
      logLine: (message, timeoutMs) => find((line) => line.message === message, `"${message}" line`, timeoutMs),
      stop: async () => {
        await stopProcess(child)
        await remove()
      },
    }
  } catch (error) {
    await stopProcess(child)
    await remove()
    throw error
  }
}
