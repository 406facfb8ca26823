/**
 * What web mode tells the person (or program) that started it, on stdout: prose on a
 * terminal, one JSON object a line with --json or when the output is not a terminal.
 */
export interface Announcer {
  ready(info: { url: string; origin: string; secret: string; port: number; dataDir: string }): void
  openFailed(info: { url: string; reason: string }): void
  usage(message: string): void
}

export function createAnnouncer(
  json: boolean,
  write: (text: string) => void = (text) => process.stdout.write(text),
  writeError: (text: string) => void = (text) => process.stderr.write(text),
): Announcer {
  const line = (value: Record<string, unknown>) => write(JSON.stringify(value) + '\n')
  return {
    ready(info) {
      if (json) return line({ event: 'ready', ...info })
      write(
        [
          "Statusdesk (web mode) is running. Its address, with this launch's secret:",
          `  ${info.url}`,
          `Data folder: ${info.dataDir}`,
          'Press Ctrl+C to stop.',
          '',
        ].join('\n'),
      )
    },
    openFailed(info) {
      if (json) return line({ event: 'open-failed', reason: info.reason, url: info.url })
      write(`No browser could be opened (${info.reason}): open ${info.url} in your browser.\n`)
    },
    usage(message) {
      if (json) return line({ event: 'error', message })
      writeError(message + '\n')
    },
  }
}
