import { spawn, type ChildProcess } from 'node:child_process'
import { fileURLToPath } from 'node:url'

export const root = fileURLToPath(new URL('../../../', import.meta.url))

export const median = (values: number[]): number =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] as number
export const seconds = (ms: number): string => `${(ms / 1000).toFixed(2)} s`
export const millis = (ms: number): string => `${ms.toFixed(1)} ms`
export const megabytes = (bytes: number): string => `${(bytes / 1024 / 1024).toFixed(1)} MB`

export function gc(): void {
  ;(globalThis as { gc?: () => void }).gc?.()
}

export interface RemoteEmulator {
  baseUrl: string
  token: string
  stop(): Promise<void>
}

/**
 * The emulator in its own process, as the provider is on its own machine: generating and
 * serialising pages must not share the event loop (or the heap) of the client measured.
 */
export async function spawnEmulator(args: string[]): Promise<RemoteEmulator> {
  const child: ChildProcess = spawn(
    process.execPath,
    ['--import', 'tsx', 'src-main/emulator/cli.ts', '--json', ...args],
    {
      cwd: root,
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  )
  const line = await new Promise<string>((resolve, reject) => {
    let out = ''
    child.stdout?.on('data', (chunk: Buffer) => {
      out += chunk.toString()
      const end = out.indexOf('\n')
      if (end >= 0) resolve(out.slice(0, end))
    })
    child.once('exit', (code) => reject(new Error(`emulator exited with ${code}`)))
  })
  const { baseUrl, token } = JSON.parse(line) as { baseUrl: string; token: string }
  return {
    baseUrl,
    token,
    stop: () =>
      new Promise<void>((resolve) => {
        child.once('exit', () => resolve())
        child.kill('SIGTERM')
      }),
  }
}
