import { z } from 'zod'
import { channel } from '../define'
import { AccountIdSchema } from './scope'

/**
 * One account's stories moving between a desktop and its agent, exactly once (a hand-over).
 * The engine answers these to the other engine of a hand-over only (the agent's transport): the
 * side that gives holds its stories under the hand-over's id, the side that takes inserts each
 * one under its request id, and the giver removes what it held once the taker has all of it.
 */

/** A media story handed over carries its file in the call: the agent reads calls up to 2 MB. */
export const HANDOVER_MEDIA_MAX_BYTES = 1_400_000

const handoverId = z.string().uuid()
const accountId = AccountIdSchema
const itemId = z.string().min(1).max(64)
/** Base64 of at most HANDOVER_MEDIA_MAX_BYTES. */
const media = z
  .string()
  .max(Math.ceil(HANDOVER_MEDIA_MAX_BYTES / 3) * 4)
  .regex(/^[A-Za-z0-9+/]*={0,2}$/)
  .nullable()

const scope = z.object({ handoverId, accountId })

export const handoverChannels = {
  /** Holds the account's stories not yet gone (nothing sends them from here), and names them. */
  'handover:hold': channel<{ ids: string[] }>()(scope),
  /** One held story, with its media. */
  'handover:give': channel<{ item: unknown; media: string | null }>()(scope.extend({ id: itemId })),
  /** Takes one story; false when one with its request id is here already. */
  'handover:take': channel<{ taken: boolean }>()(scope.extend({ item: z.record(z.string(), z.unknown()), media })),
  /** Every story given was taken: the account's outbox plans them here. */
  'handover:taken': channel<void>()(scope),
  /** The other side has every held story: the held ones go. */
  'handover:release': channel<{ removed: number }>()(scope),
  /** The hand-over is taken back before the other side took anything: the held stories are free again. */
  'handover:unhold': channel<{ released: number }>()(scope),
}
