import { createHash } from 'node:crypto'
import type { IncomingMessage } from 'node:http'
import type { EmulatorContext } from '../state/context'
import { mediaId, messageId } from '../data/ids'
import { createRng, hashSeed } from '../data/prng'
import type { JsonObject, Message } from '../data/types'
import { HttpError, readBody } from '../protocol/http'
import { essence, extensionOf, parseMediaReference, type StoryMediaKind, storyKindOf, SUPPORTED_STORY_MIME_TYPES } from '../protocol/media'
import type { PublishedStory } from '../state/story-log'
import { parseStoryRequest, type StoryRequest } from '../protocol/validation'

const STORY_CHAT = 'status@broadcast'
/** The spec's defaults for text stories. */
const TEXT_DEFAULTS = {
  background_color: '#00000000',
  caption_color: '#FFFFFFFF',
  font_type: 'SYSTEM',
} as const

interface ResolvedMedia {
  kind: StoryMediaKind
  mime: string
  summary: NonNullable<PublishedStory['media']>
  fileSize: number
  id?: string
  link?: string
}

function unsupported(mime: string): HttpError {
  return new HttpError(415, `mime_type: ${mime} is not supported for stories`, `supported: ${SUPPORTED_STORY_MIME_TYPES.join(', ')}`)
}

function resolveMedia(context: EmulatorContext, story: StoryRequest & { media: string }): ResolvedMedia {
  const reference = parseMediaReference(story.media)
  if (typeof reference === 'string') throw new HttpError(400, `media: ${reference}`)
  let declared: string | undefined
  if (story.mime_type !== undefined) {
    declared = essence(story.mime_type)
    if (declared === undefined) throw new HttpError(400, 'mime_type: must be a mime type like image/jpeg')
  }
  const size = (key: string): number => 40_000 + (hashSeed(key) % 2_000_000)
  let found: {
    mime: string | undefined
    summary: ResolvedMedia['summary']
    fileSize: number
    id?: string
    link?: string
  }
  if (reference.form === 'media-id') {
    const known = context.media.get(reference.id)
    if (known === undefined) throw new HttpError(404, 'Media with specified id not found', `media: ${reference.id}`)
    found = {
      mime: essence(known),
      summary: { form: 'media-id', id: reference.id },
      fileSize: size(reference.id),
      id: reference.id,
    }
  } else if (reference.form === 'data-uri') {
    if (reference.mime !== undefined && storyKindOf(reference.mime) === undefined) throw unsupported(reference.mime)
    const sha256 = createHash('sha256').update(reference.bytes).digest('hex')
    found = {
      mime: reference.mime,
      summary: { form: 'data-uri', bytes: reference.bytes.length, sha256 },
      fileSize: reference.bytes.length,
    }
  } else {
    // The provider downloads the URL and sniffs it; offline, the extension has to do.
    found = {
      mime: reference.mime,
      summary: { form: 'url', url: reference.url },
      fileSize: size(reference.url),
      link: reference.url,
    }
  }
  const mime = declared ?? found.mime ?? 'image/jpeg'
  const kind = storyKindOf(mime)
  if (kind === undefined) throw unsupported(mime)
  return { ...found, kind, mime }
}

function summariseRequest(story: StoryRequest): Record<string, unknown> {
  const request: Record<string, unknown> = { ...story }
  if (typeof story.media === 'string' && /^data:/i.test(story.media)) {
    request.media = `${story.media.slice(0, story.media.indexOf(',') + 1)}… (${story.media.length} characters)`
  }
  return request
}

/** POST /stories: validates like the provider, records the story, answers `{sent, message}`. */
export async function publishStory(
  context: EmulatorContext,
  req: IncomingMessage,
): Promise<{ status: number; body: { sent: boolean; message: Message } }> {
  const story = parseStoryRequest(await readBody(req, context.options.maxBodyBytes), req.headers['content-type'])
  const media = story.media === undefined ? undefined : resolveMedia(context, { ...story, media: story.media })
  const seq = ++context.storySeq
  const now = context.options.now()
  // The sequence restarts with the process; the epoch and the clock keep a restarted
  // emulator from answering an id it already gave out.
  const rng = createRng(hashSeed(context.options.seed, context.options.epoch, 'story', now, seq))
  const timestamp = Math.floor(now / 1000)
  const { account } = context.options
  const id = messageId(rng)

  const message: Message = {
    id,
    type: media?.kind ?? 'text',
    chat_id: STORY_CHAT,
    from: account.phone,
    from_me: true,
    from_name: account.name,
    source: 'api',
    timestamp,
    // Media is still uploading when the provider answers; text is out at once.
    status: media === undefined ? 'sent' : 'pending',
  }
  if (media === undefined) {
    message.text = { body: story.caption ?? '' }
  } else {
    const content: JsonObject = {
      id: media.id ?? mediaId(rng, extensionOf(media.mime)),
      mime_type: media.mime,
      file_size: media.fileSize,
      time: timestamp,
      ...(media.summary.sha256 === undefined ? {} : { sha256: media.summary.sha256 }),
      ...(media.link === undefined ? {} : { link: media.link }),
    }
    if (media.kind === 'image' || media.kind === 'video') {
      if (story.caption !== undefined) content.caption = story.caption
      if (story.preview !== undefined) content.preview = story.preview
      if (story.width !== undefined) content.width = story.width
      if (story.height !== undefined) content.height = story.height
    }
    if (media.kind !== 'image' && story.seconds !== undefined) content.seconds = story.seconds
    message[media.kind] = content
  }

  const text = media === undefined
  context.stories.add({
    id,
    receivedAt: now,
    kind: media?.kind ?? 'text',
    ...(media === undefined ? {} : { mimeType: media.mime, media: media.summary }),
    ...(story.caption === undefined ? {} : { caption: story.caption }),
    ...(text
      ? {
          backgroundColor: story.background_color ?? TEXT_DEFAULTS.background_color,
          captionColor: story.caption_color ?? TEXT_DEFAULTS.caption_color,
          fontType: story.font_type ?? TEXT_DEFAULTS.font_type,
        }
      : story.background_color === undefined
        ? {}
        : { backgroundColor: story.background_color }),
    ...(story.contacts === undefined ? {} : { contacts: story.contacts }),
    ...(story.exclude_contacts === undefined ? {} : { excludeContacts: story.exclude_contacts }),
    request: summariseRequest(story),
    message,
  })
  return { status: context.options.storyStatus, body: { sent: true, message } }
}
