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
    throw new WebUsageError(
      `${where} must be a port number from 1 to 65535 (or 0 for any free port), not "${text}".`,
    )
  }
  return port
}

/**
 * `--port N` wins. `npm run start:web --port N` (without `--`) does not pass the flag: npm
 * takes it as its own setting and hands it over as `npm_config_port`, so that counts too.
 */
export function parseWebOptions(
  argv: readonly string[],
  env: Readonly<Record<string, string | undefined>>,
): WebOptions {
  let values
  try {
    ;({ values } = parseArgs({
      args: [...argv],
      options: {
        port: { type: 'string' },
        'data-dir': { type: 'string' },
        open: { type: 'boolean', default: false },
        json: { type: 'boolean', default: false },
      },
    }))
  } catch (error) {
    throw new WebUsageError(error instanceof Error ? error.message : String(error))
  }
  const fromNpm = env['npm_config_port']
  const port =
    values.port !== undefined
      ? parsePort(values.port, '--port')
      : fromNpm !== undefined && fromNpm !== ''
        ? parsePort(fromNpm, 'The port given to npm (--port)')
        : null
  return { port, dataDir: values['data-dir'], open: values.open, json: values.json }
}
