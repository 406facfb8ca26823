import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { EVENT_CHANNEL } from '@shared/channels/contract'
import { AppError } from '@shared/errors'
import { BrowserWindow, app, dialog, net, session } from 'electron'
import trayIcon from './resources/icons/32x32.png?asset'
import { electronNotifier } from './adapters/notifier'
import { onSystemResume } from './adapters/power-monitor'
import { confirmQuitWithScheduled } from './adapters/quit-dialog'
import { createAppTray } from './adapters/tray'
import { startBackgroundMode } from './app/background-mode'
import { APP_ORIGIN, type ProtocolRoute, registerAppScheme, serveAppProtocol } from './adapters/app-protocol'
import { electronClipboard } from './adapters/clipboard'
import { electronDialogs } from './adapters/dialogs'
import { proxyCheck } from './adapters/proxy-check'
import { createFileLog } from './adapters/electron-log'
import { startUpdater } from './adapters/updater'
import { openElectronStore } from './adapters/electron-store'
import { createSafeStorageBox } from './adapters/safe-storage'
import { createAppCore } from './app/app-core'
import { EventHub } from './platform/events'
import { originOf, registerIpc, senderCheck, windowClient } from './app/ipc'
import { quitAfterEngineStops } from './app/quit'
import { type PictureSourceResolver, pictureProtocolRoute } from './features/groups/pictures'
import { installAppMenu } from './app/app-menu'
import { createMainWindow, hardenSession } from './app/window'
import { chosenLanguage, followLanguageSetting } from './platform/i18n/language'
import { createTranslator, type Say } from './platform/i18n/translator'

const here = dirname(fileURLToPath(import.meta.url))
const devServerUrl = app.isPackaged ? undefined : process.env['ELECTRON_RENDERER_URL']
// <logs>/main.log, rotating, redacted; echoed to the console while developing.
const logs = createFileLog({ file: join(app.getPath('logs'), 'main.log'), console: app.isPackaged ? false : 'debug' })
const log = logs.scoped('main')
// Into the log as well: the monitor leaves Electron's own handling of the crash unchanged.
process.on('uncaughtExceptionMonitor', (error, origin) => log.error('uncaught exception', { origin, error }))
process.on('unhandledRejection', (reason) => log.error('unhandled rejection', { error: reason }))

registerAppScheme()
app.enableSandbox()

