import { open } from 'node:fs/promises'
import { userText } from '@shared/i18n/user-text'
import { KEY_BYTES } from './key-box'
import { AgentRefusal } from './options'

export const KEY_VARIABLE = 'STATUSDESK_AGENT_KEY'
export const KEY_FILE_VARIABLE = 'STATUSDESK_AGENT_KEY_FILE'
/** How an operator makes a key, as the sentences say it. */
const KEY_COMMAND = 'openssl rand -base64 32'
/** A key file holds 44 characters and a line break; anything much larger is not one. */
const MAX_KEY_FILE_BYTES = 1024

const STRICT_BASE64 = /^[A-Za-z0-9+/]+={0,2}$|^[A-Za-z0-9_-]+$/

/** The 32 bytes `text` writes in base64 (or base64url), or null when it writes anything else. */
function keyFrom(text: string): Uint8Array | null {
  const trimmed = text.trim()
  if (!STRICT_BASE64.test(trimmed)) return null
  const bytes = Buffer.from(trimmed, trimmed.includes('-') || trimmed.includes('_') ? 'base64url' : 'base64')
  return bytes.length === KEY_BYTES ? bytes : null
}

async function readKeyFile(path: string): Promise<string> {
  let handle
  try {
    handle = await open(path, 'r')
    const buffer = Buffer.alloc(MAX_KEY_FILE_BYTES + 1)
    const { bytesRead } = await handle.read(buffer, 0, buffer.length, 0)
    return buffer.subarray(0, bytesRead).toString('utf8')
  } catch (error) {
    throw new AgentRefusal(userText('desktop.agent.key.unreadable', { file: path }), error instanceof Error ? error.message : String(error))
  } finally {
    await handle?.close()
  }
}

/**
 * The operator's key, from `STATUSDESK_AGENT_KEY` (base64 of 32 bytes) or the file
 * `STATUSDESK_AGENT_KEY_FILE` names (a container's secret, a systemd credential). Without one
 * the agent does not start: it keeps provider tokens only encrypted. Each refusal says, in one
 * sentence, what to set; none quotes what was given.
 */
export async function readOperatorKey(env: Readonly<Record<string, string | undefined>>): Promise<Uint8Array> {
  const inline = env[KEY_VARIABLE]
  const file = env[KEY_FILE_VARIABLE]
  const names = { variable: KEY_VARIABLE, fileVariable: KEY_FILE_VARIABLE }
  if (inline && file) throw new AgentRefusal(userText('desktop.agent.key.both', names))
  if (!inline && !file) {
    throw new AgentRefusal(userText('desktop.agent.key.missing', { ...names, encoding: 'base64', command: KEY_COMMAND }))
  }
  const text = inline ?? (await readKeyFile(file!))
  const key = keyFrom(text)
  if (key === null) {
    const variable = inline ? KEY_VARIABLE : KEY_FILE_VARIABLE
    throw new AgentRefusal(userText('desktop.agent.key.invalid', { variable, encoding: 'base64', command: KEY_COMMAND }))
  }
  return key
}
