import { parseArgs } from 'node:util'

/** What `npm run start:web` was asked for. */
export interface WebOptions {
  /** The port asked for (0: any free one), or null to reuse the last one when free. */
  port: number | null
  dataDir: string | undefined
  open: boolean
  json: boolean
}

/** A mistake in how web mode was started: said in one sentence, no stack trace. */
export class WebUsageError extends Error {
  override name = 'WebUsageError'
}

function parsePort(text: string, where: string): number {
  const port = /^\d{1,5}$/.test(text.trim()) ? Number(text.trim()) : Number.NaN
  if (!Number.isInteger(port) || port > 65535) {
    throw new WebUsageError(`${where} must be a port number from 1 to 65535 (or 0 for any free port), not "${text}".`)
  }
  return port
}

/**
 * `--port N` wins. `npm run start:web --port N` (without `--`) does not pass the flag: npm
 * takes it as a setting of its own. With `--port=N` it sets `npm_config_port=N`; with
 * `--port N` it sets `npm_config_port=true` and passes N on as a bare argument. Both count.
 */
export function parseWebOptions(argv: readonly string[], env: Readonly<Record<string, string | undefined>>): WebOptions {
  let values
  let positionals: string[]
  try {
    ;({ values, positionals } = parseArgs({
      args: [...argv],
      options: {
        port: { type: 'string' },
        'data-dir': { type: 'string' },
        open: { type: 'boolean', default: false },
        json: { type: 'boolean', default: false },
      },
      allowPositionals: true,
    }))
  } catch (error) {
    throw new WebUsageError(error instanceof Error ? error.message : String(error))
  }
  const fromNpm = env['npm_config_port']
  const npmPassedPort = fromNpm === 'true' && positionals.length === 1
  if (positionals.length > (npmPassedPort ? 1 : 0)) {
    throw new WebUsageError(`Unexpected argument "${positionals[0]}": web mode takes --port N, --data-dir DIR, --open and --json.`)
  }
  const port =
    values.port !== undefined
      ? parsePort(values.port, '--port')
      : npmPassedPort
        ? parsePort(positionals[0]!, 'The port given to npm (--port)')
        : fromNpm !== undefined && fromNpm !== ''
          ? parsePort(fromNpm, 'The port given to npm (--port)')
          : null
  return { port, dataDir: values['data-dir'], open: values.open, json: values.json }
}
