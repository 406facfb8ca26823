import { join } from 'node:path'
import { openConfStore } from '../../src-main/adapters/conf-store'
import { noKeyring } from '../../src-main/account/accounts/secret-box'
import { type AppCore, createAppCore } from '../../src-main/app/app-core'
import { downloadsFolder } from '../../src-main/features/export'
import { dispatch } from '../../src-main/handlers/dispatch'
import { EventHub } from '../../src-main/platform/events'
import { silentLogger } from '../../src-main/platform/log/log'
import { TEST_IDENTITY } from './handlers'

/** The app's core as web mode builds it over `dataDir` (no keyring, conf stores, exports to a folder), started. */
export async function startTestCore(dataDir: string): Promise<AppCore> {
  const core = await createAppCore({
    identity: TEST_IDENTITY,
    dataDir,
    fetch: globalThis.fetch,
    log: silentLogger,
    events: new EventHub(),
    secretBox: noKeyring('test'),
    openStore: openConfStore,
    dialogs: downloadsFolder(join(dataDir, 'exports')),
    clipboard: null,
    openDialog: null,
    logs: { folder: null, scoped: () => silentLogger },
  })
  await core.start()
  return core
}

/** Calls a channel as a transport does (its argument parsed): its value, or its error thrown. */
export async function callCore<T = unknown>(core: AppCore, channel: string, arg?: unknown): Promise<T> {
  const result = await dispatch(core.handlers, channel, arg, { transport: 'web' }, silentLogger)
  if (!result.ok) throw new Error(`${channel}: ${result.error.code} ${result.error.message}`)
  return result.value as T
}