if (!app.requestSingleInstanceLock()) {
  app.quit()
} else {
  let window: BrowserWindow | null = null

  app.on('second-instance', () => {
    if (!window) return
    if (window.isMinimized()) window.restore()
    // It may be hidden in the tray.
    window.show()
    window.focus()
  })

  app.on('window-all-closed', () => {
    if (process.platform !== 'darwin') app.quit()
  })

  void app.whenReady().then(async () => {
    hardenSession(session.defaultSession, { dev: devServerUrl !== undefined })
    // Main's own words (menus, tray, dialogs, notifications): the system's language until the settings are read.
    const systemLanguages = () => {
      const preferred = app.getPreferredSystemLanguages()
      return preferred.length > 0 ? preferred : [app.getLocale()]
    }
    const translator = createTranslator(chosenLanguage(null, systemLanguages()))
    const say: Say = (text) => translator.say(text)
    installAppMenu({ dev: devServerUrl !== undefined, say, onLanguageChange: (listener) => translator.onChange(listener) })
    // The routes are in place before the core exists; pictures are served once it does.
    let pictureSource: PictureSourceResolver = () => null
    let mediaRoute: ProtocolRoute = async () => null
    serveAppProtocol(join(here, '../renderer'), [
      pictureProtocolRoute((accountId) => pictureSource(accountId)),
      (url, request) => mediaRoute(url, request),
    ])

    const events = new EventHub()
    const core = await startEngine(say, {
      identity: {
        name: app.getName(),
        version: app.getVersion(),
        platform: process.platform,
        arch: process.arch,
        versions: { node: process.versions.node, chrome: process.versions.chrome, electron: process.versions.electron },
        systemLanguages: app.getPreferredSystemLanguages(),
      },
      dataDir: app.getPath('userData'),
      fetch: net.fetch as unknown as typeof fetch,
      viaProxy: proxyCheck(session.defaultSession),
      log,
      events,
      secretBox: await createSafeStorageBox(),
      openStore: openElectronStore,
      dialogs: electronDialogs(() => app.getPath('downloads'), say),
      clipboard: electronClipboard,
      openDialog: electronDialogs(() => app.getPath('pictures'), say),
      logs,
      notifier: electronNotifier(say),
    })
    // From here on the language chosen in Settings, and a change there is heard at once.
    const stopFollowingLanguage = followLanguageSetting(translator, core.settings, systemLanguages)

    pictureSource = core.groups.pictureSource
    mediaRoute = core.stories.protocolRoute

    const origins = [APP_ORIGIN, ...(devServerUrl ? [originOf(devServerUrl)!] : [])]
    registerIpc(
      core.handlers,
      senderCheck(() => window?.webContents.id, origins),
      log,
    )
    events.subscribe((name, payload) => window?.webContents.send(EVENT_CHANNEL, name, payload))

    let quitting = false
    const background = startBackgroundMode(
      {
        stories: core.stories.outboxes,
        onOutboxChange: (listener) => events.subscribe((name) => name === 'stories:outbox-changed' && listener()),
        onResume: onSystemResume,
        createTray: (actions, next) => createAppTray(trayIcon, actions, next, say),
        confirmQuit: (count) => confirmQuitWithScheduled(count, say),
        language: translator,
      },
      {
        open: () => {
          if (!window) return open()
          window.show()
          window.focus()
        },
        syncNow: () => {
          // The account the window shows; the tray has no screen of its own.
          const shown = window ? core.accounts.workspaces.shownTo(windowClient(window.webContents.id)) : null
          if (shown) void core.groups.sync(shown).catch((error: unknown) => log.warn('tray sync failed', { error }))
        },
        quit: () => app.quit(),
      },
    )
    const open = () => {
      window = createMainWindow({
        preloadPath: join(here, '../preload/index.cjs'),
        url: devServerUrl ?? `${APP_ORIGIN}/index.html`,
      })
      // Planned stories go out only while the app runs: closing the window leaves it in the tray.
      window.on('close', (event) => {
        if (quitting || !background.keepRunningOnClose()) return
        event.preventDefault()
        window?.hide()
      })
      const client = windowClient(window.webContents.id)
      window.on('closed', () => {
        window = null
        // The window's choices (the account on its screen) go with it.
        void core.clientGone(client)
      })
    }
    open()
    app.on('activate', () => {
      if (BrowserWindow.getAllWindows().length === 0) open()
      // The dock icon brings back a window hidden in the tray.
      else window?.show()
    })
    // Off unless Settings enables it with an https feed; follows the settings as they change.
    const updates = startUpdater({
      packaged: app.isPackaged,
      settings: core.settings,
      log: logs.scoped('updates'),
      notify: (notice) => core.events.emit('app:notice', notice),
      say,
    })
    quitAfterEngineStops({
      mayQuit: () => quitting || background.mayQuit(),
      leaving: () => {
        quitting = true
        stopFollowingLanguage()
        background.dispose()
        updates.stop()
      },
      dispose: () => core.dispose(),
      log,
    })
    await core.start()
  })
}

/**
 * The engine over the user's data folder; null when it cannot start, said in a native dialog
 * (another Statusdesk holds the folder), after which the app quits.
 */
async function startEngine(say: Say, ports: Parameters<typeof createAppCore>[0]): Promise<Awaited<ReturnType<typeof createAppCore>>> {
  try {
    return await createAppCore(ports)
  } catch (error) {
    if (!(error instanceof AppError)) throw error
    log.error('engine not started', { code: error.code })
    dialog.showErrorBox(app.getName(), say(error.text))
    app.exit(1)
    throw error
  }
}
