import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'

/** Where the electron package lives in this checkout. */
export const ELECTRON_PACKAGE_DIR = join(import.meta.dirname, '..', '..', 'node_modules', 'electron')

/** The executable inside Electron's dist folder, as the package's installer names it. */
function executableName(platform: NodeJS.Platform): string {
  if (platform === 'darwin') return 'Electron.app/Contents/MacOS/Electron'
  return platform === 'win32' ? 'electron.exe' : 'electron'
}

export type ElectronBinary = { path: string } | { missing: string }

/**
 * The Electron binary's path when it is already on disk, or why it is not. Electron 42+
 * fetches the binary on first launch; asking the package for its path (`require('electron')`)
 * would start that download, so the files are looked at directly.
 */
export function electronBinary(
  packageDir = ELECTRON_PACKAGE_DIR,
  env: NodeJS.ProcessEnv = process.env,
  platform: NodeJS.Platform = process.platform,
): ElectronBinary {
  const pathFile = join(packageDir, 'path.txt')
  const relative = existsSync(pathFile) ? readFileSync(pathFile, 'utf8').trim() : executableName(platform)
  const override = env['ELECTRON_OVERRIDE_DIST_PATH']
  const full = override ? join(override, relative) : join(packageDir, 'dist', relative)
  return existsSync(full) ? { path: full } : { missing: `no Electron binary at ${full}` }
}
