/**
 * The Statusdesk agent: the engine, headless and always on, for the accounts handed to it (their
 * outboxes, schedules, posting queue and insights), with an HTTP API for paired devices.
 * `npm run agent` builds first, then runs this as `node out/main/agent.js`.
 *   --data-dir DIR        where accounts and the embedded database live (default: the OS's data folder)
 *   --listen HOST:PORT    where to listen (default 127.0.0.1:8731); beyond this machine only with TLS
 *   --tls                 speak TLS with a certificate the agent makes once and keeps (its fingerprint is printed)
 *   --tls-cert FILE, --tls-key FILE   speak TLS with the operator's certificate and key
 *   --sync-groups         each account's groups sync in the background while a device shows it
 *   --late-minutes N      a story that fell due while the agent was stopped still goes if at most N minutes late (default 10)
 *   --json                accepted; every line on stdout is JSON anyway
 * `statusdesk-agent devices` lists the paired devices (last seen, last action); `statusdesk-agent
 * revoke ID` revokes one; both on the agent's database (--data-dir, or DATABASE_URL).
 * Environment: STATUSDESK_AGENT_KEY (base64 of 32 bytes) or STATUSDESK_AGENT_KEY_FILE, the
 * operator's key provider tokens are sealed with (required); DATABASE_URL, a PostgreSQL server
 * (otherwise PGlite in the data folder).
 */
// First: the process may restart in place with its start settings (see start-settings.ts).
import './start-first'
import { mkdir } from 'node:fs/promises'
import { join } from 'node:path'
import { AppError } from '@shared/errors'
import pkg from '../../package.json'
import { openConfStore } from '../adapters/conf-store'
import { APP_FILES } from '../account/files/app-files'
import { createAppCore, type AppCore, type CorePorts } from '../app/app-core'
import { downloadsFolder } from '../features/export'
import { PgOutboxStore } from '../features/stories/outbox/store/pg-store'
import { EventHub } from '../platform/events'
import { chosenLanguage } from '../platform/i18n/language'
import { createTranslator } from '../platform/i18n/translator'
import { terminalLanguages } from '../web/terminal-language'
import { PgAccountData } from './account-data'
import { PgAccountRegistry } from './account-registry'
import { agentDatabaseTarget, describeDatabase, openWithRetry, type AgentDatabaseTarget } from './agent-database'
import { createAgentLog } from './agent-log'
import { createAgentAnnouncer } from './announce'
import { ActivityLog } from './activity'
import { isAdminCommand, runAgentAdmin } from './admin'
import { DeviceStore } from './devices'
import { agentHealth } from './health'
import { operatorKeyBox } from './key-box'
import { readOperatorKey } from './operator-key'
import { AgentRefusal, parseAgentOptions, type AgentOptions } from './options'
import { PairingCodes } from './pairing'
import { listenOrRefuse } from './listen'
import { servedToDevices } from './guard'
import { TokenWatch } from './token-watch'
import { agentTls, type AgentTls } from './tls'
import { AgentMetrics } from './metrics'

const env = process.env
const announce = createAgentAnnouncer(createTranslator(chosenLanguage(null, terminalLanguages(env))).say)
const logs = createAgentLog()
const log = logs.scoped('agent')
/** Set once the agent is asked to stop: a start still waiting for its database gives up. */
let stopping = false
let stop: () => Promise<void> = async () => process.exit(0)
// SIGHUP: the terminal the agent runs in was closed.
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
  process.on(signal, () => {
    stopping = true
    void stop()
  })
}

try {
  const argv = process.argv.slice(2)
  if (isAdminCommand(argv)) process.exit(await runAgentAdmin(argv, { env, line: announce.told }))
  await run()
} catch (error) {
  if (error instanceof AgentRefusal) {
    announce.refused(error.text, error.detail === undefined ? undefined : String(logs.redactor.line(error.detail)))
    process.exit(2)
  }
  // Another Statusdesk holds the data folder, or the database is not one this version can use.
  if (error instanceof AppError) {
    announce.refused(error.text)
    process.exit(1)
  }
  log.error('agent stopped', { error: error instanceof Error ? (error.stack ?? error.message) : String(error) })
  process.exit(1)
}

