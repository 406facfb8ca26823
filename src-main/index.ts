import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { EVENT_CHANNEL } from '@shared/contract'
import { BrowserWindow, app, net, session } from 'electron'
import { APP_ORIGIN, registerAppScheme, serveAppProtocol } from './adapters/app-protocol'
import { createAppCore } from './app-core'
import { EventHub } from './events'
import { originOf, registerIpc, senderCheck } from './ipc'
import { consoleLogger } from './services/log'
import { createMainWindow, hardenSession } from './window'

const here = dirname(fileURLToPath(import.meta.url))
const devServerUrl = app.isPackaged ? undefined : process.env['ELECTRON_RENDERER_URL']
const log = consoleLogger('main')

registerAppScheme()
app.enableSandbox()

if (!app.requestSingleInstanceLock()) {
  app.quit()
} else {
  let window: BrowserWindow | null = null

  app.on('second-instance', () => {
    if (!window) return
    if (window.isMinimized()) window.restore()
    window.focus()
  })

  app.on('window-all-closed', () => {
    if (process.platform !== 'darwin') app.quit()
  })

  void app.whenReady().then(async () => {
    hardenSession(session.defaultSession, { dev: devServerUrl !== undefined })
    serveAppProtocol(join(here, '../renderer'))

    const events = new EventHub()
    const core = await createAppCore({
      identity: {
        name: app.getName(),
        version: app.getVersion(),
        platform: process.platform,
        arch: process.arch,
        versions: { node: process.versions.node, chrome: process.versions.chrome, electron: process.versions.electron },
      },
      dataDir: app.getPath('userData'),
      fetch: net.fetch as unknown as typeof fetch,
      log,
      events,
    })

    const origins = [APP_ORIGIN, ...(devServerUrl ? [originOf(devServerUrl)!] : [])]
    registerIpc(core.handlers, senderCheck(() => window?.webContents.id, origins), log)
    events.subscribe((name, payload) => window?.webContents.send(EVENT_CHANNEL, name, payload))

    const open = () => {
      window = createMainWindow({
        preloadPath: join(here, '../preload/index.cjs'),
        url: devServerUrl ?? `${APP_ORIGIN}/index.html`,
      })
      window.on('closed', () => (window = null))
    }
    open()
    app.on('activate', () => {
      if (BrowserWindow.getAllWindows().length === 0) open()
    })
    app.on('before-quit', () => void core.dispose())
    await core.start()
  })
}
