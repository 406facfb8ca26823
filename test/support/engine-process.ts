import { type ChildProcess, spawn } from 'node:child_process'
import { join } from 'node:path'
import { WEB_SECRET_HEADER } from '../../src-shared/web-transport'
import { rawRequest } from './raw-http'

const ROOT = join(import.meta.dirname, '..', '..')

/** An engine running as its own process (web mode from the sources), and how to call it. */
export interface EngineProcess {
  child: ChildProcess
  origin: string
  /** Calls a channel as the page does; its value, or its error thrown. */
  call<T = unknown>(channel: string, arg?: unknown): Promise<T>
  output(): string
  /** Ends it as `kill -9` does: no shutdown, no outcome written. */
  kill(): void
  stop(): Promise<void>
}

/** Starts web mode over `dataDir` with `env` added (DATABASE_URL...), and waits until it serves. */
export async function startEngineProcess(dataDir: string, env: Record<string, string>, timeoutMs = 60_000): Promise<EngineProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src-main/web/cli.ts', '--data-dir', dataDir, '--port', '0', '--json'], {
    cwd: ROOT,
    env: { PATH: process.env['PATH'] ?? '', HOME: dataDir, STATUSDESK_OUT_DIR: join(dataDir, 'no-renderer'), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let text = ''
  child.stdout!.on('data', (chunk: Buffer) => (text += chunk.toString()))
  child.stderr!.on('data', (chunk: Buffer) => (text += chunk.toString()))
  const ready = await new Promise<{ origin: string; secret: string }>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`engine did not start:\n${text}`)), timeoutMs)
    const look = () => {
      const line = text
        .split('\n')
        .filter((l) => l.startsWith('{'))
        .map((l) => JSON.parse(l) as Record<string, unknown>)
        .find((l) => l['event'] === 'ready')
      if (line) {
        clearTimeout(timer)
        child.stdout!.off('data', look)
        resolve(line as unknown as { origin: string; secret: string })
      }
    }
    child.stdout!.on('data', look)
    child.once('exit', () => reject(new Error(`engine exited:\n${text}`)))
  })
  return {
    child,
    origin: ready.origin,
    output: () => text,
    async call<T>(channel: string, arg?: unknown): Promise<T> {
      const response = await rawRequest(`${ready.origin}/api/invoke/${channel}`, {
        method: 'POST',
        headers: {
          origin: ready.origin,
          'content-type': 'application/json',
          [WEB_SECRET_HEADER]: ready.secret,
          'x-statusdesk-client': 'engine-test-client',
        },
        body: JSON.stringify({ arg }),
      })
      const result = JSON.parse(response.body) as { ok: boolean; value?: T; error?: unknown }
      if (!result.ok) throw new Error(`${channel}: ${JSON.stringify(result.error)}`)
      return result.value as T
    },
    kill: () => void child.kill('SIGKILL'),
    stop: async () => {
      if (child.exitCode !== null || child.signalCode !== null) return
      const exited = new Promise((resolve) => child.once('exit', resolve))
      child.kill('SIGTERM')
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 10_000))])
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL')
    },
  }
}
