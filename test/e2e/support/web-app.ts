import { type ChildProcess, spawn } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
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
 * Node's arguments for web mode as `npm run start:web` runs it: the Node flags its script
 * gives (package.json), then the build's `main/web.js` in `outDir`.
 */
export function webModeArgs(outDir: string = process.env['STATUSDESK_OUT_DIR'] ?? join(ROOT, 'out')): string[] {
  const { scripts } = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> }
  const run = /\bnode((?: --[\w-]+(?:=\S+)?)*) out\/main\/web\.js\b/.exec(scripts['start:web'] ?? '')
  if (!run) throw new Error('package.json: start:web does not run node out/main/web.js')
  const entry = join(outDir, 'main', 'web.js')
  if (!existsSync(entry)) throw new Error(`no web mode built in ${outDir}: run npm run build`)
  return [...(run[1] ?? '').split(' ').filter(Boolean), entry]
}

/**
 * Starts web mode from the build as its own process, the way a user runs it, with its data
 * in a temp folder (or `dataDir`, to restart on the same data).
 */
export async function startWebApp(options: { dataDir?: string; env?: Record<string, string> } = {}): Promise<WebApp> {
  const dataDir = options.dataDir ?? (await mkdtemp(join(tmpdir(), 'statusdesk-e2e-')))
  const child = spawn(process.execPath, [...webModeArgs(), '--json', '--data-dir', dataDir], {
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
