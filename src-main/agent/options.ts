import { homedir } from 'node:os'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import { userText, type UserText } from '@shared/i18n/user-text'
import { unreadableOptions } from '../web/options'

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
  tls: AgentTlsChoice
  /**
   * How late a story found due when the agent starts may still go by itself (minutes): the
   * stories that fell due while it was stopped for an update or a reboot go out, and older
   * ones wait as missed for a person to decide. At least the accounts' own setting.
   */
  lateMinutes: number
}

/** An always-on agent is away only for a restart: what fell due in its last 10 minutes away still goes. */
export const DEFAULT_LATE_MINUTES = 10
/** A day: later than that, a story is no longer the one that was planned. */
export const MAX_LATE_MINUTES = 1_440

/** How the agent speaks on the network: plain HTTP (this machine only), its own certificate, or the operator's. */
export type AgentTlsChoice = { kind: 'none' } | { kind: 'own' } | { kind: 'operator'; certFile: string; keyFile: string }

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
export const AGENT_USAGE =
  '--data-dir DIR, --listen HOST:PORT, --tls, --tls-cert FILE, --tls-key FILE, --sync-groups, --late-minutes N, --json'

const OPTIONS = {
  'data-dir': { type: 'string' },
  listen: { type: 'string' },
  'sync-groups': { type: 'boolean', default: false },
  tls: { type: 'boolean', default: false },
  'tls-cert': { type: 'string' },
  'tls-key': { type: 'string' },
  'late-minutes': { type: 'string' },
  // Logs are JSON lines whatever is asked; accepted so that the agent starts as web mode does.
  json: { type: 'boolean', default: true },
} as const

/** The OS's folder for a service's data: ~/.local/share on Linux (XDG_DATA_HOME), Application Support, %LOCALAPPDATA%. */
export function defaultAgentDataDir(env: Readonly<Record<string, string | undefined>>, platform = process.platform): string {
  if (platform === 'win32') return join(env['LOCALAPPDATA'] ?? env['APPDATA'] ?? homedir(), 'statusdesk-agent')
  if (platform === 'darwin') return join(homedir(), 'Library', 'Application Support', 'statusdesk-agent')
  return join(env['XDG_DATA_HOME'] || join(homedir(), '.local', 'share'), 'statusdesk-agent')
}

/**
 * `HOST:PORT`, `[::1]:PORT`, or a port alone. Whether the host may be one beyond this machine
 * depends on TLS (parseAgentOptions).
 */
export function parseListen(text: string): { host: string; port: number } {
  const bad = () => new AgentRefusal(userText('desktop.agent.usage.badListen', { option: '--listen', form: 'HOST:PORT', value: text }))
  const match = /^(?:\[([^\]]+)\]|([^:[\]]*)):(\d{1,5})$/.exec(text.trim()) ?? /^()()(\d{1,5})$/.exec(text.trim())
  if (!match) throw bad()
  const host = (match[1] ?? match[2] ?? '') || DEFAULT_HOST
  const port = Number(match[3])
  if (!Number.isInteger(port) || port > 65535) throw bad()
  return { host: host.toLowerCase(), port }
}

export function parseAgentOptions(argv: readonly string[], env: Readonly<Record<string, string | undefined>>): AgentOptions {
  let values
  let positionals: string[]
  try {
    ;({ values, positionals } = parseArgs({ args: [...argv], options: OPTIONS, allowPositionals: true }))
  } catch (error) {
    const { text, detail } = unreadableOptions(error, OPTIONS, 'desktop.agent.usage', AGENT_USAGE)
    throw new AgentRefusal(text, detail)
  }
  if (positionals.length > 0) {
    throw new AgentRefusal(userText('desktop.agent.usage.unexpectedArgument', { argument: positionals[0]!, options: AGENT_USAGE }))
  }
  const listen = values.listen === undefined ? { host: DEFAULT_HOST, port: DEFAULT_PORT } : parseListen(values.listen)
  const tls = tlsChoice(values.tls, values['tls-cert'], values['tls-key'])
  // Device tokens never cross a network in clear: beyond this machine, only with TLS.
  if (tls.kind === 'none' && !(LOOPBACK_HOSTS as readonly string[]).includes(listen.host)) {
    throw new AgentRefusal(
      userText('desktop.agent.usage.notLoopback', {
        host: listen.host,
        hosts: LOOPBACK_HOSTS.join(', '),
        own: '--tls',
        cert: '--tls-cert',
        key: '--tls-key',
      }),
    )
  }
  return {
    dataDir: values['data-dir'] ?? env['STATUSDESK_AGENT_DATA_DIR'] ?? defaultAgentDataDir(env),
    ...listen,
    syncGroups: values['sync-groups'],
    tls,
    lateMinutes: parseLateMinutes(values['late-minutes']),
  }
}

/** `--late-minutes N`: a whole number of minutes from 0 (never late by itself) to a day. */
export function parseLateMinutes(text: string | undefined): number {
  if (text === undefined) return DEFAULT_LATE_MINUTES
  const minutes = /^\d{1,4}$/.test(text.trim()) ? Number(text.trim()) : NaN
  if (!(minutes <= MAX_LATE_MINUTES)) {
    throw new AgentRefusal(userText('desktop.agent.usage.badLateMinutes', { option: '--late-minutes', max: MAX_LATE_MINUTES, value: text }))
  }
  return minutes
}

/** `--tls` (a certificate the agent makes and keeps), or the operator's `--tls-cert` with its `--tls-key`. */
function tlsChoice(own: boolean, certFile: string | undefined, keyFile: string | undefined): AgentTlsChoice {
  if (certFile === undefined && keyFile === undefined) return own ? { kind: 'own' } : { kind: 'none' }
  if (certFile === undefined || keyFile === undefined || own) {
    throw new AgentRefusal(userText('desktop.agent.usage.tlsPair', { cert: '--tls-cert', key: '--tls-key', own: '--tls' }))
  }
  return { kind: 'operator', certFile, keyFile }
}
