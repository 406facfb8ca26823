import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'

const ELECTRON_DIR = join(import.meta.dirname, '..', '..', '..', 'node_modules', 'electron')

/**
 * The Electron binary's path when it is already on disk, or why it is not. Electron 42+
 * fetches the binary on first launch; asking the package for its path would start that
 * download, so the files are looked at directly.
 */
export function electronBinary(): { path: string } | { missing: string } {
  const override = process.env['ELECTRON_OVERRIDE_DIST_PATH']
  const pathFile = join(ELECTRON_DIR, 'path.txt')
  const relative = existsSync(pathFile) ? readFileSync(pathFile, 'utf8').trim() : process.platform === 'darwin' ? 'Electron.app/Contents/MacOS/Electron' : 'electron'
  const full = override ? join(override, relative) : join(ELECTRON_DIR, 'dist', relative)
  return existsSync(full)
    ? { path: full }
    : { missing: `no Electron binary at ${full} (it is fetched on first launch; run "npx electron --version" where the network allows)` }
}
