import { z } from 'zod'
import { ARGB_COLOR_PATTERN } from '../domain/colors'
import { StoryFontSchema } from '../domain/story'
import { MAX_AUDIENCE, StoryDraftSchema } from './draft'

/** What the composer keeps for reuse: audiences and styles for every account, drafts per account. */

const id = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, 'not an id')
const name = z.string().trim().min(1, 'needs a name').max(60, 'at most 60 characters')
const color = z.string().regex(ARGB_COLOR_PATTERN, 'must be a colour like #FF0B6E4F')

/** The provider's contract for story contacts: the digits of a phone number. */
export const AudienceContactSchema = z.string().regex(/^\d{7,15}$/, 'must be 7 to 15 digits')

/** A named list of contacts ("Customers", "Staff") reused in the audience picker. */
export const AudienceSchema = z.object({
  id,
  name,
  contacts: z.array(AudienceContactSchema).max(MAX_AUDIENCE),
  updatedAt: z.string(),
})
export type Audience = z.infer<typeof AudienceSchema>

/** A text story's look, applied in one click. */
export const StoryStyleSchema = z.object({
  id,
  name,
  background: color,
  color,
  font: StoryFontSchema,
  updatedAt: z.string(),
})
export type StoryStyle = z.infer<typeof StoryStyleSchema>

/** One of an account's drafts, kept until it is opened and published or deleted. */
export const SavedDraftSchema = z.object({
  id,
  savedAt: z.string(),
  draft: StoryDraftSchema,
})
export type SavedDraft = z.infer<typeof SavedDraftSchema>

export const MAX_AUDIENCES = 200
export const MAX_STYLES = 100
export const MAX_SAVED_DRAFTS = 100

export const LIBRARY_ID = id
export const LIBRARY_NAME = name
export const LIBRARY_COLOR = color
