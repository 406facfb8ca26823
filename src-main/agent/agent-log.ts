import { formatLogLine } from '../adapters/log-line'
import type { LogFiles } from '../features/diagnostics/log-files'
import type { Logger } from '../platform/log/log'
import { LogRedactor } from '../platform/log/log-redaction'

type Level = 'debug' | 'info' | 'warn' | 'error'
const LEVELS: readonly Level[] = ['debug', 'info', 'warn', 'error']

export interface AgentLog extends LogFiles {
  readonly redactor: LogRedactor
}

/**
 * The agent's log: one JSON object a line on stdout, where a service manager (systemd's journal,
 * Docker) keeps it; no file of its own. Every line passes the redactor first, as the desktop's
 * and web mode's do: tokens, phone numbers and chat ids never reach the output.
 */
export function createAgentLog(
  options: { level?: Level; write?: (line: string) => void; redactor?: LogRedactor; now?: () => Date } = {},
): AgentLog {
  const redactor = options.redactor ?? new LogRedactor()
  const write = options.write ?? ((line: string) => void process.stdout.write(line + '\n'))
  const least = LEVELS.indexOf(options.level ?? 'info')
  const now = options.now ?? (() => new Date())
  const scoped = (scope: string): Logger => {
    const at = (level: Level) => (message: string, data?: Record<string, unknown>) => {
      if (LEVELS.indexOf(level) < least) return
      const fields = data === undefined ? [] : [redactor.line(data)]
      write(formatLogLine({ date: now(), level, scope, data: [redactor.line(message), ...fields] }, 'json'))
    }
    return { debug: at('debug'), info: at('info'), warn: at('warn'), error: at('error') }
  }
  return { folder: null, scoped, redactor }
}
