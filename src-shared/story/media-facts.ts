import { z } from 'zod'
import { STORY_MEDIA_KINDS } from './media-types'

/** What main learnt about a granted file by reading it. The renderer sees this, never a path. */
export const MediaGrantSchema = z.object({
  id: z.string(),
  kind: z.enum(STORY_MEDIA_KINDS),
  mimeType: z.string(),
  size: z.number().int().nonnegative(),
  /** The name the file had, for display only. */
  name: z.string(),
  width: z.number().int().positive().nullable(),
  height: z.number().int().positive().nullable(),
  /** Whole seconds (nearest); null for images or when the container does not say. */
  seconds: z.number().int().nonnegative().nullable(),
  /** Where the renderer can load it on our own origin. */
  url: z.string(),
  createdAt: z.string(),
})
export type MediaGrant = z.infer<typeof MediaGrantSchema>

/** The route that serves a granted file back to the renderer, on our own origin. */
export const MEDIA_ROUTE_PREFIX = '/media/'
/** Web mode's upload route (secret-protected, streamed to disk). */
export const MEDIA_UPLOAD_PATH = '/media-upload'
export const GRANT_ID_PATTERN = /^[A-Za-z0-9_-]{16,64}$/

export function mediaUrl(id: string): string {
  return MEDIA_ROUTE_PREFIX + id
}
