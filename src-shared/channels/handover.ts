import { z } from 'zod'
import { channel } from '../define'
import { AccountIdSchema } from './scope'
import { LIBRARY_ID, MAX_AUDIENCES, type Audience } from '../story/library'

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

/** The account's insights move in pieces of at most this many bytes of their archive, each its own call. */
export const HANDOVER_INSIGHTS_PIECE_BYTES = 1_000_000
/** The largest insights archive a hand-over carries (the archive's own cap on disk). */
export const HANDOVER_INSIGHTS_MAX_BYTES = 32 * 1024 * 1024
const piece = z
  .string()
  .max(Math.ceil(HANDOVER_INSIGHTS_PIECE_BYTES / 3) * 4)
  .regex(/^[A-Za-z0-9+/]*={0,2}$/)
const offset = z.number().int().min(0).max(HANDOVER_INSIGHTS_MAX_BYTES)

/** One piece of an account's insights: the archive's bytes from `offset`, and with the last piece its live stories. */
export interface InsightsPiece {
  /** The account id the archive was written under, on the side that gives it. */
  from: string
  offset: number
  total: number
  piece: string
  /** The live stories file, with the last piece only. */
  live: Record<string, unknown> | null
}

/**
 * The saved audiences the moving stories name move in calls of at most this many numbers in all
 * (about 1.1 MB: a call to the agent carries 2 MB), each audience whole (it holds 5,000 at most).
 */
export const HANDOVER_AUDIENCE_NUMBERS = 60_000

/** One page of the saved audiences a hand-over moves, in the order of their ids; `next`: the id to go on after. */
export interface AudiencesPage {
  audiences: Audience[]
  next: string | null
}

/** What the taking side did with the audiences given (audiences-handover.ts says the rule). */
export interface AudiencesTaken {
  /** Added under their own names. */
  added: number
  /** Added beside the taker's audience of the same name and other numbers, as "<name> (2)". */
  renamed: number
  /** Here already (taken before, or the same name and numbers). */
  same: number
  /** Not added: the taker holds as many saved audiences as it may. */
  full: number
}

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
  /** One piece of the account's insights, from `offset`, to take in (insights-handover.ts). */
  'handover:insights-give': channel<InsightsPiece>()(scope.extend({ offset })),
  /** Takes a piece in; with the last one, the insights are merged into the account's (by story id: a repeat adds nothing). */
  'handover:insights-take': channel<{ done: boolean; added: number }>()(
    scope.extend({
      from: accountId,
      offset,
      total: offset,
      piece,
      live: z.record(z.string(), z.unknown()).nullable(),
    }),
  ),
  /** A page of the saved audiences the held stories name, after the audience `after` (null: from the first). */
  'handover:audiences-give': channel<AudiencesPage>()(scope.extend({ after: LIBRARY_ID.nullable() })),
  /** Takes saved audiences in, each once by its id; each is read again on the taking side (a peer's). */
  'handover:audiences-take': channel<AudiencesTaken>()(
    scope.extend({ audiences: z.array(z.record(z.string(), z.unknown())).max(MAX_AUDIENCES) }),
  ),
  /** The hand-over is taken back before the other side took anything: the held stories are free again. */
  'handover:unhold': channel<{ released: number }>()(scope),
}
