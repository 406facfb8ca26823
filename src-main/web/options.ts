import { parseArgs } from 'node:util'
import { userText, type UserText } from '@shared/i18n/user-text'

/** What `npm run start:web` was asked for. */
export interface WebOptions {
  /** The port asked for (0: any free one), or null to reuse the last one when free. */
  port: number | null
  dataDir: string | undefined
  open: boolean
  json: boolean
}

/**
 * A mistake in how web mode was started: said in one sentence, no stack trace. `text` is what
 * the person reads; `message` names the key for logs; `detail` is Node's own (English) words,
 * kept for a program reading the JSON output.
 */
export class WebUsageError extends Error {
  override name = 'WebUsageError'
  constructor(
    readonly text: UserText,
    readonly detail?: string,
  ) {
    super(text.params === undefined ? text.key : `${text.key} ${JSON.stringify(text.params)}`)
  }
}

/** The options web mode accepts, as listed in its usage sentences. */
export const WEB_USAGE = '--port N, --data-dir DIR, --open, --json'

const OPTIONS = {
  port: { type: 'string' },
  'data-dir': { type: 'string' },
  open: { type: 'boolean', default: false },
  json: { type: 'boolean', default: false },
} as const

function parsePort(text: string, fromNpm: boolean): number {
  const port = /^\d{1,5}$/.test(text.trim()) ? Number(text.trim()) : Number.NaN
  if (!Number.isInteger(port) || port > 65535) {
    throw new WebUsageError(
      fromNpm
        ? userText('desktop.web.usage.badNpmPort', { tool: 'npm', option: '--port', value: text })
        : userText('desktop.web.usage.badPort', { option: '--port', value: text }),
    )
  }
  return port
}

/** Whose usage sentences a refusal is said in: web mode's or the agent's (the same four, each in its own words). */
export type UsageTexts = 'desktop.web.usage' | 'desktop.agent.usage'

/**
 * What `parseArgs` could not read, as a sentence in `texts`. Node says it in English only;
 * the option it names is picked out of its message so the sentence can name it, and the
 * message itself travels as the detail.
 */
export function unreadableOptions(
  error: unknown,
  options: Readonly<Record<string, { type: 'string' | 'boolean' }>>,
  texts: UsageTexts,
  usage: string,
): { text: UserText; detail: string } {
  const detail = error instanceof Error ? error.message : String(error)
  const code = error && typeof error === 'object' && 'code' in error ? (error as { code: unknown }).code : undefined
  const option = /'(--?[A-Za-z][\w-]*)/.exec(detail)?.[1]
  if (option && code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION') {
    return { text: userText(`${texts}.unknownOption`, { option, options: usage }), detail }
  }
  const name = option?.replace(/^--/, '')
  const known = name !== undefined && Object.hasOwn(options, name) ? options[name] : undefined
  if (option && known && code === 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE') {
    return { text: userText(known.type === 'string' ? `${texts}.missingValue` : `${texts}.noValue`, { option }), detail }
  }
  return { text: userText(`${texts}.unreadable`, { options: usage }), detail }
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
    ;({ values, positionals } = parseArgs({ args: [...argv], options: OPTIONS, allowPositionals: true }))
  } catch (error) {
    const { text, detail } = unreadableOptions(error, OPTIONS, 'desktop.web.usage', WEB_USAGE)
    throw new WebUsageError(text, detail)
  }
  const fromNpm = env['npm_config_port']
  const npmPassedPort = fromNpm === 'true' && positionals.length === 1
  if (positionals.length > (npmPassedPort ? 1 : 0)) {
    throw new WebUsageError(userText('desktop.web.usage.unexpectedArgument', { argument: positionals[0]!, options: WEB_USAGE }))
  }
  const port =
    values.port !== undefined
      ? parsePort(values.port, false)
      : npmPassedPort
        ? parsePort(positionals[0]!, true)
        : fromNpm !== undefined && fromNpm !== ''
          ? parsePort(fromNpm, true)
          : null
  return { port, dataDir: values['data-dir'], open: values.open, json: values.json }
}
