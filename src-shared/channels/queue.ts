import { z } from 'zod'
import { channel, event } from '../define'
import { InstantSchema } from '../instant'
import { AccountIdSchema } from './scope'

/**
 * The posting queue: each account's weekly time slots ("Mon–Fri 09:00 and 18:00"), in the
 * user's time zone. "Add to queue" plans a story in the account's next free slot; a slot is
 * taken by the planned story whose time it is. Planned stories keep every promise of
 * scheduling: never sent twice, never sent late without the user.
 */

/** A weekly slot: weekday 0 = Monday … 6 = Sunday, and a wall-clock time "HH:MM". */
export const QueueSlotSchema = z.object({
  weekday: z.number().int().min(0).max(6),
  time: z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/),
})
export type QueueSlot = z.infer<typeof QueueSlotSchema>

export const QueueSettingsSchema = z.object({
  /** The zone the slots are read in (an IANA name); daylight-saving changes follow it. */
  timeZone: z.string().min(1).max(64),
  /** At most 7 × 24 slots a week; duplicates are refused. */
  slots: z.array(QueueSlotSchema).max(168),
})
export type QueueSettings = z.infer<typeof QueueSettingsSchema>

/** A slot on the calendar: its instant, and the planned story taking it, if any. */
export interface QueueOccurrence {
  accountId: string
  at: string
  /** The outbox item planned at this slot's time, or null when the slot is free. */
  itemId: string | null
}

const accountId = AccountIdSchema

export const queueChannels = {
  'queue:get': channel<QueueSettings>()(z.object({ accountId })),
  'queue:set': channel<QueueSettings>()(z.object({ accountId, settings: QueueSettingsSchema })),
  /** The slots between `from` and `to` (at most 35 days), free and taken, for the calendar. */
  'queue:occurrences': channel<QueueOccurrence[]>()(z.object({ accountId: accountId.nullable(), from: InstantSchema, to: InstantSchema })),
  /** The next free slot of each account, for "Add to queue" to show before it plans. */
  'queue:next-free': channel<Array<{ accountId: string; at: string | null }>>()(
    z.object({ accountIds: z.array(accountId).min(1).max(20) }),
  ),
  /**
   * Moves a queued story to another slot of its account; a story already there takes the first's
   * slot. `rev`: the revision of the story the user moved; one changed since is not moved.
   */
  'queue:move': channel<void>()(
    z.object({ accountId, itemId: z.string().min(1).max(200), to: InstantSchema, rev: z.number().int().nonnegative().optional() }),
  ),
}

export const queueEvents = {
  'queue:changed': event<{ accountId: string }>(),
}
