/** The logging port every service takes. The app backs it with electron-log, Node with the console. */
export interface Logger {
  debug(message: string, data?: Record<string, unknown>): void
  info(message: string, data?: Record<string, unknown>): void
  warn(message: string, data?: Record<string, unknown>): void
  error(message: string, data?: Record<string, unknown>): void
}

export const silentLogger: Logger = {
  debug: () => {},
  info: () => {},
  warn: () => {},
  error: () => {},
}

export function consoleLogger(prefix = 'statusdesk'): Logger {
  const line = (level: string, message: string, data?: Record<string, unknown>) =>
    `[${prefix}] ${level} ${message}${data ? ' ' + JSON.stringify(data) : ''}`
  return {
    debug: (m, d) => console.debug(line('debug', m, d)),
    info: (m, d) => console.info(line('info', m, d)),
    warn: (m, d) => console.warn(line('warn', m, d)),
    error: (m, d) => console.error(line('error', m, d)),
  }
}
