import { createContext } from './state/context'
import type { EmulatorControl } from './state/control'
import { type EmulatorOptions, resolveOptions } from './state/options'
import { listen } from './server'

export type { EmulatorControl } from './state/control'
export type { FaultInput } from './faults/faults'
export type { EmulatorOptions } from './state/options'
export type { RequestRecord } from './state/request-log'
export type { PublishedStory } from './state/story-log'
export { GROUP_VIOLATIONS, STORY_VIOLATIONS } from './faults/violations'

export interface Emulator {
  /** What clients use as `{base_url}`: `${baseUrl}/groups`. */
  baseUrl: string
  /** The first accepted token. */
  token: string
  tokens: readonly string[]
  control: EmulatorControl
  /** Closes the server and every connection, hanging ones included. */
  stop(): Promise<void>
}

/** Starts a local server of the provider's groups and stories interface on 127.0.0.1. */
export async function startEmulator(options: EmulatorOptions = {}): Promise<Emulator> {
  const resolved = resolveOptions(options)
  const { baseUrl, control, stop } = await listen(createContext(resolved))
  return { baseUrl, token: resolved.tokens[0] as string, tokens: resolved.tokens, control, stop }
}
