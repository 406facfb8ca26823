/**
 * Web mode: runs the main-side services in plain Node and serves the built renderer to a
 * browser on 127.0.0.1. `npm run start:web` builds first; the end-to-end tests start it too.
 *   --port N        port to listen on (default: a free one)
 *   --data-dir DIR  where settings and caches live (default: the OS's app data folder)
 *   --open          open the URL in the default browser
 *   --json          print one JSON line {url, origin, secret, dataDir} instead of prose
 */
import { readFileSync } from 'node:fs'
import { mkdir } from 'node:fs/promises'
import { homedir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { parseArgs } from 'node:util'
import { openConfStore } from '../adapters/conf-store'
import { createFileLog } from '../adapters/electron-log'
import { createAppCore } from '../app-core'
import { EventHub } from '../events'
import { noKeyring } from '../services/accounts/secret-box'
import { downloadsFolder } from '../services/export'
import { pictureWebRoute } from '../services/pictures'
import { openInBrowser } from './open-browser'
import { startWebServer } from './server'

const root = fileURLToPath(new URL('../../', import.meta.url))

function defaultDataDir(): string {
  if (process.platform === 'win32') return join(process.env['APPDATA'] ?? homedir(), 'Statusdesk-web')
  if (process.platform === 'darwin') return join(homedir(), 'Library', 'Application Support', 'Statusdesk-web')
  return join(process.env['XDG_CONFIG_HOME'] ?? join(homedir(), '.config'), 'statusdesk-web')
}

const { values } = parseArgs({
  options: {
    port: { type: 'string', default: '0' },
    'data-dir': { type: 'string' },
    open: { type: 'boolean', default: false },
    json: { type: 'boolean', default: false },
  },
})

const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { productName: string; version: string }
const dataDir = values['data-dir'] ?? process.env['STATUSDESK_DATA_DIR'] ?? defaultDataDir()
await mkdir(dataDir, { recursive: true, mode: 0o700 })

const logs = createFileLog({ file: join(dataDir, 'logs', 'web.log'), console: 'info' })
const log = logs.scoped('web')
const events = new EventHub()
const core = await createAppCore({
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
})
const server = await startWebServer({
  handlers: core.handlers,
  events,
  rendererDir: join(process.env['STATUSDESK_OUT_DIR'] ?? join(root, 'out'), 'renderer'),
  log,
  port: Number(values.port),
  routes: [pictureWebRoute(core.groups.pictureSource), core.stories.webRoute],
})
logs.redactor.addSecret(server.secret)
await core.start()

if (values.json) {
  console.log(JSON.stringify({ url: server.url, origin: server.origin, secret: server.secret, dataDir }))
} else {
  console.log(`Statusdesk (web mode) is running at\n  ${server.url}\nData folder: ${dataDir}\nPress Ctrl+C to stop.`)
}
if (values.open) openInBrowser(server.url)

const shutdown = async () => {
  await server.close()
  await core.dispose()
  process.exit(0)
}
process.on('SIGINT', () => void shutdown())
process.on('SIGTERM', () => void shutdown())
