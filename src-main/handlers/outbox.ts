import type { outboxChannels } from '@shared/channels/outbox'
import { AppError } from '@shared/errors'
import { userText } from '@shared/i18n/user-text'
import type { StoryFeedService } from '../features/stories/feed/story-feed-service'
import type { OutboxService } from '../features/stories/outbox/outbox-service'
import type { PublishService } from '../features/stories/publish/publish-service'
import type { SetAsideService } from '../features/stories/set-aside/set-aside-service'
import type { Handlers } from './dispatch'

export interface OutboxHandlerDeps {
  publisher: PublishService
  outboxes: OutboxService
  setAside: SetAsideService
  feed: StoryFeedService
}

/** Publishing, and every account's outbox, planned stories, history and set-aside files. */
export function outboxHandlers({ publisher, outboxes, setAside, feed }: OutboxHandlerDeps): Pick<Handlers, keyof typeof outboxChannels> {
  return {
    'stories:publish': ({ requestId, draft, accountIds, when, draftOf, places }, { client }) =>
      publisher.publish(requestId, draft, accountIds, when, draftOf === undefined ? undefined : { accountId: draftOf, client }, places),
    'stories:repost': async ({ accountId, requestId, id, contacts, exclude_contacts }) => {
      const story = (await feed.state(accountId)).stories.find((s) => s.id === id && s.fromMe && s.origin !== 'local')
      if (!story) throw new AppError('not-found', userText('storyErrors.publish.repostNotFound'))
      return publisher.repost(accountId, requestId, story, {
        ...(contacts && contacts.length > 0 && { contacts }),
        ...(exclude_contacts && exclude_contacts.length > 0 && { exclude_contacts }),
      })
    },
    'stories:cancel': ({ requestId }) => publisher.cancel(requestId),
    'stories:outbox-list': () => outboxes.list(),
    'stories:outbox-act': ({ accountId, id, action, rev }) => outboxes.act(accountId, id, action, rev),
    'stories:schedule-edit': ({ accountId, id, dueAt, caption, rev }) =>
      outboxes.scheduleEdit(accountId, id, {
        ...(dueAt !== undefined && { dueAt }),
        ...(caption !== undefined && { caption }),
        ...(rev !== undefined && { rev }),
      }),
    'stories:schedule-duplicate': ({ accountId, id, requestId, dueAt }) => outboxes.scheduleDuplicate(accountId, id, requestId, dueAt),
    'stories:history-list': () => outboxes.historyList(),
    'stories:set-aside-list': () => setAside.list(),
    'stories:set-aside-act': ({ accountId, id, action }) => setAside.act(accountId, id, action),
  }
}
