/**
 * Installers for every platform: `npm run dist` builds the current one into release/.
 *
 * STATUSDESK_BUILD_VARIANT=test builds a separate, never-shipped variant (own app id, own
 * output folder, unpacked only) whose only difference in fuses is that Node's inspect
 * arguments work, which Playwright's _electron.launch needs to drive the main process:
 *   STATUSDESK_BUILD_VARIANT=test npm run dist
 */
import { join } from 'node:path'
import { type FuseV1Config, FuseV1Options, FuseVersion, flipFuses } from '@electron/fuses'
import type { AfterPackContext, Configuration } from 'electron-builder'

export type BuildVariant = 'release' | 'test'

/**
 * Every fuse of the wire, named: a missing entry is a compile error here, and a fuse that a
 * newer Electron adds fails the build (strictlyRequireAllFuses) until it is decided.
 */
export type FuseWire = Record<FuseV1Options, boolean>

export const RELEASE_FUSES = {
  // ELECTRON_RUN_AS_NODE would turn the signed app into a general-purpose Node.
  [FuseV1Options.RunAsNode]: false,
  [FuseV1Options.EnableCookieEncryption]: true,
  [FuseV1Options.EnableNodeOptionsEnvironmentVariable]: false,
  [FuseV1Options.EnableNodeCliInspectArguments]: false,
  [FuseV1Options.EnableEmbeddedAsarIntegrityValidation]: true,
  [FuseV1Options.OnlyLoadAppFromAsar]: true,
  [FuseV1Options.LoadBrowserProcessSpecificV8Snapshot]: false,
  // The renderer is served from statusdesk://app, never file://.
  [FuseV1Options.GrantFileProtocolExtraPrivileges]: false,
  [FuseV1Options.WasmTrapHandlers]: true,
} as const satisfies FuseWire

export function fusesFor(variant: BuildVariant): FuseWire {
  return variant === 'test' ? { ...RELEASE_FUSES, [FuseV1Options.EnableNodeCliInspectArguments]: true } : RELEASE_FUSES
}

/** The path @electron/fuses expects for a packed app, as electron-builder lays it out. */
export function packedElectronPath(context: Pick<AfterPackContext, 'appOutDir' | 'electronPlatformName' | 'packager'>): string {
  const { appOutDir, electronPlatformName, packager } = context
  if (electronPlatformName === 'linux') return join(appOutDir, (packager as unknown as { executableName: string }).executableName)
  const suffix = electronPlatformName === 'win32' ? '.exe' : '.app'
  return join(appOutDir, `${packager.appInfo.productFilename}${suffix}`)
}

/** Flips the fuses after packing and before signing (electron-builder signs after afterPack). */
export function fuseHook(variant: BuildVariant) {
  return async (context: Pick<AfterPackContext, 'appOutDir' | 'electronPlatformName' | 'packager' | 'arch'>) => {
    const config: FuseV1Config = {
      version: FuseVersion.V1,
      strictlyRequireAllFuses: true,
      // Apple silicon refuses a binary whose ad-hoc signature no longer matches.
      resetAdHocDarwinSignature: context.electronPlatformName === 'darwin',
      ...fusesFor(variant),
    }
    await flipFuses(packedElectronPath(context), config)
  }
}

const ARTIFACT = '${productName}-${version}-${os}-${arch}.${ext}'

