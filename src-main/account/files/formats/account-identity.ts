import { TokenStorageSchema } from '@shared/channels/accounts'
import { z } from 'zod'

/** Account ids name folders on disk: keep them to safe characters. */
export const AccountIdSchema = z.string().regex(/^[a-z0-9-]{1,64}$/)

/**
 * An account folder's record of its own account (`account.json`), so the folder can be found
 * again when the accounts file is lost or damaged. It holds no token: only the one-way
 * fingerprint of base URL and token that the accounts file already keeps.
 */
export const AccountIdentitySchema = z.looseObject({
  version: z.literal(1),
  id: AccountIdSchema,
  label: z.string().max(200).optional(),
  baseUrl: z.string().max(2048).optional(),
  fingerprint: z.string().max(128).optional(),
  /** The channel's own id as learnt from the server (connect-test.ts); absent when unknown. */
  channelId: z.string().max(64).optional(),
  encryption: TokenStorageSchema.optional(),
  tokenHint: z.string().max(16).optional(),
  isDemo: z.boolean().default(false),
  createdAt: z.string().max(64).optional(),
})
export type AccountIdentity = z.infer<typeof AccountIdentitySchema>
