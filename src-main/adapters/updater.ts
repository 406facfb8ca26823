import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { BrowserWindow, app, dialog } from 'electron'
import electronUpdater from 'electron-updater'
import { userText } from '@shared/i18n/user-text'
import type { Say } from '../platform/i18n/translator'
import type { Logger } from '../platform/log/log'
import { AcceptedFeeds } from '../features/updates/accepted-feeds'
import type { ConfirmFeed, UpdateControllerOptions, UpdateEngine } from '../features/updates/update-controller'
import { UpdateController } from '../features/updates/update-controller'
import { signatureCheckOf } from '../features/updates/update-policy'

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
    },
    installOnQuit() {
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

/**
 * What the build wrote into resources/app-update.yml (electron-builder `publish`): the feed
 * URL and, for a signed Windows build, the publisher the update's signature must name.
 */
function buildUpdateConfig(): { url: string | null; publisherName: string | null } {
  let text: string
  try {
    text = readFileSync(join(process.resourcesPath, 'app-update.yml'), 'utf8')
  } catch {
    return { url: null, publisherName: null }
  }
  const field = (name: string): string | null => {
    const match = new RegExp(`^${name}:\\s*(.+)$`, 'm').exec(text)
    return match?.[1]?.trim().replace(/^['"]|['"]$/g, '') ?? null
  }
  const publisher = /^publisherName:\s*\n\s*-\s*(.+)$/m.exec(text)?.[1]?.trim() ?? field('publisherName')
  const url = field('url')
  // The placeholder a build gets when no feed was given (see electron-builder.config.ts).
  const real = url !== null && !/\.invalid$/i.test(new URL(url, 'https://x.invalid').hostname)
  return { url: real ? url : null, publisherName: publisher }
}

/** The native dialog in main that accepts a new update address, in the user's language; the renderer cannot answer it. */
export function confirmFeedInDialog(say: Say): ConfirmFeed {
  return async (feed) => {
    const window = BrowserWindow.getFocusedWindow() ?? BrowserWindow.getAllWindows()[0]
    const options = {
      type: 'warning' as const,
      buttons: [say(userText('desktop.updateFeed.keep')), say(userText('desktop.updateFeed.use'))],
      defaultId: 0,
      cancelId: 0,
      title: say(userText('desktop.updateFeed.title')),
      message: say(userText('desktop.updateFeed.message', { host: feed.host })),
      detail: say(userText('desktop.updateFeed.detail', { address: feed.href })),
    }
    const result = window ? await dialog.showMessageBox(window, options) : await dialog.showMessageBox(options)
    return result.response === 1
  }
}

export interface StartUpdaterOptions extends Omit<UpdateControllerOptions, 'engine' | 'buildFeed' | 'confirmFeed' | 'signature'> {
  /** False when running from sources: updates apply to an installed app only. */
  packaged: boolean
  /** Says the address question in the user's language. */
  say: Say
}

/** Starts updates as the settings say (off unless enabled with an https feed). */
export function startUpdater(options: StartUpdaterOptions): { stop(): void } {
  if (!options.packaged) {
    options.log.info('updates are off when running from sources')
    return { stop: () => {} }
  }
  const build = buildUpdateConfig()
  const controller = new UpdateController({
    ...options,
    engine: electronUpdaterEngine(options.log),
    buildFeed: build.url,
    confirmFeed: confirmFeedInDialog(options.say),
    acceptedFeeds: new AcceptedFeeds(join(app.getPath('userData'), 'update-feeds.json'), options.log),
    signature: signatureCheckOf({ platform: process.platform, publisherName: build.publisherName }),
  })
  controller.start()
  return { stop: () => controller.stop() }
}
