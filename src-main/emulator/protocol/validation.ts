import { z } from 'zod'
import { HttpError } from './http'

/** GET /groups paging, as the spec's `count` and `offset` parameters define it. */
export const COUNT_MAX = 500
export const COUNT_DEFAULT = 100

function integerParam(params: URLSearchParams, name: string, min: number, max: number, fallback: number): number {
  const values = params.getAll(name)
  if (values.length === 0) return fallback
  const range = max === Number.MAX_SAFE_INTEGER ? `an integer >= ${min}` : `an integer from ${min} to ${max}`
  if (values.length > 1) throw new HttpError(400, `${name}: must be given once`, `${name} was given ${values.length} times`)
  const raw = values[0] ?? ''
  const value = /^\d{1,16}$/.test(raw) ? Number(raw) : Number.NaN
  if (!Number.isSafeInteger(value) || value < min || value > max) {
    throw new HttpError(400, `${name}: must be ${range}`, `got ${JSON.stringify(raw)}`)
  }
  return value
}

export function parsePaging(params: URLSearchParams): { count: number; offset: number } {
  return {
    count: integerParam(params, 'count', 1, COUNT_MAX, COUNT_DEFAULT),
    offset: integerParam(params, 'offset', 0, Number.MAX_SAFE_INTEGER, 0),
  }
}

export const FONT_TYPES = [
  'SYSTEM',
  'SYSTEM_TEXT',
  'FB_SCRIPT',
  'SYSTEM_BOLD',
  'MORNINGBREEZE_REGULAR',
  'CALISTOGA_REGULAR',
  'EXO2_EXTRABOLD',
  'COURIERPRIME_BOLD',
] as const

export const CAPTION_MAX = 1024
const INT32_MAX = 2 ** 31 - 1

// The spec's ContactID pattern, plus the @lid and @s.whatsapp.net forms newer servers take.
const contact = z.string({ error: 'must be a list of phone numbers' }).regex(/^(\d{7,15}(@s\.whatsapp\.net|@lid)?)?$/, {
  error: 'must be 7 to 15 digits (optionally @lid or @s.whatsapp.net)',
})
const color = z.string({ error: 'must be a string' }).regex(/^#[0-9a-fA-F]{6,8}$/, {
  error: 'must be a colour like #AARRGGBB (pattern ^#[0-9a-fA-F]{6,8}$)',
})
const int32 = z.int({ error: 'must be an integer' }).min(0, { error: 'must not be negative' }).max(INT32_MAX, { error: 'is too large' })
const bool = z.boolean({ error: 'must be true or false' })
const str = z.string({ error: 'must be a string' })

/** SenderStories. Unknown members are ignored, as the spec does not forbid them. */
export const StoryRequestSchema = z.looseObject({
  media: str.min(1, { error: 'must not be empty' }).optional(),
  mime_type: str.optional(),
  no_encode: bool.optional(),
  no_cache: bool.optional(),
  caption: str
    .refine((s) => [...s].length <= CAPTION_MAX, {
      error: `must be at most ${CAPTION_MAX} characters`,
    })
    .optional(),
  preview: str.optional(),
  width: int32.optional(),
  height: int32.optional(),
  seconds: int32.optional(),
  contacts: z.array(contact, { error: 'must be a list of phone numbers' }).optional(),
  exclude_contacts: z.array(contact, { error: 'must be a list of phone numbers' }).optional(),
  background_color: color.optional(),
  caption_color: color.optional(),
  font_type: z.enum(FONT_TYPES, { error: `must be one of ${FONT_TYPES.join(', ')}` }).optional(),
})

export type StoryRequest = z.infer<typeof StoryRequestSchema>

/** Parses a story request body; throws HttpError 400 naming the first field at fault. */
export function parseStoryRequest(body: Buffer, contentType: string | undefined): StoryRequest {
  if (contentType !== undefined && !/^application\/([\w.+-]*\+)?json\b/i.test(contentType)) {
    throw new HttpError(400, 'body: must be JSON', `content-type ${contentType} is not accepted`)
  }
  if (body.length === 0) throw new HttpError(400, 'body: a story is required')
  let json: unknown
  try {
    json = JSON.parse(body.toString('utf8'))
  } catch (error) {
    throw new HttpError(400, 'body: not valid JSON', (error as Error).message)
  }
  if (typeof json !== 'object' || json === null || Array.isArray(json)) {
    throw new HttpError(400, 'body: must be a JSON object')
  }
  const parsed = StoryRequestSchema.safeParse(json)
  if (!parsed.success) {
    const issue = parsed.error.issues[0]
    const field = issue?.path.map(String).join('.') || 'body'
    throw new HttpError(400, `${field}: ${issue?.message ?? 'invalid'}`, z.prettifyError(parsed.error))
  }
  const story = parsed.data
  if (story.media === undefined && (story.caption === undefined || story.caption.trim() === '')) {
    throw new HttpError(400, 'caption: a text story needs a caption (or send media)')
  }
  return story
}
