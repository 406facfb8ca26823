import type { FaultInput } from '../faults/faults'
import { BUILT_IN_MEDIA } from '../protocol/media'
import { seedOf } from '../data/prng'

export interface EmulatorOptions {
  /** Default 127.0.0.1. */
  host?: string
  /** Default 0: a free port. */
  port?: number
  /** Accepted tokens; the first is the one reported. Default "emulator-token". */
  token?: string | readonly string[]
  /** Groups in the account before any mutation. Default 250. */
  groups?: number
  /** Same seed, same account. Default 1. */
  seed?: number | string
  /** Unix seconds the data is "as of". Default: when the emulator starts. Fix it for byte-identical runs. */
  epoch?: number
  /** Largest POST body in bytes; larger ones get 413. Default 64 MiB. */
  maxBodyBytes?: number
  /** The success status of POST /stories: the provider has answered both. Default 200. */
  storyStatus?: 200 | 201
  /** Latency added to every groups and stories request. */
  latencyMs?: number
  jitterMs?: number
  /** Faults active from the start; see faults.ts. */
  faults?: readonly FaultInput[]
  /** Extra media ids the emulator knows (id -> mime type), beside the built-in ones. */
  media?: Readonly<Record<string, string>>
  /** The account's own number and name. */
  account?: { phone?: string; name?: string }
  /** Clock in milliseconds, for story timestamps and Retry-After dates. Default Date.now. */
  now?: () => number
  /** Published stories kept for inspection. Default 500. */
  maxStoredStories?: number
  /**
   * Each story gains one viewer every this many milliseconds. Default: none, and viewers come
   * over the story's day with a daily rhythm instead (few at night, peaks morning and evening).
   */
  viewerEveryMs?: number
  /** The viewers' clock for that rhythm, in minutes east of UTC. Default 0. */
  viewerUtcOffsetMinutes?: number
}

export interface ResolvedOptions {
  host: string
  port: number
  tokens: readonly string[]
  groups: number
  seed: number
  epoch: number
  maxBodyBytes: number
  storyStatus: 200 | 201
  faults: readonly FaultInput[]
  media: ReadonlyMap<string, string>
  account: { phone: string; name: string }
  now: () => number
  maxStoredStories: number
  viewerEveryMs: number | null
  viewerUtcOffsetMinutes: number
}

export const DEFAULT_TOKEN = 'emulator-token'

function check(condition: boolean, message: string): void {
  if (!condition) throw new RangeError(`startEmulator: ${message}`)
}

export function resolveOptions(options: EmulatorOptions): ResolvedOptions {
  const now = options.now ?? Date.now
  const tokens = options.token === undefined ? [DEFAULT_TOKEN] : typeof options.token === 'string' ? [options.token] : [...options.token]
  const groups = options.groups ?? 250
  const maxBodyBytes = options.maxBodyBytes ?? 64 * 1024 * 1024
  check(tokens.length > 0 && tokens.every((t) => t.length > 0), 'token must not be empty')
  check(Number.isSafeInteger(groups) && groups >= 0 && groups <= 10_000_000, 'groups must be an integer from 0 to 10,000,000')
  const viewerEveryMs = options.viewerEveryMs ?? null
  check(viewerEveryMs === null || (Number.isSafeInteger(viewerEveryMs) && viewerEveryMs > 0), 'viewerEveryMs must be a positive integer')
  const viewerUtcOffsetMinutes = options.viewerUtcOffsetMinutes ?? 0
  check(
    Number.isSafeInteger(viewerUtcOffsetMinutes) && Math.abs(viewerUtcOffsetMinutes) <= 14 * 60,
    'viewerUtcOffsetMinutes must be a whole number of minutes within ±14 hours',
  )
  check(Number.isSafeInteger(maxBodyBytes) && maxBodyBytes > 0, 'maxBodyBytes must be a positive integer')
  const phone = options.account?.phone ?? '15550100001'
  check(/^\d{7,15}$/.test(phone), 'account.phone must be 7 to 15 digits')
  const latency: FaultInput[] =
    options.latencyMs === undefined && options.jitterMs === undefined
      ? []
      : [{ type: 'latency', ms: options.latencyMs ?? 0, jitterMs: options.jitterMs ?? 0 }]
  return {
    host: options.host ?? '127.0.0.1',
    port: options.port ?? 0,
    tokens,
    groups,
    seed: seedOf(options.seed ?? 1),
    epoch: options.epoch ?? Math.floor(now() / 1000),
    maxBodyBytes,
    storyStatus: options.storyStatus ?? 200,
    faults: [...latency, ...(options.faults ?? [])],
    media: new Map(Object.entries({ ...BUILT_IN_MEDIA, ...options.media })),
    account: { phone, name: options.account?.name ?? 'Demo Account' },
    now,
    maxStoredStories: options.maxStoredStories ?? 500,
    viewerEveryMs,
    viewerUtcOffsetMinutes,
  }
}
