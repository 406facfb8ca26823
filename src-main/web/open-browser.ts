import { spawn as nodeSpawn } from 'node:child_process'

export type OpenResult = { opened: true } | { opened: false; reason: string }

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
    let child
    try {
      child = spawn(command, args, { stdio: 'ignore', detached: true })
    } catch (error) {
      settle({
        opened: false,
        reason: `${command} could not be started (${error instanceof Error ? error.message : String(error)})`,
      })
      return
    }
    child.on('error', (error: NodeJS.ErrnoException) =>
      settle({
        opened: false,
        reason: error.code === 'ENOENT' ? `${command} was not found` : `${command} failed (${error.message})`,
      }),
    )
    child.on('exit', (code, signal) =>
      settle(
        code === 0
          ? { opened: true }
          : {
              opened: false,
              reason: `${command} exited with ${code === null ? `signal ${signal}` : `code ${code}`}`,
            },
      ),
    )
    child.unref()
  })
}
