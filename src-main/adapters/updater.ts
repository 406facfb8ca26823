import electronUpdater from 'electron-updater'
import type { Logger } from '../services/log'
import type { UpdateControllerOptions, UpdateEngine } from '../services/updates/update-controller'
import { UpdateController } from '../services/updates/update-controller'

/**
 * electron-updater behind the UpdateEngine port: a generic (latest*.yml) feed set from the
 * settings, nothing downloaded until the controller has checked where the files are,
 * installation when the app quits. The updater object is only created for an installed app.
 */
export function electronUpdaterEngine(log: Logger): UpdateEngine {
  const updater = electronUpdater.autoUpdater
  updater.logger = {
    info: (message?: unknown) => log.info(String(message)),
    warn: (message?: unknown) => log.warn(String(message)),
    error: (message?: unknown) => log.error(String(message)),
    debug: (message: string) => log.debug(message),
  }
  updater.autoDownload = false
  updater.autoInstallOnAppQuit = false
  updater.allowDowngrade = false
  updater.allowPrerelease = false
  // An NSIS web installer would fetch its package from the URL inside it.
  updater.disableWebInstaller = true
  return {
    setFeed(url) {
      updater.setFeedURL({ provider: 'generic', url })
      updater.autoInstallOnAppQuit = true
    },
    disable() {
      updater.autoInstallOnAppQuit = false
    },
    async check() {
      const result = await updater.checkForUpdates()
      if (!result?.isUpdateAvailable) return null
      return { version: result.updateInfo.version, files: result.updateInfo.files }
    },
    async download() {
      await updater.downloadUpdate()
    },
  }
}

export interface StartUpdaterOptions extends Omit<UpdateControllerOptions, 'engine'> {
  /** False when running from sources: updates apply to an installed app only. */
  packaged: boolean
}

/** Starts updates as the settings say (off unless enabled with an https feed). */
export function startUpdater(options: StartUpdaterOptions): { stop(): void } {
  if (!options.packaged) {
    options.log.info('updates are off when running from sources')
    return { stop: () => {} }
  }
  const controller = new UpdateController({ ...options, engine: electronUpdaterEngine(options.log) })
  controller.start()
  return { stop: () => controller.stop() }
}
