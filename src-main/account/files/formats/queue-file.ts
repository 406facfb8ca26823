import { QueueSettingsSchema } from '@shared/channels/queue'
import { z } from 'zod'

/** An account's posting queue on disk: the zone its weekly slots are read in, and the slots. */
export const QueueFileSchema = QueueSettingsSchema.extend({ version: z.literal(1) })
export type QueueFile = z.infer<typeof QueueFileSchema>
