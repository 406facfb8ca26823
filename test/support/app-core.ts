import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach } from 'vitest'
import { openConfStore } from '../../src-main/adapters/conf-store'
import { noKeyring, type SecretBox } from '../../src-main/account/accounts/secret-box'
import { type AppCore, createAppCore } from '../../src-main/app/app-core'
import { downloadsFolder } from '../../src-main/features/export'
import { dispatch } from '../../src-main/handlers/dispatch'
import { EventHub } from '../../src-main/platform/events'
import { silentLogger } from '../../src-main/platform/log/log'
import { TEST_IDENTITY } from './handlers'

/** The app's core as web mode builds it over `dataDir` (no keyring, conf stores, exports to a folder), started. */
export async function startTestCore(dataDir: string, secretBox: SecretBox = noKeyring('test')): Promise<AppCore> {
  const core = await createAppCore({
    identity: TEST_IDENTITY,
    dataDir,
    fetch: globalThis.fetch,
    log: silentLogger,
    events: new EventHub(),
    secretBox,
    openStore: openConfStore,
    dialogs: downloadsFolder(join(dataDir, 'exports')),
    clipboard: null,
    openDialog: null,
    logs: { folder: null, scoped: () => silentLogger },
  })
  await core.start()
  return core
}

/** The client the tests call as, unless a test names another (a second window). */
export const TEST_CLIENT = 'web:test-window'

/** Calls a channel as a transport does (its argument parsed): its value, or its error thrown. */
export async function callCore<T = unknown>(core: AppCore, channel: string, arg?: unknown, client = TEST_CLIENT): Promise<T> {
  const result = await dispatch(core.handlers, channel, arg, { transport: 'web', client }, silentLogger)
  if (!result.ok)
    throw new Error(`${channel}: ${result.error.code} ${result.error.text.key} ${JSON.stringify(result.error.text.params ?? {})}`)
  return result.value as T
}

/**
 * A fresh data folder for each test and the cores started over it, all disposed and removed
 * after the test. Call it at the top of a test file, after the file's own server hooks.
 */
export function testCores(prefix: string): { readonly dataDir: string; start(): Promise<AppCore>; forget(core: AppCore): void } {
  const cores: AppCore[] = []
  let dataDir = ''
  beforeEach(async () => {
    dataDir = await mkdtemp(join(tmpdir(), prefix))
  })
  afterEach(async () => {
    for (const core of cores.splice(0)) await core.dispose()
    await rm(dataDir, { recursive: true, force: true })
  })
  return {
    get dataDir() {
      return dataDir
    },
    async start() {
      const core = await startTestCore(dataDir)
      cores.push(core)
      return core
    },
    forget(core) {
      cores.splice(cores.indexOf(core), 1)
    },
  }
}
