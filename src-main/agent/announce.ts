import { type UserText, userText } from '@shared/i18n/user-text'
import type { Say } from '../platform/i18n/translator'

/** The marks the translator isolates each parameter with, for right-to-left text. */
const ISOLATES = /[\u2066-\u2069]/g

/**
 * What the agent tells the operator who started it, on stdout: one JSON object a line, as its
 * logs are, each with `event`, the sentence in the terminal's language (`message`) and its key.
 * These lines are the agent's own words and carry what the operator must see (the pairing
 * code): they do not pass the log's redactor.
 */
export interface AgentAnnouncer {
  ready(info: { url: string; dataDir: string; database: string }): void
  pairingCode(info: { code: string; expiresAt: string; tries: number }): void
  /** The certificate the agent speaks TLS with: its fingerprint, for the operator to compare with what a desktop shows. */
  certificate(info: { fingerprint: string; own: boolean }): void
  databaseUnreachable(info: { database: string; retryInMs: number; attempt: number; detail: string }): void
  /** Any other line of the operator's commands (`devices`, `revoke`): an event, its sentence, its fields. */
  told(event: string, text: UserText, fields?: Record<string, unknown>): void
  /** `detail`: Node's own words (options it could not read, a file it could not open), for programs only. */
  refused(text: UserText, detail?: string): void
}

export function createAgentAnnouncer(say: Say, write: (text: string) => void = (text) => process.stdout.write(text)): AgentAnnouncer {
  // Without the isolating marks: few terminals lay text out right to left, and one copied with a code would break it.
  const plain = (text: UserText) => say(text).replace(ISOLATES, '')
  const line = (event: string, text: UserText, fields: Record<string, unknown>) =>
    write(JSON.stringify({ time: new Date().toISOString(), event, message: plain(text), key: text.key, ...fields }) + '\n')
  return {
    ready(info) {
      line('ready', userText('desktop.agent.ready.running', { url: info.url }), info)
    },
    pairingCode(info) {
      line('pairing-code', userText('desktop.agent.pairing.code', { code: info.code, expiresAt: info.expiresAt, tries: info.tries }), info)
    },
    certificate(info) {
      line('certificate', userText('desktop.agent.tls.fingerprint', { fingerprint: info.fingerprint }), info)
    },
    databaseUnreachable(info) {
      const seconds = Math.ceil(info.retryInMs / 1000)
      line('database-unreachable', userText('desktop.agent.database.unreachable', { database: info.database, seconds }), info)
    },
    told(event, text, fields = {}) {
      line(event, text, fields)
    },
    refused(text, detail) {
      line('error', text, detail === undefined ? {} : { detail })
    },
  }
}
