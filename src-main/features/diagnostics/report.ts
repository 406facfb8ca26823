import { homedir, release, type as osType } from 'node:os'
import type { AccountsList } from '@shared/channels/accounts'
import type { Transport } from '@shared/channels/app'
import type { Diagnostics } from '@shared/channels/diagnostics'
import type { FileRecovery, Settings } from '@shared/channels/settings'
import type { AppIdentity } from '../../platform/app-identity'
import { redactText } from '../../platform/log/log-redaction'
import { diskUsage, formatBytes } from './disk-usage'

/** What the report reads, each behind a function so it is current when the user asks. */
export interface DiagnosticsSources {
  identity: AppIdentity
  dataDir: string
  logFolder: string | null
  accounts: () => AccountsList
  settings: () => Settings
  recoveries?: () => FileRecovery[]
  /** Tests pin these; the app reads the machine. */
  system?: { os: string; home: string; locale: string }
  now?: () => Date
}

function machine(): NonNullable<DiagnosticsSources['system']> {
  return { os: `${osType()} ${release()}`, home: homedir(), locale: Intl.DateTimeFormat().resolvedOptions().locale }
}

function hostOf(url: string | null): string {
  if (!url) return 'none'
  try {
    return new URL(url).host
  } catch {
    return 'not a URL'
  }
}

function countBy<T extends string>(items: readonly T[]): string {
  const counts = new Map<T, number>()
  for (const item of items) counts.set(item, (counts.get(item) ?? 0) + 1)
  return [...counts].map(([key, n]) => `${key} ${n}`).join(', ') || 'none'
}

/** How the report names the transport it was asked over, for the developers who read it. */
const TRANSPORT_NAMES: Record<Transport, string> = { ipc: 'desktop app', web: 'web mode', agent: 'agent' }

/**
 * The "copy diagnostics" report: what a support request needs to place a problem (versions,
 * platform, how tokens are kept, settings that change behaviour, disk use), and nothing
 * that identifies the user's contacts or could sign in as them. Tokens never reach this
 * code; paths show the home folder as ~; the text passes the log redactor as a last guard.
 */
export async function diagnosticsReport(sources: DiagnosticsSources, transport: Transport): Promise<Diagnostics> {
  const system = sources.system ?? machine()
  const tidy = (path: string) => (system.home && path.startsWith(system.home) ? '~' + path.slice(system.home.length) : path)
  const { identity } = sources
  const state = sources.accounts()
  const settings = sources.settings()
  const recoveries = sources.recoveries?.() ?? []
  const usage = await diskUsage(sources.dataDir)
  const versions = Object.entries(identity.versions)
    .filter(([, version]) => version)
    .map(([name, version]) => `${name} ${version}`)
    .join(', ')

  // developer-only: the report is pasted into a support request and read by the developers, in one language
  const lines = [
    `${identity.name} diagnostics, ${(sources.now ?? (() => new Date()))().toISOString()}`,
    '',
    `Version:        ${identity.version} (${TRANSPORT_NAMES[transport]})`,
    `Runtime:        ${versions}`,
    `System:         ${system.os}, ${identity.platform} ${identity.arch}, locale ${system.locale}`,
    `Token storage:  keyring ${state.keyring.available ? 'available' : 'not available'} (backend: ${state.keyring.backend})`,
    `Accounts:       ${state.accounts.length} (${state.accounts.filter((a) => a.isDemo).length} demo); ` +
      `tokens kept by ${countBy(state.accounts.map((a) => a.encryption))}; ` +
      `${state.accounts.filter((a) => !a.hasToken).length} waiting for their token`,
    `API hosts:      ${[...new Set(state.accounts.filter((a) => !a.isDemo).map((a) => hostOf(a.baseUrl)))].join(', ') || 'none'}`,
    `Settings:       theme ${settings.theme}, language ${settings.locale ?? 'system'}, ` +
      `sync every ${settings.sync.intervalMinutes} min (${settings.sync.concurrency} at once, pictures ${settings.sync.downloadPictures ? 'on' : 'off'})`,
    `Updates:        ${settings.updates.enabled ? 'on' : 'off'}, feed host ${hostOf(settings.updates.feedUrl)}`,
    `Data folder:    ${tidy(sources.dataDir)}`,
    `Log folder:     ${sources.logFolder ? tidy(sources.logFolder) : 'none (this run logs to the console)'}`,
    ...(recoveries.length > 0 ? [`Set aside:      ${recoveries.map((r) => `${r.file} at ${r.at} (${r.reason})`).join('; ')}`] : []),
    '',
    'Disk use:',
    ...usage.map((entry) => `  ${entry.name.padEnd(28)} ${formatBytes(entry.bytes).padStart(10)}  ${entry.files} file(s)`),
  ]
  return { logFolder: sources.logFolder, text: redactText(lines.join('\n')) + '\n' }
}
