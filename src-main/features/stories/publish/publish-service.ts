import {
  targetRequestId,
  type KeptOutcome,
  type PublishResult,
  type PublishTarget,
  type PublishWhen,
  type StoryOutcome,
} from '@shared/channels/outbox'
import { AppError } from '@shared/errors'
import { userText } from '@shared/i18n/user-text'
import type { StoryDraft } from '@shared/story/draft'
import type { FeedStory } from '@shared/story/feed'
import type { StoryLimits } from '@shared/story/limits'
import type { StorySummary } from '@shared/story/records'
import { tokenNeededError } from '../../../account/accounts/token-needed-client'
import type { PartKind } from '../../../account/workspace/account-workspace'
import type { WorkspaceSource } from '../../../account/workspace/workspaces'
import type { DraftsService } from '../drafts/drafts-service'
import type { MediaStore } from '../media/media-store'
import type { AccountOutbox } from '../outbox/outbox-part'
import { errorData, keptOrThrow, outcomeOfAttempt, outcomeOfItem } from './outcomes'
import { checkDraft, type CheckedStory } from './story-check'

/** Recent answers kept for a repeated request (a double click, a retry after a lost answer). */
const ANSWERS_KEPT = 100

/**
 * Plans a story in an account's posting queue: picks the account's next free slot and lets
 * `write` put the story in the outbox for that instant, in one turn, so two plans never take one
 * slot. Refuses (an AppError) an account without slots, or without a free one.
 */
export interface QueuePlanner {
  plan<T>(accountId: string, write: (dueAt: string) => Promise<T>): Promise<T>
}

/** The composer a story came from: an account's, and the client's working copy of it when the client is known. */
type DraftOf = string | { accountId: string; client: string }

/** When a publish goes, as the outbox takes it: now (undefined), at an instant (UTC, ISO), or in each account's next free queue slot. */
type Due = string | 'queue' | undefined

export interface PublishServiceOptions {
  workspaces: WorkspaceSource
  outbox: PartKind<AccountOutbox>
  drafts: DraftsService
  media: MediaStore
  limits: () => StoryLimits
  /** The account's name as the user gave it, for messages. */
  labelOf: (accountId: string) => string | undefined
  /** Whether a saved draft still names this media grant, so publishing does not delete its file. */
  grantInUse?: (grantId: string) => Promise<boolean>
  /** The accounts' posting queues, for "Add to queue". */
  queue?: QueuePlanner
  /** The saved audience holding exactly these contacts, if any: the story's record names it (Insights counts by it). */
  audienceNameOf?: (contacts: readonly string[]) => Promise<string | null>
}

/**
 * Publishing: one story to a list of accounts (one, or several at once). The story is checked
 * once, then written into each account's outbox (which writes it down before sending and never
 * sends it twice) and sent through that account's own client; one account's refusal or missing
 * connection does not stop the others. A repeated request gets the first answer.
 */
export class PublishService {
  readonly #opts: PublishServiceOptions
  readonly #running = new Map<string, { promise: Promise<PublishResult>; controller: AbortController }>()
  readonly #answered = new Map<string, PublishResult>()

  constructor(options: PublishServiceOptions) {
    this.#opts = options
  }

  /**
   * `when` as the contract says it (absent: now); `draftOf`: the account whose composer draft
   * the story is, which starts afresh once every account holds the story; `places`: each
   * account's place in a press split between engines, which names its item's request id.
   */
  publish(
    requestId: string,
    draft: StoryDraft,
    accountIds: readonly string[],
    when?: PublishWhen,
    draftOf?: DraftOf,
    places?: readonly number[],
  ): Promise<PublishResult> {
    const due: Due = when === undefined ? undefined : 'queue' in when ? 'queue' : when.at
    // A repeated account is published once, at its first place.
    const targets = accountIds
      .map((accountId, index) => ({ accountId, place: places?.[index] ?? index }))
      .filter((target, index) => accountIds.indexOf(target.accountId) === index)
    return this.#once(requestId, (signal) => this.#publish(requestId, draft, targets, signal, { due, draftOf }))
  }