export function builderConfig(variant: BuildVariant): Configuration {
  const test = variant === 'test'
  return {
    appId: test ? 'app.statusdesk.desktop.test' : 'app.statusdesk.desktop',
    productName: test ? 'Statusdesk Test' : 'Statusdesk',
    copyright: 'Copyright © Statusdesk contributors',
    directories: {
      buildResources: 'src-main/resources',
      output: test ? 'release/test' : 'release',
    },
    // electron-vite bundles main, preload and renderer into out/; production dependencies
    // are added by electron-builder itself. Web mode's entry is for `npm run start:web` and the
    // agent's for `npm run agent` (a server's), not the desktop app; nor is the outbox on
    // PostgreSQL (an engine shared by several, and its embedded PGlite, some 27 MB): the
    // desktop keeps its outbox as files.
    files: [
      'out/**',
      '!out/main/web.js',
      '!out/main/agent.js',
      'package.json',
      '!node_modules/@electric-sql/**',
      '!node_modules/pg-boss/**',
    ],
    asar: true,
    npmRebuild: false,
    fileAssociations: [],
    protocols: [],
    artifactName: ARTIFACT,
    afterPack: fuseHook(variant),
    // The update feed: written into resources/app-update.yml, and the only address the app
    // takes updates from without asking. Another address set in Settings is used only once
    // the user accepts it in a native dialog of main. Without STATUSDESK_UPDATE_FEED the
    // build gets a placeholder on the reserved .invalid domain, which the app ignores.
    //
    // Release notes on signing, which is what lets an update install unattended:
    // - Windows: sign the NSIS installer (CSC_LINK / CSC_KEY_PASSWORD, or signtool) AND set
    //   win.signtoolOptions.publisherName to the certificate's subject: electron-updater then
    //   refuses an update whose Authenticode signature names anyone else. Without
    //   publisherName it checks no signature, so the app only tells the user an update exists.
    // - macOS: sign with a Developer ID (CSC_LINK) and notarize (APPLE_ID,
    //   APPLE_APP_SPECIFIC_PASSWORD, APPLE_TEAM_ID with mac.notarize); Squirrel.Mac installs
    //   only updates signed like the running app, and Gatekeeper blocks an un-notarized one.
    // - Linux (AppImage, deb): no signature the updater can check; the app never installs
    //   these by itself and points the user to the new version instead.
    publish: { provider: 'generic', url: process.env['STATUSDESK_UPDATE_FEED'] ?? 'https://updates.invalid/statusdesk/' },
    win: {
      icon: 'icon.png',
      target: test ? [{ target: 'dir', arch: ['x64'] }] : [{ target: 'nsis', arch: ['x64', 'arm64'] }],
    },
    nsis: {
      oneClick: false,
      perMachine: false,
      allowToChangeInstallationDirectory: true,
      deleteAppDataOnUninstall: false,
      artifactName: '${productName}-Setup-${version}-${arch}.${ext}',
    },
    mac: {
      icon: 'icon.png',
      category: 'public.app-category.productivity',
      hardenedRuntime: true,
      target: test
        ? [{ target: 'dir', arch: ['x64', 'arm64'] }]
        : [
            { target: 'dmg', arch: ['x64', 'arm64'] },
            { target: 'zip', arch: ['x64', 'arm64'] },
          ],
    },
    dmg: { artifactName: ARTIFACT },
    linux: {
      icon: 'icons',
      category: 'Network',
      maintainer: 'Statusdesk contributors <support@statusdesk.app>',
      vendor: 'Statusdesk',
      synopsis: 'Browse a messaging account’s groups offline and publish stories',
      description: 'Statusdesk lists every group of a messaging account, keeps them browsable offline, and publishes stories in one click.',
      target: test
        ? [{ target: 'dir', arch: ['x64'] }]
        : [
            { target: 'AppImage', arch: ['x64', 'arm64'] },
            { target: 'deb', arch: ['x64', 'arm64'] },
          ],
    },
    appImage: { artifactName: ARTIFACT },
    deb: {
      artifactName: ARTIFACT,
      // safeStorage keeps the token in the Secret Service through libsecret.
      depends: ['libgtk-3-0', 'libnotify4', 'libnss3', 'libxss1', 'libxtst6', 'xdg-utils', 'libatspi2.0-0', 'libuuid1', 'libsecret-1-0'],
    },
  }
}

export default builderConfig(process.env['STATUSDESK_BUILD_VARIANT'] === 'test' ? 'test' : 'release')
