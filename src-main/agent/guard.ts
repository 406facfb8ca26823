import type { IncomingMessage } from 'node:http'
import { z } from 'zod'
import { AgentDeviceNameSchema, AgentPersonNameSchema, agentChannels } from '@shared/channels/agent'
import { AppError } from '@shared/errors'
import { userText } from '@shared/i18n/user-text'
import type { Handlers } from '../handlers/dispatch'

/** The longest token a request may carry: a device's is 85 characters; anything far longer is not looked at. */
const MAX_TOKEN_CHARS = 512

/** The token of `Authorization: Bearer <token>`, or null when the header is missing or of another scheme. */
export function bearerToken(req: IncomingMessage): string | null {
  const header = req.headers.authorization
  if (typeof header !== 'string' || header.length > MAX_TOKEN_CHARS + 7) return null
  const match = /^Bearer[ ]+([\x21-\x7e]+)[ ]*$/i.exec(header)
  return match ? match[1]! : null
}

/** The calling client as the engine knows it: one per paired device. */
export function deviceClient(deviceId: string): string {
  return `device:${deviceId}`
}

/** `POST /pair`'s body: the code the agent printed, the device's name, and the name of who pairs it. */
export const PairRequestSchema = z.object({
  code: z.string().min(1).max(32),
  // What the operator and the other devices will recognise it by: one line, no bidirectional controls.
  deviceName: AgentDeviceNameSchema,
  // Older desktops send none: the device is then known by its own name alone.
  personName: AgentPersonNameSchema.optional(),
})

/** `POST /devices/revoke`'s body: which device's token stops working. */
export const RevokeRequestSchema = z.strictObject({ deviceId: z.string().uuid() })

/**
 * The engine's handlers as the agent serves them to devices: without the desktop's own pairing
 * channels (`agent:*`). An agent pairs with no agent, and a device cannot make it call a server
 * on its host.
 */
export function servedToDevices(handlers: Handlers): Handlers {
  const refuse = (): never => {
    throw new AppError('invalid-request', userText('errors.bridge.noEndpoint'))
  }
  return { ...handlers, ...Object.fromEntries(Object.keys(agentChannels).map((name) => [name, refuse])) }
}
