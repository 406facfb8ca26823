import {
  MessageSchema,
  STORIES_PAGE_MAX_COUNT,
  StatusesListSchema,
  ViewStatusSchema,
  parseStoriesPage,
  type Message,
  type ParsedStoriesPage,
  type ViewStatus,
} from '@shared/domain'
import { userText } from '@shared/i18n/user-text'
import { MAX_LIST_RESPONSE_BYTES, type ClientCore, type RequestOptions } from './client-core'
import { listPage, pageParams } from './list-page'
import { messageIdSegment } from './message-id'

export interface StoriesQuery {
  count: number
  offset: number
  /** Unix seconds. */
  timeFrom?: number
  timeTo?: number
  fromMe?: boolean
}

export interface ViewStatuses {
  statuses: ViewStatus[]
  /** Records that did not match the Status schema, set aside. */
  rejected: number
}

/** One page of the account's stories (`GET /stories`), newest first. */
export async function listStories(core: ClientCore, query: StoriesQuery, options: RequestOptions): Promise<ParsedStoriesPage> {
  const params = pageParams(core, query, STORIES_PAGE_MAX_COUNT, 'stories')
  if (query.timeFrom !== undefined) params.set('time_from', String(Math.floor(query.timeFrom)))
  if (query.timeTo !== undefined) params.set('time_to', String(Math.floor(query.timeTo)))
  if (query.fromMe !== undefined) params.set('from_me', String(query.fromMe))
  return listPage(core, { path: `/stories?${params.toString()}`, parse: parseStoriesPage, noun: 'stories', offset: query.offset }, options)
}

/** One story (`GET /stories/{MessageID}`). */
export async function getStory(core: ClientCore, id: string, options: RequestOptions): Promise<Message> {
  const success = await core.send({
    method: 'GET',
    path: `/stories/${messageIdSegment(core.errors, id)}`,
    idempotent: true,
    notFound: userText('apiErrors.story.unknown'),
    maxResponseBytes: MAX_LIST_RESPONSE_BYTES,
    ...(options.signal && { signal: options.signal }),
  })
  const parsed = MessageSchema.safeParse(core.json(success.body))
  if (!parsed.success)
    throw core.errors.make('invalid-response', userText('apiErrors.reply.story'), {
      status: success.status,
    })
  return parsed.data
}

/** Who viewed a story (`GET /statuses/{MessageID}`); 403 means the story is not the account's own. */
export async function storyStatuses(core: ClientCore, id: string, options: RequestOptions): Promise<ViewStatuses> {
  const success = await core.send({
    method: 'GET',
    path: `/statuses/${messageIdSegment(core.errors, id)}`,
    idempotent: true,
    notFound: userText('apiErrors.story.unknown'),
    maxResponseBytes: MAX_LIST_RESPONSE_BYTES,
    ...(options.signal && { signal: options.signal }),
  })
  const envelope = StatusesListSchema.safeParse(core.json(success.body))
  if (!envelope.success)
    throw core.errors.make('invalid-response', userText('apiErrors.reply.views'), {
      status: success.status,
    })
  const statuses: ViewStatus[] = []
  let rejected = 0
  for (const item of envelope.data.statuses ?? []) {
    const one = ViewStatusSchema.safeParse(item)
    if (one.success) statuses.push(one.data)
    else rejected++
  }
  if (rejected > 0) core.logger.warn('view statuses set aside', { id, rejected })
  return { statuses, rejected }
}
