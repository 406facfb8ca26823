/**
 * Web mode: runs the main-side services in plain Node and serves the built renderer to a
 * browser on 127.0.0.1. `npm run start:web` builds first; the end-to-end tests start it too.
 *   --port N        port to listen on; without it, the last one used when free, else any
 *                   (`npm run start:web --port N` arrives as npm_config_port, honoured too)
 *   --data-dir DIR  where settings and caches live (default: the OS's app data folder)
 *   --open          open the app in the default browser
 *   --json          JSON lines on stdout (also the default when stdout is not a terminal)
 * Every account's outbox is kept as files in its folder, unless DATABASE_URL names a PostgreSQL
 * server (engines sharing one outbox) or STATUSDESK_OUTBOX=pglite asks for an embedded one.
 * It speaks the terminal's language (LANGUAGE, LC_ALL, LC_MESSAGES, LANG), from the first line on.
 */
// First: the process may restart in place with its start settings (see start-settings.ts).
import './start-first'
import { mkdir } from 'node:fs/promises'
import { homedir } from 'node:os'
import { basename, dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { openConfStore } from '../adapters/conf-store'
import { createFileLog } from '../adapters/electron-log'
import { createAppCore, type AppCore } from '../app/app-core'
import { outboxStoreFrom } from '../app/outbox-store-choice'
import { AppError } from '@shared/errors'
import { EventHub } from '../platform/events'
import { chosenLanguage } from '../platform/i18n/language'
import { createTranslator } from '../platform/i18n/translator'
import { noKeyring } from '../account/accounts/secret-box'
import { downloadsFolder } from '../features/export'
import { pictureWebRoute } from '../features/groups/pictures'
import { createAnnouncer } from './announce'
import { removeLaunchFile, writeLaunchFile } from './launch-file'
import { openInBrowser } from './open-browser'
import { WebUsageError, parseWebOptions, type WebOptions } from './options'
import { listenOnChosenPort, readRememberedPort, rememberPort } from './port-memory'
import { startWebServer } from './server'
import { terminalLanguages } from './terminal-language'
import pkg from '../../package.json'

const here = dirname(fileURLToPath(import.meta.url))
/**
 * The build web mode serves the renderer of: built, this file is `main/web.js` in it; run
 * from the sources, the project's `out`. STATUSDESK_OUT_DIR names another.
 */
const outDir = process.env['STATUSDESK_OUT_DIR'] ?? (basename(here) === 'main' ? dirname(here) : join(here, '..', '..', 'out'))

function defaultDataDir(): string {
  if (process.platform === 'win32') return join(process.env['APPDATA'] ?? homedir(), 'Statusdesk-web')
  if (process.platform === 'darwin') return join(homedir(), 'Library', 'Application Support', 'Statusdesk-web')
  return join(process.env['XDG_CONFIG_HOME'] ?? join(homedir(), '.config'), 'statusdesk-web')
}

const json = process.argv.includes('--json') || !process.stdout.isTTY
const translator = createTranslator(chosenLanguage(null, terminalLanguages(process.env)))
const announce = createAnnouncer(json, translator.say)
let options: WebOptions
try {
  options = parseWebOptions(process.argv.slice(2), process.env)
} catch (error) {
  if (!(error instanceof WebUsageError)) throw error
  announce.usage(error.text, error.detail)
  process.exit(2)
}

const dataDir = options.dataDir ?? process.env['STATUSDESK_DATA_DIR'] ?? defaultDataDir()
await mkdir(dataDir, { recursive: true, mode: 0o700 })

const logs = createFileLog({ file: join(dataDir, 'logs', 'web.log'), console: 'info', consoleFormat: json ? 'json' : 'text' })
const log = logs.scoped('web')
const events = new EventHub()
const outboxStore = outboxStoreFrom(process.env, dataDir, logs.scoped('outbox'))
const core = await startEngine({
  identity: {
    name: pkg.productName,
    version: pkg.version,
    platform: process.platform,
    arch: process.arch,
    versions: { node: process.versions.node },
  },
  dataDir,
  fetch: globalThis.fetch,
  log,
  events,
  // A browser tab has no OS keyring: the user chooses session-only or weak (owner-only file) storage.
  secretBox: noKeyring('web'),
  openStore: openConfStore,
  // No window to open a save dialog in: exports go to a folder and the page shows the path.
  dialogs: downloadsFolder(process.env['STATUSDESK_DOWNLOADS_DIR'] ?? join(dataDir, 'exports')),
  clipboard: null,
  // No window for an open dialog either: the page uploads a chosen or dropped file to the media route.
  openDialog: null,
  logs,
  // Files in each account's folder, unless the environment names a PostgreSQL (DATABASE_URL) or an embedded one.
  ...(outboxStore && { outboxStore }),
})

let server
try {
  server = await listenOnChosenPort(
    (port) =>
      startWebServer({
        handlers: core.handlers,
        events,
        rendererDir: join(outDir, 'renderer'),
        log,
        port,
        routes: [pictureWebRoute(core.groups.pictureSource), core.stories.webRoute],
        onClientGone: (client) => void core.clientGone(client),
      }),
    { asked: options.port, remembered: options.port === null ? await readRememberedPort(dataDir) : null },
  )
} catch (error) {
  if (!(error instanceof WebUsageError)) throw error
  announce.usage(error.text)
  await core.dispose()
  process.exit(1)
}
logs.redactor.addSecret(server.secret)
// A bookmarked address survives a restart; the secret it needs does not.
await rememberPort(dataDir, server.port).catch((error: unknown) =>
  log.warn('could not remember the port', { error: error instanceof Error ? error.message : String(error) }),
)
await core.start()
announce.ready({ url: server.url, origin: server.origin, secret: server.secret, port: server.port, dataDir })

let launchFile: string | null = null
if (options.open) {
  const launch = await writeLaunchFile(dataDir, server.url, translator)
  launchFile = launch.path
  const opened = await openInBrowser(launch.fileUrl)
  if (!opened.opened) {
    log.warn('no browser could be opened', { reason: opened.reason })
    announce.openFailed({ url: server.url, reason: opened.reason, command: opened.command, missing: opened.missing })
  }
}

const shutdown = async () => {
  if (launchFile) await removeLaunchFile(launchFile)
  await server.close()
  await core.dispose()
  process.exit(0)
}
// SIGHUP: the terminal web mode runs in was closed.
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.on(signal, () => void shutdown())

/** The engine over the data folder; one that cannot start (another Statusdesk holds the folder) is said, and web mode exits. */
async function startEngine(ports: Parameters<typeof createAppCore>[0]): Promise<AppCore> {
  try {
    return await createAppCore(ports)
  } catch (error) {
    if (!(error instanceof AppError)) throw error
    announce.usage(error.text)
    process.exit(1)
  }
}
