import type { Logger } from '../../platform/log/log'

/** The app's log: where its files are (shown in Settings) and a Logger per scope. */
export interface LogFiles {
  /** null when this run writes no file. */
  folder: string | null
  scoped(scope: string): Logger
}
