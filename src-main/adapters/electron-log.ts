import { mkdirSync } from 'node:fs'
import { dirname } from 'node:path'
import electronLog from 'electron-log/node'
import type { Logger } from '../platform/log/log'
import { LogRedactor } from '../platform/log/log-redaction'
import { type ConsoleFormat, formatLogLine } from './log-line'

/**
 * The Logger port backed by electron-log, writing a rotating file (plus the console in
 * development). Its Node build is used in main too: electron-log's main build registers
 * its own `__ELECTRON_LOG__` IPC listeners on import, a second door into main beside the
 * contract's handle(). Renderer lines arrive through the `app:log` channel instead.
 *
 * Every line, from any scope, passes the redactor (tokens, phone numbers, chat ids) in a
 * hook before any transport sees it.
 */
export interface FileLogOptions {
  /** The log file; its folder is created owner-only. */
  file: string
  /** Echo to the console too, at this level and above (false: file only). */
  console?: 'debug' | 'info' | 'warn' | 'error' | false
  /** One readable line per entry (default), or one JSON object per line for programs. */
  consoleFormat?: ConsoleFormat
  /** Where console lines go; default stdout, with warnings and errors on stderr. */
  consoleWrite?: (line: string, level: string) => void
  /** The file rotates to <name>.old.log beyond this size. */
  maxBytes?: number
  redactor?: LogRedactor
}

export interface FileLog {
  /** A Logger whose lines carry `scope` (main, web, renderer...). */
  scoped(scope: string): Logger
  readonly file: string
  readonly folder: string
  readonly redactor: LogRedactor
}

let instances = 0

export function createFileLog(options: FileLogOptions): FileLog {
  const folder = dirname(options.file)
  mkdirSync(folder, { recursive: true, mode: 0o700 })
  const redactor = options.redactor ?? new LogRedactor()
  const log = electronLog.create({ logId: `statusdesk-${++instances}` })

  log.transports.file.resolvePathFn = () => options.file
  log.transports.file.level = 'debug'
  log.transports.file.maxSize = options.maxBytes ?? 5 * 1024 * 1024
  log.transports.file.writeOptions = { flag: 'a', mode: 0o600, encoding: 'utf8' }
  log.transports.file.inspectOptions = { depth: 5, breakLength: Infinity }
  log.transports.console.level = options.console ?? false
  // electron-log's own console format spreads objects over several lines; ours is one line each.
  const consoleFormat = options.consoleFormat ?? 'text'
  const consoleWrite =
    options.consoleWrite ??
    ((line: string, level: string) => (level === 'warn' || level === 'error' ? process.stderr : process.stdout).write(line + '\n'))
  log.transports.console.transforms = []
  log.transports.console.writeFn = ({ message }) =>
    consoleWrite(
      formatLogLine({ date: message.date, level: message.level, scope: message.scope, data: message.data }, consoleFormat),
      message.level,
    )
  // Nothing leaves this machine or this process.
  for (const name of ['ipc', 'remote'] as const) {
    const transport = log.transports[name]
    if (transport) transport.level = false
  }
  log.hooks.push((message) => ({ ...message, data: message.data.map((item: unknown) => redactor.line(item)) }))

  return {
    file: options.file,
    folder,
    redactor,
    scoped(scope) {
      const scoped = log.scope(scope)
      const write = (level: 'debug' | 'info' | 'warn' | 'error') => (message: string, data?: Record<string, unknown>) =>
        data === undefined ? scoped[level](message) : scoped[level](message, data)
      return { debug: write('debug'), info: write('info'), warn: write('warn'), error: write('error') }
    },
  }
}
