import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { EventName, EventPayload } from '@shared/channels/contract'
import type { Group } from '@shared/domain'
import { startEmulator, type Emulator, type EmulatorOptions } from '../../../../../../src-main/emulator'
import { EventHub } from '../../../../../../src-main/platform/events'
import { workspacesWith } from '../../../../../support/workspaces'
import type { AccountSession } from '../../../../../../src-main/account/workspace/account-session'
import { ApiClient, type ApiClientOptions, type Clock } from '../../../../../../src-main/platform/api'
import type { Logger } from '../../../../../../src-main/platform/log/log'
import { fetchAllGroups } from '../../../../../../src-main/features/groups/sync'
import { SNAPSHOT_FILE, decodeSnapshot } from '../../../../../../src-main/features/groups/cache'

/** Fixed so every run of the suite sees the same account. */
export const EPOCH = 1_750_000_000
/** The emulator's own account number (its default). */
export const SELF_PHONE = '15550100001'

/** Backoff and Retry-After waits return at once (but still stop on abort). */
export const instantClock: Clock = {
  now: () => Date.now(),
  async sleep(_ms, signal) {
    if (signal?.aborted) throw signal.reason
  },
}

export function startTestEmulator(options: EmulatorOptions = {}): Promise<Emulator> {
  return startEmulator({ seed: 7, epoch: EPOCH, ...options })
}

export function clientFor(emulator: Pick<Emulator, 'baseUrl' | 'token'>, overrides: Partial<ApiClientOptions> = {}): ApiClient {
  return new ApiClient({
    baseUrl: emulator.baseUrl,
    token: emulator.token,
    fetch,
    clock: instantClock,
    random: () => 0.5,
    retry: { maxAttempts: 2 },
    // Generous: a page of 500 large groups takes a while on a busy machine; hang tests pass their own.
    timeouts: { headersMs: 15_000, stallMs: 15_000 },
    ...overrides,
  })
}

export async function tempDir(prefix = 'statusdesk-groups-'): Promise<{ path: string; remove(): Promise<void> }> {
  const path = await mkdtemp(join(tmpdir(), prefix))
  return { path, remove: () => rm(path, { recursive: true, force: true }) }
}

export function session(id: string, dir: string, client: ApiClient, baseUrl = 'http://127.0.0.1'): AccountSession<ApiClient> {
  return { id, baseUrl, isDemo: false, dir, client }
}

/** An account source the test switches by hand. */
/** The open workspaces, with the account on screen switched by hand. */
export function switchableAccounts(initial: AccountSession<ApiClient> | null) {
  return workspacesWith(initial)
}

export interface Recorded {
  name: EventName
  payload: unknown
}

/** An EventHub that remembers what was emitted. */
export function recordingHub(): EventHub & {
  seen: Recorded[]
  of<E extends EventName>(name: E): EventPayload<E>[]
} {
  const hub = new EventHub()
  const seen: Recorded[] = []
  hub.subscribe((name, payload) => seen.push({ name, payload }))
  return Object.assign(hub, {
    seen,
    of<E extends EventName>(name: E): EventPayload<E>[] {
      return seen.filter((e) => e.name === name).map((e) => e.payload as EventPayload<E>)
    },
  })
}

export function captureLogger(): Logger & {
  lines: { level: string; message: string; data?: unknown }[]
} {
  const lines: { level: string; message: string; data?: unknown }[] = []
  const at = (level: string) => (message: string, data?: Record<string, unknown>) => lines.push({ level, message, data })
  return { lines, debug: at('debug'), info: at('info'), warn: at('warn'), error: at('error') }
}

/** The server's list read the plain way: one page of 500 after another, no parallelism. */
export async function readSequentially(client: ApiClient): Promise<Group[]> {
  const groups: Group[] = []
  for (let offset = 0; ; offset += 500) {
    const page = await client.listGroups({ count: 500, offset })
    groups.push(...page.groups)
    if (page.groups.length + page.rejected.length < 500) return groups
  }
}

/** Groups fetched once from an emulator, for tests that need real records but no sync. */
export async function groupsFromEmulator(count: number, options: EmulatorOptions = {}): Promise<Group[]> {
  const emulator = await startTestEmulator({ groups: count, ...options })
  try {
    return (await fetchAllGroups(clientFor(emulator))).groups
  } finally {
    await emulator.stop()
  }
}

/** Polls `condition` (which may ask the service) every 10 ms until it holds or time runs out. */
export async function until(condition: () => boolean | Promise<boolean>, timeoutMs = 10_000): Promise<void> {
  const started = Date.now()
  while (!(await condition())) {
    if (Date.now() - started > timeoutMs) throw new Error('condition not met in time')
    await new Promise((resolve) => setTimeout(resolve, 10))
  }
}

/** The ids of the groups the account's snapshot on disk holds, in the server's order (what a sync saved). */
export async function idsOnDisk(dir: string, accountId = 'acc'): Promise<string[]> {
  const snapshot = await decodeSnapshot(await readFile(join(dir, SNAPSHOT_FILE)), { accountId })
  return snapshot.groups.map((group) => group.id)
}
