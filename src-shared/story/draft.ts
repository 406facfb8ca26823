import { z } from 'zod'
import { StoryFontSchema } from '../domain/story'

/** Teal, opaque: a visible default, unlike the provider's transparent `#00000000`. */
export const DEFAULT_BACKGROUND = '#FF0B6E4F'
export const DEFAULT_TEXT_COLOR = '#FFFFFFFF'
/** Audio stories are shown on a coloured background too. */
export const DEFAULT_AUDIO_BACKGROUND = '#FF3B2F63'

/** A small JPEG data URI; anything larger is not a preview. */
export const PREVIEW_MAX_CHARS = 64 * 1024
export const PREVIEW_PATTERN = /^data:image\/jpeg;base64,[A-Za-z0-9+/]+={0,2}$/
export const MAX_AUDIENCE = 5000

const loose = (max: number) => z.string().max(max)
const contactList = z.array(loose(80)).max(MAX_AUDIENCE)

export const AUDIENCE_MODES = ['everyone', 'contacts'] as const

/**
 * The composer's state: what is being written, kept as typed (a half-typed colour or an
 * over-long caption is kept, and flagged by the checks) so a draft restores exactly.
 */
export const StoryDraftSchema = z.object({
  kind: z.enum(['text', 'media']).default('text'),
  text: z
    .object({
      body: loose(20_000).default(''),
      background: loose(32).default(DEFAULT_BACKGROUND),
      color: loose(32).default(DEFAULT_TEXT_COLOR),
      font: StoryFontSchema.default('SYSTEM'),
    })
    .prefault({}),
  media: z
    .object({
      /** The grant main gave for the chosen file; the renderer never holds its path. */
      grantId: loose(64).nullable().default(null),
      caption: loose(20_000).default(''),
      background: loose(32).default(DEFAULT_AUDIO_BACKGROUND),
      /** The small JPEG the renderer drew from the media. */
      preview: loose(PREVIEW_MAX_CHARS).nullable().default(null),
    })
    .prefault({}),
  audience: z
    .object({
      mode: z.enum(AUDIENCE_MODES).default('everyone'),
      contacts: contactList.default([]),
      exclude: contactList.default([]),
    })
    .prefault({}),
})
export type StoryDraft = z.infer<typeof StoryDraftSchema>
export type StoryDraftInput = z.input<typeof StoryDraftSchema>

export function emptyDraft(): StoryDraft {
  return StoryDraftSchema.parse({})
}
