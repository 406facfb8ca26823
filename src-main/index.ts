import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { EVENT_CHANNEL } from '@shared/channels/contract'
import { AppError } from '@shared/errors'
import { app, dialog, net, session } from 'electron'
import trayIcon from './resources/icons/32x32.png?asset'
import { electronNotifier } from './adapters/notifier'
import { onSystemResume } from './adapters/power-monitor'
import { confirmQuitWithScheduled } from './adapters/quit-dialog'
import { createAppTray } from './adapters/tray'
import { startBackgroundMode, type BackgroundMode } from './app/background-mode'
import { APP_ORIGIN, type ProtocolRoute, registerAppScheme, serveAppProtocol } from './adapters/app-protocol'
import { electronClipboard } from './adapters/clipboard'
import { electronDialogs } from './adapters/dialogs'
import { proxyCheck } from './adapters/proxy-check'
import { createFileLog } from './adapters/electron-log'
import { startUpdater } from './adapters/updater'
import { openElectronStore } from './adapters/electron-store'
import { createSafeStorageBox } from './adapters/safe-storage'
import { createAppCore, type AppCore, type CorePorts } from './app/app-core'
import { DesktopWindows } from './app/desktop-windows'
import { EventHub } from './platform/events'
import { originOf, registerIpc, senderCheck } from './app/ipc'
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
  let windows: DesktopWindows | null = null
  // A second launch brings the app back instead of starting another engine over the same folder.
  app.on('second-instance', () => windows?.bringBack())
  app.on('window-all-closed', () => {
    if (process.platform !== 'darwin') app.quit()
  })
  void app.whenReady().then(async () => {
    windows = await startDesktop()
  })
}

/** The desktop app: its language, the engine, its windows, the tray, updates and an orderly quit. */
async function startDesktop(): Promise<DesktopWindows> {
  hardenSession(session.defaultSession, { dev: devServerUrl !== undefined })
  // Main's own words (menus, tray, dialogs, notifications): the system's language until the settings are read.
  const systemLanguages = () => {
    const preferred = app.getPreferredSystemLanguages()
    return preferred.length > 0 ? preferred : [app.getLocale()]
  }
  const translator = createTranslator(chosenLanguage(null, systemLanguages()))
  const say: Say = (text) => translator.say(text)
  // The routes are in place before the core exists; pictures are served once it does.
  let pictureSource: PictureSourceResolver = () => null
  let mediaRoute: ProtocolRoute = async () => null
  serveAppProtocol(join(here, '../renderer'), [
    pictureProtocolRoute((accountId) => pictureSource(accountId)),
    (url, request) => mediaRoute(url, request),
  ])
  const events = new EventHub()
  const core = await startEngine(say, await desktopPorts(events, say))
  // From here on the language chosen in Settings, and a change there is heard at once.
  const stopFollowingLanguage = followLanguageSetting(translator, core.settings, systemLanguages)
  pictureSource = core.groups.pictureSource
  mediaRoute = core.stories.protocolRoute

  let quitting = false
  let background: BackgroundMode | null = null
  const windows = new DesktopWindows({
    create: () => createMainWindow({ preloadPath: join(here, '../preload/index.cjs'), url: devServerUrl ?? `${APP_ORIGIN}/index.html` }),
    keepRunningOnClose: () => background?.keepRunningOnClose() ?? false,
    quitting: () => quitting,
    gone: (client) => void core.clientGone(client),
  })
  installAppMenu({ dev: devServerUrl !== undefined, say, newWindow: () => windows.open(), onLanguageChange: (l) => translator.onChange(l) })
  const origins = [APP_ORIGIN, ...(devServerUrl ? [originOf(devServerUrl)!] : [])]
  registerIpc(
    core.handlers,
    senderCheck(() => windows.ids(), origins),
    log,
  )
  events.subscribe((name, payload) => windows.send(EVENT_CHANNEL, name, payload))
  background = startTray(core, events, windows, { say, translator })
  windows.open()
  app.on('activate', () => windows.activate())
  // Off unless Settings enables it with an https feed; follows the settings as they change.
  const updates = startUpdater({
    packaged: app.isPackaged,
    settings: core.settings,
    log: logs.scoped('updates'),
    notify: (notice) => core.events.emit('app:notice', notice),
    say,
  })
  const tray = background
  quitAfterEngineStops({
    mayQuit: () => quitting || tray.mayQuit(),
    leaving: () => {
      quitting = true
      stopFollowingLanguage()
      tray.dispose()
      updates.stop()
    },
    dispose: () => core.dispose(),
    log,
  })
  await core.start()
  return windows
}

/** The tray and the question before quitting with stories planned: planned stories go out only while the app runs. */
function startTray(
  core: AppCore,
  events: EventHub,
  windows: DesktopWindows,
  { say, translator }: { say: Say; translator: ReturnType<typeof createTranslator> },
): BackgroundMode {
  return startBackgroundMode(
    {
      stories: core.stories.outboxes,
      onOutboxChange: (listener) => events.subscribe((name) => name === 'stories:outbox-changed' && listener()),
      onResume: onSystemResume,
      createTray: (actions, next) => createAppTray(trayIcon, actions, next, say),
      confirmQuit: (count) => confirmQuitWithScheduled(count, say),
      language: translator,
    },
    {
      open: () => windows.bringBack(),
      syncNow: () => {
        // The account the window focused last shows; the tray has no screen of its own.
        const client = windows.lastClient()
        const shown = client ? core.accounts.workspaces.shownTo(client) : null
        if (shown) void core.groups.sync(shown).catch((error: unknown) => log.warn('tray sync failed', { error }))
      },
      quit: () => app.quit(),
    },
  )
}

/** What the engine gets from Electron: net.fetch, safeStorage, electron-store, dialogs, notifications. */
async function desktopPorts(events: EventHub, say: Say): Promise<CorePorts> {
  return {
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
  }
}

/**
 * The engine over the user's data folder. One that cannot start (another Statusdesk holds the
 * folder) is said in a native dialog, and the app quits.
 */
async function startEngine(say: Say, ports: CorePorts): Promise<AppCore> {
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
