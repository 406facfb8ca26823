/**
 * Makes sure the Electron binary is on disk before the desktop app starts. Electron 42+ has
 * no install step of its own: the binary is fetched by the package's installer the first time
 * it is needed, which electron-vite never triggers. So the first `npm start` runs that
 * installer here, with its progress on the terminal, and a failure becomes one plain sentence.
 */
import type { ElectronBinary } from './electron-binary'

export interface InstallerRun {
  /** The installer's exit code (null when it was killed). */
  code: number | null
  /** What it wrote to stderr: a stack trace the user is spared, read for the reason. */
  stderr: string
}

export interface EnsureElectronPorts {
  locate(): ElectronBinary
  /** Runs Electron's own installer (node_modules/electron/install.js). */
  install(): Promise<InstallerRun>
  print(line: string): void
  version: string
  target: string
}

export type EnsureResult = { ok: true; path: string } | { ok: false; message: string }

const WEB_MODE_HINT = 'Run "npm run start:web" to use Statusdesk in your browser instead.'

/** One plain reason from the installer's stack trace. */
export function installFailureReason(run: InstallerRun): string {
  const text = run.stderr
  if (run.code === null) return 'the download took too long and was stopped'
  if (/HTTPError|Response code 4\d\d|status(?:Code)? 4\d\d/i.test(text)) return 'the download host refused the request'
  if (/ENOTFOUND|EAI_AGAIN|ECONNREFUSED|ECONNRESET|ETIMEDOUT|ENETUNREACH|EHOSTUNREACH|fetch failed|getaddrinfo|socket hang up/i.test(text))
    return "Electron's download host could not be reached (no network, or it is blocked here)"
  if (/checksum|sha256/i.test(text)) return 'the downloaded file did not match its checksum'
  if (/ENOSPC/i.test(text)) return 'the disk is full'
  if (/EACCES|EPERM/i.test(text)) return 'node_modules/electron is not writable'
  return `its installer stopped with exit code ${run.code}`
}

export async function ensureElectron(ports: EnsureElectronPorts): Promise<EnsureResult> {
  const found = ports.locate()
  if ('path' in found) return { ok: true, path: found.path }
  ports.print(
    `First start: downloading the Electron ${ports.version} runtime for ${ports.target} (once; a progress bar appears if it takes a while)…`,
  )
  const run = await ports.install()
  const after = ports.locate()
  if (run.code === 0 && 'path' in after) return { ok: true, path: after.path }
  const reason = run.code === 0 ? 'its installer finished but left no binary' : installFailureReason(run)
  return {
    ok: false,
    message: `Statusdesk could not start: the Electron runtime could not be downloaded because ${reason}. ${WEB_MODE_HINT}`,
  }
}
