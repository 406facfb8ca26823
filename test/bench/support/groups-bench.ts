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

export { spawnEmulator } from '../../support/emulator-process'