async function run(): Promise<void> {
  const options = parseAgentOptions(process.argv.slice(2), env)
  const key = await readOperatorKey(env)
  // Read (or made) before anything starts: a certificate that cannot be used stops the agent in words.
  const tls = await agentTls(options.tls, options.dataDir)
  await mkdir(options.dataDir, { recursive: true, mode: 0o700 })
  const target = agentDatabaseTarget(env, options.dataDir)
  if (target.url !== null) logs.redactor.addSecret(target.url)
  const password = target.url === null ? '' : passwordOf(target.url)
  if (password) logs.redactor.addSecret(password)
  const events = new EventHub()
  let devices: DeviceStore | null = null
  let activity: ActivityLog | null = null
  let registry: PgAccountRegistry | null = null
  let accountData: PgAccountData | null = null
  const core = await createAppCore(
    corePorts(
      options,
      key,
      events,
      async (owner) => {
        const db = await openDatabaseAnnounced(target)
        try {
          devices = await DeviceStore.open(db)
          activity = new ActivityLog(db)
          // On a server, every agent on the database holds the same accounts; on PGlite the data folder alone does.
          if (db.kind === 'server') {
            registry = await PgAccountRegistry.open(db)
            // Each account's history and insights too, and who samples it: whichever agent a device asks answers the same.
            accountData = await PgAccountData.open(db, { owner, log })
          }
          await activity.prune()
          return await PgOutboxStore.open({ db, owner, mediaCacheDir: join(options.dataDir, APP_FILES.outboxMedia.path), log })
        } catch (error) {
          await db.close()
          throw error
        }
      },
      () => registry,
      () => accountData,
    ),
  )
  await serve(core, events, { devices: devices!, activity: activity! }, { ...options, tlsPair: tls }, target)
}

function passwordOf(url: string): string {
  try {
    return decodeURIComponent(new URL(url).password)
  } catch {
    return ''
  }
}

/** The database, waited for while it cannot be reached, each failure said in one line. */
function openDatabaseAnnounced(target: AgentDatabaseTarget) {
  const database = describeDatabase(target)
  return openWithRetry(target, {
    stopped: () => stopping,
    onFailure: ({ attempt, retryInMs, error }) => {
      const detail = String(logs.redactor.line(error instanceof Error ? error.message : String(error)))
      announce.databaseUnreachable({ database, retryInMs, attempt, detail })
    },
  })
}

function corePorts(
  options: AgentOptions,
  key: Uint8Array,
  events: EventHub,
  outboxStore: CorePorts['outboxStore'],
  sharedAccounts: CorePorts['sharedAccounts'],
  sharedAccountData: CorePorts['sharedAccountData'],
): CorePorts {
  return {
    identity: {
      name: pkg.productName,
      version: pkg.version,
      platform: process.platform,
      arch: process.arch,
      versions: { node: process.versions.node },
    },
    dataDir: options.dataDir,
    fetch: globalThis.fetch,
    log: logs.scoped('engine'),
    events,
    // Provider tokens at rest, sealed with the operator's key; a token sealed with another key waits to be entered again.
    secretBox: operatorKeyBox(key),
    openStore: openConfStore,
    // No window to open a dialog in: exports go to a folder in the data folder.
    dialogs: downloadsFolder(join(options.dataDir, 'exports')),
    clipboard: null,
    openDialog: null,
    logs,
    lateMinutesAtLeast: options.lateMinutes,
    ...(outboxStore && { outboxStore }),
    ...(sharedAccounts && { sharedAccounts }),
    ...(sharedAccountData && { sharedAccountData }),
  }
}

/** The engine is ready: its schedule runs, tokens are watched, devices can pair and call. */
async function serve(
  core: AppCore,
  events: EventHub,
  { devices, activity }: { devices: DeviceStore; activity: ActivityLog },
  options: AgentOptions & { tlsPair: AgentTls | null },
  target: AgentDatabaseTarget,
) {
  await core.start({ groupsSync: options.syncGroups })
  const outboxes = core.stories.outboxes
  const accountIds = () => core.accounts.listed().accounts.map((account) => account.id)
  const watch = new TokenWatch({
    accounts: accountIds,
    session: async (accountId) => (await core.accounts.workspaces.get(accountId)?.ensureSession()) ?? null,
    nextDue: (accountId) => outboxes.nextDueOf(accountId),
    log,
  })
  // A token entered, renewed or removed: every account's is checked again now.
  events.subscribe((name) => name === 'accounts:changed' && watch.recheck())
  const pairing = new PairingCodes({ onCode: (code) => announce.pairingCode(code) })
  const metrics = new AgentMetrics(events)
  metrics.seed(await outboxes.list())
  let server
  try {
    server = await listenOrRefuse(options, {
      handlers: servedToDevices(core.handlers),
      events,
      devices,
      activity,
      pairing,
      health: () => agentHealth({ scheduler: () => outboxes.scheduler(), nextDue: () => outboxes.nextDue(), tokens: () => watch.states() }),
      log,
      onClientGone: (client) => void core.clientGone(client),
      metrics: () => metrics.scrape(),
      media: core.stories.media,
      ...(options.tlsPair && { tls: options.tlsPair }),
    })
  } catch (error) {
    await core.dispose()
    throw error
  }
  stop = async () => {
    pairing.stop()
    metrics.stop()
    await server.close()
    await watch.stop()
    await core.dispose()
    process.exit(0)
  }
  if (stopping) return stop()
  watch.start()
  log.info('agent ready', { accounts: accountIds().length, devices: (await devices.list()).length, groupsSync: options.syncGroups })
  announce.ready({ url: server.url, dataDir: options.dataDir, database: describeDatabase(target) })
  if (options.tlsPair) announce.certificate({ fingerprint: options.tlsPair.fingerprint, own: options.tlsPair.own })
  pairing.start()
}
