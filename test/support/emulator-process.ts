import { type ChildProcess, spawn } from 'node:child_process'
import { createInterface } from 'node:readline'
import { fileURLToPath } from 'node:url'

const root = fileURLToPath(new URL('../../', import.meta.url))

export interface EmulatorProcess {
  baseUrl: string
  token: string
  child: ChildProcess
  /** GET on one of the emulator's `/__emulator` control routes. */
  control<T>(path: string): Promise<T>
  stop(): Promise<void>
}

/**
 * The emulator in its own process (`npm run emulator -- --json …`), as the provider is on its
 * own machine: generating and sending pages then shares neither the event loop nor the memory
 * of the client under test, so timings and memory figures are the client's alone.
 */
export async function spawnEmulator(args: string[]): Promise<EmulatorProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src-main/emulator/cli.ts', '--json', ...args], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  const first = await new Promise<string>((resolve, reject) => {
    createInterface({ input: child.stdout! }).on('line', (line) => line.startsWith('{') && resolve(line))
    child.once('exit', (code) => reject(new Error(`the emulator exited with ${code}`)))
  })
  const { baseUrl, token } = JSON.parse(first) as { baseUrl: string; token: string }
  return {
    baseUrl,
    token,
    child,
    control: async <T>(path: string): Promise<T> =>
      (await (await fetch(`${baseUrl}/__emulator${path}`, { headers: { authorization: `Bearer ${token}` } })).json()) as T,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve()
        child.once('exit', () => resolve())
        child.kill('SIGTERM')
      }),
  }
}
