import { z } from 'zod'
import { TokenStorageSchema } from '@shared/channels/accounts'
import { AgentDeviceNameSchema, AgentPersonNameSchema } from '@shared/channels/agent'

/** A stored device token: `v1:keyring:…` or `v1:weak:…` (token-vault.ts); a session-only one is never written. */
const SealedTokenSchema = z.string().regex(/^v1:(keyring|weak):[A-Za-z0-9+/=]{1,8192}$/)

/**
 * `agent.json`: the agent this desktop is paired with. The device token is sealed as the
 * accounts' provider tokens are (the OS keyring, or weakly as the user chose), or absent when
 * it is kept for the session only.
 */
export const AgentLinkFileSchema = z
  .object({
    version: z.literal(1),
    url: z.string().url().max(200),
    deviceId: z.string().uuid(),
    deviceName: AgentDeviceNameSchema,
    /** The person's name this desktop paired with (absent in files written before it was asked). */
    personName: AgentPersonNameSchema.optional(),
    pairedAt: z.string().datetime(),
    storage: TokenStorageSchema,
    token: SealedTokenSchema.nullable(),
    /** The SHA-256 of the agent's certificate, pinned at pairing: an `https://` agent is trusted by it alone. */
    fingerprint: z
      .string()
      .regex(/^([0-9A-F]{2}:){31}[0-9A-F]{2}$/)
      .optional(),
  })
  // An https agent is trusted by its pin alone: a file without one is unreadable, never trusted.
  .refine((file) => !file.url.startsWith('https:') || file.fingerprint !== undefined)
export type AgentLinkFile = z.infer<typeof AgentLinkFileSchema>
