import { access, mkdir } from 'node:fs/promises'
import { extname, join } from 'node:path'
import type { DialogsPort } from './dialogs'

async function exists(path: string): Promise<boolean> {
  try {
    await access(path)
    return true
  } catch {
    return false
  }
}

/**
 * Web mode's "save dialog": main runs as a local server with no window to open a dialog
 * in, so files go to a downloads folder under a name that does not replace an earlier
 * export, and the page is told the path.
 */
export function downloadsFolder(dir: string): DialogsPort {
  return {
    async chooseSavePath({ defaultName }) {
      await mkdir(dir, { recursive: true, mode: 0o700 })
      const extension = extname(defaultName)
      const stem = defaultName.slice(0, defaultName.length - extension.length)
      for (let n = 1; n < 10_000; n++) {
        const path = join(dir, n === 1 ? defaultName : `${stem} (${n})${extension}`)
        if (!(await exists(path))) return path
      }
      throw new Error(`No free file name for ${defaultName} in ${dir}`)
    },
  }
}
