/**
 * `npm start` (after the build): fetches the Electron binary on the first start through
 * Electron's own installer, then launches the desktop app and exits with its exit code.
 * Where the binary cannot be had, it prints one sentence naming web mode and exits 1.
 */
import { spawn } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { ELECTRON_PACKAGE_DIR, electronBinary } from './electron-binary'
import { ensureElectron, type InstallerRun } from './ensure-electron'

const root = join(import.meta.dirname, '..', '..')
// Another electron package (a test's stand-in, or a shared install) can be named here.
const packageDir = process.env['STATUSDESK_ELECTRON_PACKAGE_DIR'] ?? ELECTRON_PACKAGE_DIR

/** A slow network may take minutes for ~100 MB; a stuck one is not left hanging forever. */
const INSTALL_LIMIT_MS = Number(process.env['STATUSDESK_ELECTRON_INSTALL_TIMEOUT_MS'] ?? 15 * 60_000)

function runInstaller(): Promise<InstallerRun> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [join(packageDir, 'install.js')], {
      // stdout carries the installer's progress bar; stderr carries its stack trace, read for the reason.
      stdio: ['ignore', 'inherit', 'pipe'],
    })
    let stderr = ''
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr = (stderr + chunk).slice(-16_384)))
    const timer = setTimeout(() => child.kill(), INSTALL_LIMIT_MS)
    child.on('error', (error) => {
      clearTimeout(timer)
      resolve({ code: 1, stderr: String(error) })
    })
    child.on('close', (code) => {
      clearTimeout(timer)
      resolve({ code, stderr })
    })
  })
}

/** Launches the built app and mirrors its exit; Ctrl+C reaches Electron, which quits cleanly. */
function launch(binary: string): void {
  const env = { ...process.env }
  delete env['ELECTRON_RUN_AS_NODE']
  const app = spawn(binary, ['.', ...process.argv.slice(2)], { stdio: 'inherit', env, cwd: root })
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => app.kill(signal))
  app.on('error', (error) => {
    console.error(`Statusdesk could not start Electron (${error.message}). Run "npm run start:web" to use it in your browser instead.`)
    process.exit(1)
  })
  app.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)))
}

const { version } = JSON.parse(readFileSync(join(packageDir, 'package.json'), 'utf8')) as { version: string }
const result = await ensureElectron({
  locate: () => electronBinary(packageDir),
  install: runInstaller,
  print: (line) => console.log(line),
  version,
  target: `${process.platform}-${process.arch}`,
})
if (result.ok) launch(result.path)
else {
  console.error(result.message)
  process.exit(1)
}
