import { homedir } from 'node:os'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import { userText, type UserText } from '@shared/i18n/user-text'

/** Where the agent listens unless told: this machine only, on a port of its own. */
export const DEFAULT_HOST = '127.0.0.1'
export const DEFAULT_PORT = 8731
/** Names this machine: the only hosts the agent listens on until it speaks TLS. */
export const LOOPBACK_HOSTS = ['127.0.0.1', 'localhost', '::1'] as const

/** What `npm run agent` was asked for. */
export interface AgentOptions {
  dataDir: string
  host: string
  port: number
  /** Each account's groups sync in the background while a device shows it; off by default (`groups:sync` asks). */
  syncGroups: boolean
}

/**
 * A mistake in how the agent was started, or something it needs that is missing: said in one
 * sentence, no stack trace. `text` is what the operator reads; `detail` is Node's own
 * (English) words, kept for a program reading the JSON output.
 */
export class AgentRefusal extends Error {
  override name = 'AgentRefusal'
  constructor(
    readonly text: UserText,
    readonly detail?: string,
  ) {
    super(text.params === undefined ? text.key : `${text.key} ${JSON.stringify(text.params)}`)
  }
}

/** The options the agent accepts, as its usage sentences list them. */
export const AGENT_USAGE = '--data-dir DIR, --listen HOST:PORT, --sync-groups, --json'

const OPTIONS = {
  'data-dir': { type: 'string' },
  listen: { type: 'string' },
  'sync-groups': { type: 'boolean', default: false },
  // Logs are JSON lines whatever is asked; accepted so that the agent starts as web mode does.
  json: { type: 'boolean', default: true },
} as const

/** The OS's folder for a service's data: ~/.local/share on Linux (XDG_DATA_HOME), Application Support, %LOCALAPPDATA%. */
export function defaultAgentDataDir(env: Readonly<Record<string, string | undefined>>, platform = process.platform): string {
  if (platform === 'win32') return join(env['LOCALAPPDATA'] ?? env['APPDATA'] ?? homedir(), 'statusdesk-agent')
  if (platform === 'darwin') return join(homedir(), 'Library', 'Application Support', 'statusdesk-agent')
  return join(env['XDG_DATA_HOME'] || join(homedir(), '.local', 'share'), 'statusdesk-agent')
}

/** Node says what it could not parse in English only: the option it names is picked out for the sentence. */
function unreadableOptions(error: unknown): AgentRefusal {
  const detail = error instanceof Error ? error.message : String(error)
  const code = error && typeof error === 'object' && 'code' in error ? (error as { code: unknown }).code : undefined
  const option = /'(--?[A-Za-z][\w-]*)/.exec(detail)?.[1]
  if (option && code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION') {
    return new AgentRefusal(userText('desktop.agent.usage.unknownOption', { option, options: AGENT_USAGE }), detail)
  }
  const name = option?.replace(/^--/, '')
  const known = name !== undefined && Object.hasOwn(OPTIONS, name) ? OPTIONS[name as keyof typeof OPTIONS] : undefined
  if (option && known && code === 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE') {
    const key = known.type === 'string' ? 'desktop.agent.usage.missingValue' : 'desktop.agent.usage.noValue'
    return new AgentRefusal(userText(key, { option }), detail)
  }
  return new AgentRefusal(userText('desktop.agent.usage.unreadable', { options: AGENT_USAGE }), detail)
}

/**
 * `HOST:PORT`, `[::1]:PORT`, or a port alone. A host other than this machine is refused: the
 * agent speaks plain HTTP until TLS comes, and device tokens must not cross a network in clear.
 */
export function parseListen(text: string): { host: string; port: number } {
  const bad = () => new AgentRefusal(userText('desktop.agent.usage.badListen', { option: '--listen', form: 'HOST:PORT', value: text }))
  const match = /^(?:\[([^\]]+)\]|([^:[\]]*)):(\d{1,5})$/.exec(text.trim()) ?? /^()()(\d{1,5})$/.exec(text.trim())
  if (!match) throw bad()
  const host = (match[1] ?? match[2] ?? '') || DEFAULT_HOST
  const port = Number(match[3])
  if (!Number.isInteger(port) || port > 65535) throw bad()
  if (!(LOOPBACK_HOSTS as readonly string[]).includes(host.toLowerCase())) {
    throw new AgentRefusal(userText('desktop.agent.usage.notLoopback', { host, hosts: LOOPBACK_HOSTS.join(', ') }))
  }
  return { host: host.toLowerCase(), port }
}

export function parseAgentOptions(argv: readonly string[], env: Readonly<Record<string, string | undefined>>): AgentOptions {
  let values
  let positionals: string[]
  try {
    ;({ values, positionals } = parseArgs({ args: [...argv], options: OPTIONS, allowPositionals: true }))
  } catch (error) {
    throw unreadableOptions(error)
  }
  if (positionals.length > 0) {
    throw new AgentRefusal(userText('desktop.agent.usage.unexpectedArgument', { argument: positionals[0]!, options: AGENT_USAGE }))
  }
  const listen = values.listen === undefined ? { host: DEFAULT_HOST, port: DEFAULT_PORT } : parseListen(values.listen)
  return {
    dataDir: values['data-dir'] ?? env['STATUSDESK_AGENT_DATA_DIR'] ?? defaultAgentDataDir(env),
    ...listen,
    syncGroups: values['sync-groups'],
  }
}
