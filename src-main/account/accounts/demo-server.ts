import { randomBytes } from 'node:crypto'
import { startEmulator } from '../../emulator'

/** The demo's own API server, running inside the app. */
export interface DemoServer {
  baseUrl: string
  token: string
  stop(): Promise<void>
}

export type StartDemoServer = () => Promise<DemoServer>

export const DEMO_GROUPS = 2_000
/** A fixed seed: the demo shows the same groups every run, so its cache stays meaningful. */
export const DEMO_SEED = 'statusdesk-demo'

/** The emulator on 127.0.0.1, a free port and a fresh token each run; no network needed. */
export function emulatorDemo(options: { groups?: number } = {}): StartDemoServer {
  return async () => {
    const emulator = await startEmulator({
      host: '127.0.0.1',
      port: 0,
      token: randomBytes(24).toString('base64url'),
      groups: options.groups ?? DEMO_GROUPS,
      seed: DEMO_SEED,
    })
    return { baseUrl: emulator.baseUrl, token: emulator.token, stop: () => emulator.stop() }
  }
}
