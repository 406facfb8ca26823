import { type ChildProcess, spawn } from 'node:child_process'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createInterface } from 'node:readline'

export interface WebApp {
  url: string
  origin: string
  secret: string
  dataDir: string
  /** The web-mode process, for benchmarks that read its CPU time. */
  pid: number | undefined
  /** Stops the process; the data folder stays for a restart unless `removeData`. */
  stop(options?: { removeData?: boolean }): Promise<void>
}

const ROOT = join(import.meta.dirname, '..', '..', '..')

/**
 * Starts web mode (`src-main/web/cli.ts`) as its own process, the way a user runs it, with
 * its data in a temp folder (or `dataDir`, to restart on the same data).
 */
export async function startWebApp(options: { dataDir?: string; env?: Record<string, string> } = {}): Promise<WebApp> {
  const dataDir = options.dataDir ?? (await mkdtemp(join(tmpdir(), 'statusdesk-e2e-')))
  const child = spawn(process.execPath, ['--import', 'tsx', 'src-main/web/cli.ts', '--json', '--data-dir', dataDir], {
    cwd: ROOT,
    env: { ...process.env, ...options.env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let stderr = ''
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
  const ready = await readyLine(child, () => stderr)
  return {
    ...(ready as { url: string; origin: string; secret: string }),
    dataDir,
    pid: child.pid,
    stop: async ({ removeData = false } = {}) => {
      await stopProcess(child)
      if (removeData) await rm(dataDir, { recursive: true, force: true })
    },
  }
}

function readyLine(child: ChildProcess, stderr: () => string): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const lines = createInterface({ input: child.stdout! })
    const timer = setTimeout(() => reject(new Error(`web mode did not start in time\n${stderr()}`)), 30_000)
    // Log lines are JSON too when stdout is not a terminal: the one to wait for says it is ready.
    lines.on('line', (line) => {
      if (!line.startsWith('{')) return
      const parsed = JSON.parse(line) as { event?: string }
      if (parsed.event !== 'ready') return
      clearTimeout(timer)
      resolve(parsed)
    })
    child.once('exit', (code) => {
      clearTimeout(timer)
      reject(new Error(`web mode exited with ${code}\n${stderr()}`))
    })
  })
}

export function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return Promise.resolve()
  return new Promise((resolve) => {
    const kill = setTimeout(() => child.kill('SIGKILL'), 5_000)
    child.once('exit', () => {
      clearTimeout(kill)
      resolve()
    })
    child.kill('SIGTERM')
  })
}
