import { z } from 'zod'
import { channel } from '../define'

export const RENDERER_LOG_LEVELS = ['debug', 'info', 'warn', 'error'] as const
export const RENDERER_LOG_MESSAGE_MAX = 2000
export const RENDERER_LOG_CONTEXT_MAX_FIELDS = 20

/**
 * One line from the renderer for main's log file. Small by schema (main rate-limits the
 * rest): a message and a few flat facts, never an object graph.
 */
export const RendererLogSchema = z.strictObject({
  level: z.enum(RENDERER_LOG_LEVELS),
  message: z.string().min(1).max(RENDERER_LOG_MESSAGE_MAX),
  context: z
    .record(z.string().min(1).max(64), z.union([z.string().max(1000), z.number(), z.boolean(), z.null()]))
    .refine((fields) => Object.keys(fields).length <= RENDERER_LOG_CONTEXT_MAX_FIELDS, `at most ${RENDERER_LOG_CONTEXT_MAX_FIELDS} fields`)
    .optional(),
})
export type RendererLogLine = z.infer<typeof RendererLogSchema>

/** What Settings shows: the log folder, and the report "copy diagnostics" puts on the clipboard. */
export interface Diagnostics {
  /** Where the log files are; null when this run writes none. */
  logFolder: string | null
  /** Plain text for a support request: versions, platform, encryption, disk use. No secret, no contact. */
  text: string
}

export const diagnosticsChannels = {
  /** `written` is false when the line was dropped by the rate limit. */
  'app:log': channel<{ written: boolean }>()(RendererLogSchema),
  'app:diagnostics': channel<Diagnostics>()(z.void()),
}
