import type { Handlers } from './dispatch'
import type { DiagnosticsSources } from '../features/diagnostics/report'
import { diagnosticsReport } from '../features/diagnostics/report'
import { RateLimit } from '../features/diagnostics/rate-limit'
import type { Logger } from '../platform/log/log'

export interface DiagnosticsHandlerDeps {
  sources: DiagnosticsSources
  /** Where renderer lines go (the log file, scope "renderer"). */
  rendererLog: Logger
  limit?: RateLimit
}

export function diagnosticsHandlers(deps: DiagnosticsHandlerDeps): Pick<Handlers, 'app:log' | 'app:diagnostics'> {
  const limit = deps.limit ?? new RateLimit({ burst: 30, perSecond: 2 })
  return {
    'app:log': ({ level, message, context }) => {
      if (!limit.take()) return { written: false }
      const dropped = limit.takeDropped()
      const log = deps.rendererLog
      if (dropped > 0) log.warn(`${dropped} renderer log line(s) dropped by the rate limit`)
      log[level](message, context)
      return { written: true }
    },
    'app:diagnostics': (_arg, ctx) => diagnosticsReport(deps.sources, ctx.transport),
  }
}
