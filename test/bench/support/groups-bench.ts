import { fileURLToPath } from 'node:url'
import { ApiClient } from '../../../src-main/services/api'
import { type EmulatorProcess, spawnEmulator } from '../../support/emulator-process'

export const root = fileURLToPath(new URL('../../../', import.meta.url))

export const median = (values: number[]): number =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] as number
export const seconds = (ms: number): string => `${(ms / 1000).toFixed(2)} s`
export const millis = (ms: number): string => `${ms.toFixed(1)} ms`
export const megabytes = (bytes: number): string => `${(bytes / 1024 / 1024).toFixed(1)} MB`

export function gc(): void {
  ;(globalThis as { gc?: () => void }).gc?.()
}



/**
 * The benchmark account: `groups` groups with realistic records, seed 3 at a fixed epoch, in its
 * own process with `latencyMs` per request; and an API client for it with waits long enough
 * that a loaded machine never turns a slow page into a timeout.
 */
export async function benchAccount(groups: number, latencyMs: number): Promise<{ emulator: EmulatorProcess; client: ApiClient }> {
  const emulator = await spawnEmulator(['--groups', String(groups), '--latency', String(latencyMs), '--seed', '3', '--epoch', '1750000000'])
  const client = new ApiClient({
    baseUrl: emulator.baseUrl,
    token: emulator.token,
    fetch,
    timeouts: { headersMs: 120_000, stallMs: 120_000 },
  })
  return { emulator, client }
}