  /**
   * Posts one of the account's stories again to an audience (`PUT /stories/{id}`), through its
   * outbox: written down before it leaves, never sent twice, an unknown outcome left to the user.
   */
  async repost(
    accountId: string,
    requestId: string,
    story: FeedStory,
    audience: { contacts?: string[]; exclude_contacts?: string[] },
  ): Promise<KeptOutcome> {
    const result = await this.#once(requestId, async (signal) => {
      const target = await this.#toAccount(accountId, requestId, signal, (part) =>
        part.outbox.publish(
          { requestId, payload: { kind: 'copy', storyId: story.id, audience }, summary: repostSummary(story, audience), mediaSource: null },
          signal,
        ),
      )
      return { targets: [target] }
    })
    return keptOrThrow(result.targets[0]!.outcome)
  }

  /** Stops the uploads of a publish on its way (every account's) or of one account's story. */
  cancel(requestId: string): void {
    this.#running.get(requestId)?.controller.abort()
    for (const workspace of this.#opts.workspaces.all()) workspace.peek(this.#opts.outbox)?.outbox.cancel(requestId)
  }

  async #once(requestId: string, run: (signal: AbortSignal) => Promise<PublishResult>): Promise<PublishResult> {
    const answered = this.#answered.get(requestId)
    if (answered) return answered
    const running = this.#running.get(requestId)
    if (running) return running.promise
    // Registered before the first await, so a repeat arriving meanwhile joins this one.
    const controller = new AbortController()
    const promise = run(controller.signal)
    this.#running.set(requestId, { promise, controller })
    try {
      const result = await promise
      this.#answered.set(requestId, result)
      if (this.#answered.size > ANSWERS_KEPT) this.#answered.delete(this.#answered.keys().next().value!)
      return result
    } finally {
      this.#running.delete(requestId)
    }
  }

  async #publish(
    requestId: string,
    draft: StoryDraft,
    accounts: readonly { accountId: string; place: number }[],
    signal: AbortSignal,
    { due, draftOf }: { due: Due; draftOf: DraftOf | undefined },
  ): Promise<PublishResult> {
    const checked = await this.#named(await checkDraft(draft, this.#opts.media, this.#opts.limits()), draft)
    const targets = await Promise.all(
      accounts.map(({ accountId, place }) => {
        const id = targetRequestId(requestId, place)
        return this.#toAccount(accountId, id, signal, (part) =>
          due === 'queue'
            ? this.#queued(accountId, (dueAt) => part.outbox.publish(newStory(id, checked, dueAt), signal, { uniqueDue: true }))
            : part.outbox.publish(newStory(id, checked, due), signal),
        )
      }),
    )
    // Every account holds the story now (sent, or in its outbox): the composer starts afresh.
    // When one refused it, the draft and its file stay, so nothing is lost for that account.
    if (targets.every((target) => target.outcome.state !== 'refused')) {
      // The composer the story came from starts afresh: that client's working copy, of that account.
      if (typeof draftOf === 'string') await this.#opts.drafts.draftClear(draftOf).catch(() => {})
      else if (draftOf) await this.#opts.drafts.draftClear(draftOf.accountId, draftOf.client).catch(() => {})
      if (checked.grant) await this.#release(checked.grant.id)
    }
    return { targets }
  }

  /** One account's part of a publish: its outbox holds the story under `requestId`, sent with its own client. */
  async #toAccount(
    accountId: string,
    requestId: string,
    signal: AbortSignal,
    send: (part: AccountOutbox) => Promise<Parameters<typeof outcomeOfAttempt>[0]>,
  ): Promise<PublishTarget> {
    const label = this.#opts.labelOf(accountId) ?? accountId
    let outcome: StoryOutcome
    try {
      const workspace = this.#opts.workspaces.get(accountId)
      if (!workspace) throw new AppError('not-found', userText('storyErrors.publish.accountGone'))
      const part = workspace.part(this.#opts.outbox)
      await part.ready
      const earlier = await part.outbox.findByRequest(requestId)
      const published = earlier ? null : await part.outbox.publishedByRequest(requestId)
      if (earlier) outcome = outcomeOfItem(earlier)
      else if (published)
        outcome = { state: 'sent', itemId: published.id, messageId: published.messageId, messageStatus: published.messageStatus }
      // Nothing is written or queued without a client: the composer keeps the story until the token is entered.
      else if (!(await part.startSending())) throw tokenNeededError(label)
      else if (signal.aborted) throw new AppError('cancelled', userText('storyErrors.publish.cancelled'), { published: false })
      else outcome = outcomeOfAttempt(await send(part))
    } catch (error) {
      outcome = { state: 'refused', error: errorData(error) }
    }
    return { accountId, label, requestId, outcome }
  }

  /** "Add to queue": each account's story is planned at that account's own next free slot. */
  #queued<T>(accountId: string, write: (dueAt: string) => Promise<T>): Promise<T> {
    const queue = this.#opts.queue
    if (!queue) {
      const account = this.#opts.labelOf(accountId) ?? accountId
      return Promise.reject(new AppError('invalid-request', userText('queueErrors.noSlots', { account })))
    }
    return queue.plan(accountId, write)
  }

  /** A story to chosen contacts that are exactly a saved audience is recorded as sent to that audience. */
  async #named(checked: CheckedStory, draft: StoryDraft): Promise<CheckedStory> {
    if (draft.audience.mode !== 'contacts' || !this.#opts.audienceNameOf) return checked
    const name = await this.#opts.audienceNameOf(draft.audience.contacts).catch(() => null)
    return name === null ? checked : { ...checked, summary: { ...checked.summary, audience: { ...checked.summary.audience, name } } }
  }

  /** The published story's file goes, unless a saved draft still shows it. */
  async #release(grantId: string): Promise<void> {
    if (await this.#opts.grantInUse?.(grantId).catch(() => true)) return
    await this.#opts.media.release(grantId).catch(() => {})
  }
}

function newStory(requestId: string, checked: CheckedStory, dueAt: string | undefined) {
  return {
    requestId,
    payload: checked.payload,
    summary: checked.summary,
    mediaSource: checked.mediaPath,
    ...(dueAt !== undefined && { dueAt }),
  }
}

function repostSummary(story: FeedStory, audience: { contacts?: string[]; exclude_contacts?: string[] }): StorySummary {
  const contacts = audience.contacts?.length ?? 0
  return {
    kind: story.kind === 'other' ? 'image' : story.kind,
    text: story.text,
    thumbnail: story.thumbnail,
    background: story.background,
    color: story.color,
    font: story.font,
    audience:
      contacts > 0
        ? { mode: 'contacts', count: contacts, excluded: 0 }
        : { mode: 'everyone', count: null, excluded: audience.exclude_contacts?.length ?? 0 },
    mediaBytes: null,
  }
}
