import { RENDERER_LOG_CONTEXT_MAX_FIELDS, RENDERER_LOG_MESSAGE_MAX, type RendererLogLine } from '@shared/channels/diagnostics'
import type { App } from 'vue'
import { bridge } from './index'

type Level = RendererLogLine['level']
type Context = Record<string, string | number | boolean | null>

/** Errors often repeat in a loop; beyond this many a second the rest are not sent (main limits too). */
const PER_SECOND = 10
let windowStart = 0
let sentInWindow = 0

function flatten(context: Record<string, unknown> | undefined): Context | undefined {
  if (!context) return undefined
  const flat: Context = {}
  for (const [key, value] of Object.entries(context).slice(0, RENDERER_LOG_CONTEXT_MAX_FIELDS)) {
    flat[key.slice(0, 64)] =
      value === null || typeof value === 'number' || typeof value === 'boolean' ? value : String(value).slice(0, 1000)
  }
  return flat
}

/**
 * Writes a line to main's log file through the `app:log` channel (main redacts it). Never
 * throws and never waits: logging must not break or slow the page.
 */
function write(level: Level, message: string, context?: Record<string, unknown>): void {
  if (import.meta.env.DEV) console[level](message, context ?? '')
  const now = Date.now()
  if (now - windowStart >= 1000) {
    windowStart = now
    sentInWindow = 0
  }
  if (++sentInWindow > PER_SECOND) return
  const line: RendererLogLine = { level, message: message.slice(0, RENDERER_LOG_MESSAGE_MAX) || '(empty)' }
  const flat = flatten(context)
  if (flat) line.context = flat
  bridge.call('app:log', line).catch(() => {})
}

export const log = {
  debug: (message: string, context?: Record<string, unknown>) => write('debug', message, context),
  info: (message: string, context?: Record<string, unknown>) => write('info', message, context),
  warn: (message: string, context?: Record<string, unknown>) => write('warn', message, context),
  error: (message: string, context?: Record<string, unknown>) => write('error', message, context),
}

function describe(reason: unknown): { message: string; stack?: string } {
  if (reason instanceof Error) return { message: `${reason.name}: ${reason.message}`, ...(reason.stack ? { stack: reason.stack } : {}) }
  return { message: String(reason) }
}

/** Sends uncaught errors, unhandled rejections and Vue's render errors to the log file. */
export function installErrorLogging(app: App): void {
  const previous = app.config.errorHandler
  app.config.errorHandler = (error, instance, info) => {
    const { message, stack } = describe(error)
    log.error(message, { where: 'vue', info, component: instance?.$options.name ?? null, stack: stack ?? null })
    previous?.(error, instance, info)
  }
  window.addEventListener('error', (event) => {
    const { message, stack } = describe(event.error ?? event.message)
    log.error(message, { where: 'window', source: event.filename, line: event.lineno, stack: stack ?? null })
  })
  window.addEventListener('unhandledrejection', (event) => {
    const { message, stack } = describe(event.reason)
    log.error(message, { where: 'promise', stack: stack ?? null })
  })
}
