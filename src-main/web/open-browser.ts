import { spawn as nodeSpawn } from 'node:child_process'

/**
 * Why not, when the page could not be opened: `reason` in English for logs and programs,
 * `command` the opener tried, `missing` when it is not installed at all.
 */
export type OpenResult = { opened: true } | { opened: false; reason: string; command: string; missing: boolean }

export interface OpenOptions {
  platform?: NodeJS.Platform
  spawn?: typeof nodeSpawn
  /** An opener still running after this long is taken to have handed the page to a browser. */
  waitMs?: number
}

export function browserCommand(target: string, platform: NodeJS.Platform): [string, string[]] {
  if (platform === 'darwin') return ['open', [target]]
  if (platform === 'win32') return ['cmd', ['/c', 'start', '""', target]]
  return ['xdg-open', [target]]
}

/**
 * Asks the system to open `target` in the default browser and says whether it did: the
 * opener may be missing, or exit non-zero (xdg-open exits 3 when it finds no browser).
 */
export function openInBrowser(target: string, options: OpenOptions = {}): Promise<OpenResult> {
  const [command, args] = browserCommand(target, options.platform ?? process.platform)
  const spawn = options.spawn ?? nodeSpawn
  return new Promise((resolve) => {
    let settled = false
    const settle = (result: OpenResult) => {
      if (settled) return
      settled = true
      clearTimeout(timer)
      resolve(result)
    }
    const timer = setTimeout(() => settle({ opened: true }), options.waitMs ?? 10_000)
    // The reason, in English, is for the log and for programs reading --json: the person reads a translated sentence naming the command.
    const fail = (reason: string, missing = false) => settle({ opened: false, reason, command, missing })
    let child
    try {
      child = spawn(command, args, { stdio: 'ignore', detached: true })
    } catch (error) {
      // developer-only: a reason for the log and for programs (see `fail`).
      fail(`${command} could not be started (${error instanceof Error ? error.message : String(error)})`)
      return
    }
    child.on('error', (error: NodeJS.ErrnoException) => {
      const missing = error.code === 'ENOENT'
      // developer-only: a reason for the log and for programs (see `fail`).
      fail(missing ? `${command} was not found` : `${command} failed (${error.message})`, missing)
    })
    child.on('exit', (code, signal) => {
      if (code === 0) settle({ opened: true })
      else fail(`${command} exited with ${code === null ? `signal ${signal}` : `code ${code}`}`)
    })
    child.unref()
  })
}
