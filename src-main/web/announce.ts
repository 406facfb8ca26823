import { type UserText, userText } from '@shared/i18n/user-text'
import type { Say } from '../platform/i18n/translator'

/** The marks the translator isolates each parameter with, for right-to-left text. */
const ISOLATES = /[\u2066-\u2069]/g

/**
 * What web mode tells the person (or program) that started it, on stdout: sentences in the
 * terminal's language on a terminal, one JSON object a line with --json or when the output is
 * not a terminal.
 */
export interface Announcer {
  ready(info: { url: string; origin: string; secret: string; port: number; dataDir: string }): void
  /** `reason` is the opener's failure in English: programs get it, the person a sentence naming `command`. */
  openFailed(info: { url: string; reason: string; command: string; missing: boolean }): void
  /** `detail`: Node's own words about options it could not read, for programs only. */
  usage(text: UserText, detail?: string): void
}

export function createAnnouncer(
  json: boolean,
  say: Say,
  write: (text: string) => void = (text) => process.stdout.write(text),
  writeError: (text: string) => void = (text) => process.stderr.write(text),
): Announcer {
  const line = (value: Record<string, unknown>) => write(JSON.stringify(value) + '\n')
  // Without the isolating marks: few terminals lay text out right to left, some draw the marks
  // as boxes, and one copied along with the address would break it.
  const plain = (text: UserText) => say(text).replace(ISOLATES, '')
  return {
    ready(info) {
      if (json) return line({ event: 'ready', ...info })
      write(
        [
          plain(userText('desktop.web.ready.running')),
          `  ${info.url}`,
          plain(userText('desktop.web.ready.dataFolder', { folder: info.dataDir })),
          plain(userText('desktop.web.ready.stop', { keys: 'Ctrl+C' })),
          '',
        ].join('\n'),
      )
    },
    openFailed(info) {
      if (json) return line({ event: 'open-failed', reason: info.reason, url: info.url })
      const params = { command: info.command, url: info.url }
      write(
        plain(info.missing ? userText('desktop.web.openFailed.missing', params) : userText('desktop.web.openFailed.failed', params)) + '\n',
      )
    },
    usage(text, detail) {
      if (json) return line({ event: 'error', message: plain(text), key: text.key, ...(detail !== undefined && { detail }) })
      writeError(plain(text) + '\n')
    },
  }
}
