import type { IncomingMessage } from 'node:http'
import { z } from 'zod'
import type { EmulatorContext } from '../state/context'
import { messageId } from '../data/ids'
import { createRng, hashSeed } from '../data/prng'
import type { Message } from '../data/types'
import { HttpError, readBody } from '../protocol/http'
import type { PublishedStory } from '../state/story-log'
import { parsePaging } from '../protocol/validation'
import { viewsOf, type ViewStatus } from '../state/viewers'

const STORY_LIFETIME_MS = 24 * 3600_000
const CONTACT = /^([\d]{7,15})?$/

/** The message as the feed shows it: media has finished uploading by the time anyone lists it. */
function feedMessage(story: PublishedStory): Message {
  return story.message.status === 'pending' ? { ...story.message, status: 'sent' } : story.message
}

function numberParam(params: URLSearchParams, name: string): number | undefined {
  const raw = params.get(name)
  if (raw === null) return undefined
  const value = Number(raw)
  if (raw.trim() === '' || !Number.isFinite(value)) throw new HttpError(400, `${name}: must be a number`, `got ${JSON.stringify(raw)}`)
  return value
}

function booleanParam(params: URLSearchParams, name: string): boolean | undefined {
  const raw = params.get(name)
  if (raw === null) return undefined
  if (raw !== 'true' && raw !== 'false') throw new HttpError(400, `${name}: must be true or false`, `got ${JSON.stringify(raw)}`)
  return raw === 'true'
}

/**
 * GET /stories?count=&offset=&time_from=&time_to=&from_me=&author= -> MessagesList, newest
 * first. Stories older than 24 hours have expired and are not listed.
 */
export function listStories(context: EmulatorContext, params: URLSearchParams): unknown {
  const { count, offset } = parsePaging(params)
  const timeFrom = numberParam(params, 'time_from')
  const timeTo = numberParam(params, 'time_to')
  const fromMe = booleanParam(params, 'from_me')
  booleanParam(params, 'normal_types')
  const author = params.get('author')
  if (author !== null && !CONTACT.test(author)) throw new HttpError(400, 'author: must be 7 to 15 digits', `got ${JSON.stringify(author)}`)
  const now = context.options.now()
  const all = context.stories
    .list()
    .filter((story) => now - story.receivedAt < STORY_LIFETIME_MS)
    .map(feedMessage)
    .filter(
      (m) =>
        (timeFrom === undefined || m.timestamp >= timeFrom) &&
        (timeTo === undefined || m.timestamp <= timeTo) &&
        (fromMe === undefined || m.from_me === fromMe) &&
        (author === null || author === '' || m.from === author),
    )
    .reverse()
  const messages = all.slice(offset, offset + count)
  return {
    messages,
    count: messages.length,
    total: all.length,
    offset,
    ...(messages.length > 0 && { first: offset, last: offset + messages.length - 1 }),
  }
}

function find(context: EmulatorContext, id: string): PublishedStory {
  const story = context.stories.list().find((s) => s.id === id)
  if (story === undefined) throw new HttpError(404, 'Specified story not found', `story: ${id}`)
  return story
}

/** GET /stories/{MessageID} -> Message. */
export function getStory(context: EmulatorContext, id: string): Message {
  return feedMessage(find(context, id))
}

const CopySchema = z.strictObject({
  contacts: z.array(z.string().regex(CONTACT, { error: 'must be 7 to 15 digits' })).optional(),
  exclude_contacts: z.array(z.string().regex(CONTACT, { error: 'must be 7 to 15 digits' })).optional(),
})

/** PUT /stories/{MessageID} (CopyStories): publishes the story again, to the audience given. */
export async function copyStory(context: EmulatorContext, req: IncomingMessage, id: string): Promise<{ success: boolean }> {
  const raw = await readBody(req, 1024 * 1024)
  let json: unknown = {}
  if (raw.length > 0) {
    try {
      json = JSON.parse(raw.toString('utf8'))
    } catch (error) {
      throw new HttpError(400, 'body: not valid JSON', (error as Error).message)
    }
  }
  const parsed = CopySchema.safeParse(json)
  if (!parsed.success) {
    const issue = parsed.error.issues[0]
    throw new HttpError(400, `${issue?.path.map(String).join('.') || 'body'}: ${issue?.message}`)
  }
  const original = find(context, id)
  const now = context.options.now()
  const seq = ++context.storySeq
  const rng = createRng(hashSeed(context.options.seed, context.options.epoch, 'copy', now, seq))
  const copyId = messageId(rng)
  const { contacts, exclude_contacts: exclude } = parsed.data
  const { contacts: _c, excludeContacts: _e, ...rest } = original
  context.stories.add({
    ...rest,
    id: copyId,
    receivedAt: now,
    ...(contacts === undefined ? {} : { contacts }),
    ...(exclude === undefined ? {} : { excludeContacts: exclude }),
    request: { copyOf: id, ...parsed.data },
    message: { ...original.message, id: copyId, timestamp: Math.floor(now / 1000) },
  })
  return { success: true }
}

/** GET /statuses/{MessageID} -> {statuses}; 403 for a message the account did not send. */
export function storyStatuses(context: EmulatorContext, id: string): { statuses: ViewStatus[] } {
  const story = context.stories.list().find((s) => s.id === id)
  if (story === undefined) throw new HttpError(404, 'Specified message not found', `message: ${id}`)
  if (!story.message.from_me) throw new HttpError(403, 'View statuses available only for outgoing messages')
  return { statuses: viewsOf(context, story) }
}
