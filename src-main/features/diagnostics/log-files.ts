import { type Logger, consoleLogger } from '../../platform/log/log'

/** The app's log: where its files are (shown in Settings) and a Logger per scope. */
export interface LogFiles {
  /** null when this run writes no file. */
  folder: string | null
  scoped(scope: string): Logger
}

/** For runs without a log file (tests, tools): each scope prints to the console. */
export function consoleLogFiles(prefix = 'statusdesk'): LogFiles {
  return { folder: null, scoped: (scope) => consoleLogger(`${prefix}:${scope}`) }
}
