import { AppError } from '@shared/errors'
import type { PublishStoryInput, PublishStoryResult } from '../../../platform/api'
import { uploadStep } from './media-step'
import { SEND_LEASE_MS, type AttemptOutcome, type OutboxCore, type StoryPublisher } from './outbox-core'
import type { OutboxItem, StoryPayload } from './outbox-item'
import { judgeFailure, judgeUploadFailure } from './outcome'

/** A third of the lease: two renewals may fail before another engine could take the story. */
const RENEW_EVERY_MS = SEND_LEASE_MS / 3

export interface AttemptOptions {
  /** The user waits on it: a refusal is told and nothing kept, rather than kept as failed. */
  interactive: boolean
  signal?: AbortSignal
  reuploaded?: boolean
}

/**
 * One network attempt of a story: the upload of its file when the server takes files alone,
 * then the story request, each written down before it leaves, and what the answer means for
 * the item (sent, back in the queue, failed, or unknown for the user to decide).
 */
export class OutboxSender {
  readonly #core: OutboxCore
  /** A story went back to the queue for want of a network: the outbox tries again later. */
  readonly #requeued: () => void
  readonly #controllers = new Map<string, AbortController>()
  #offlineStreak = 0

  constructor(core: OutboxCore, requeued: () => void) {
    this.#core = core
    this.#requeued = requeued
  }

  /** Stops the upload of a story being sent; false when none is on its way. */
  cancel(requestId: string): boolean {
    const controller = this.#controllers.get(requestId)
    controller?.abort()
    return controller !== undefined
  }

  /** How long to wait before the next automatic attempt, growing while the network stays away. */
  retryDelay(): number {
    const { firstMs, maxMs } = this.#core.opts.retry ?? { firstMs: 10_000, maxMs: 5 * 60_000 }
    return Math.min(maxMs, firstMs * 2 ** Math.max(0, this.#offlineStreak - 1))
  }

  /**
   * One network attempt. The caller holds the item's claim to send; the item is `queued`. A media
   * story whose file is not on the server yet is uploaded first, still `queued` (the upload
   * publishes nothing); the media id is written down before the story request leaves.
   */
  async attempt(item: OutboxItem, options: AttemptOptions): Promise<AttemptOutcome> {
    if (item.state !== 'queued') throw new Error(`outbox: attempt on a ${item.state} item`)
    const publisher = this.#core.publisher
    if (!publisher) throw new Error('outbox: attempt without a client')
    const controller = new AbortController()
    const onAbort = () => controller.abort()
    options.signal?.addEventListener('abort', onAbort, { once: true })
    if (options.signal?.aborted) controller.abort()
    this.#controllers.set(item.requestId, controller)
    // The claim is this send's turn: kept while it runs, so no other engine takes the story meanwhile.
    const renewal = setInterval(() => void this.#core.renew(item.id), RENEW_EVERY_MS)
    renewal.unref()
    try {
      return await this.#steps(publisher, item, options, controller.signal)
    } finally {
      clearInterval(renewal)
      options.signal?.removeEventListener('abort', onAbort)
      this.#controllers.delete(item.requestId)
    }
  }

  async #steps(publisher: StoryPublisher, queued: OutboxItem, options: AttemptOptions, signal: AbortSignal): Promise<AttemptOutcome> {
    const core = this.#core
    let item = queued
    const { payload } = item
    if (payload.kind === 'media' && payload.media.mediaId === undefined) {
      let mediaId: string | null
      try {
        mediaId = await uploadStep(
          publisher,
          { kind: 'file', path: await core.mediaPath(item.id), mimeType: payload.media.mimeType },
          { signal, onProgress: (progress) => core.opts.onProgress?.(item.requestId, { ...progress, step: 'upload' }) },
        )
      } catch (error) {
        return this.#afterFailure({ ...item, attempts: item.attempts + 1 }, error, options, judgeUploadFailure)
      }
      if (mediaId !== null) item = await core.save({ ...item, payload: { ...payload, media: { ...payload.media, mediaId } } })
    }
    // The point of no return is written down before the request leaves.
    const sending = await core.save({ ...item, state: 'sending', attempts: item.attempts + 1, nextAttemptAt: null })

    let result: PublishStoryResult | undefined
    let failure: unknown
    try {
      result =
        sending.payload.kind === 'copy'
          ? await this.#copy(publisher, sending.payload, signal)
          : await publisher.publishStory(await this.#input(sending), {
              signal,
              onProgress: (progress) => core.opts.onProgress?.(item.requestId, { ...progress, step: 'publish' }),
              // The first failure for want of a network queues the story; the outbox's own backoff retries it.
              networkRetries: false,
            })
    } catch (error) {
      failure = error
    }

    if (result?.outcome === 'published') {
      core.opts.connectivity.reportSuccess()
      this.#offlineStreak = 0
      const message = result.response.message
      const sent: OutboxItem = {
        ...sending,
        state: 'sent',
        lastError: null,
        result: { messageId: message?.id ?? null, messageStatus: message?.status ?? null },
      }
      await core.finishSent(sent)
      return { state: 'sent', item: core.view(sent), messageId: sent.result!.messageId, messageStatus: sent.result!.messageStatus }
    }
    if (result?.outcome === 'unknown') {
      const unknown = await core.settle({ ...sending, state: 'unknown', lastError: result.error.toData() })
      return { state: 'unknown', item: core.view(unknown), error: unknown.lastError! }
    }

    const mediaId = sending.payload.kind === 'media' ? sending.payload.media.mediaId : undefined
    if (mediaId !== undefined && !options.reuploaded && failure instanceof AppError && failure.code === 'not-found') {
      // The server no longer has the upload (media ids expire): the story was refused, so the
      // file goes up again, once, and the story with the new id.
      const expired = sending.payload as Extract<StoryPayload, { kind: 'media' }>
      const { mediaId: _expired, ...media } = expired.media
      const again = await core.save({ ...sending, state: 'queued', payload: { ...expired, media } })
      return this.#steps(publisher, again, { ...options, reuploaded: true }, signal)
    }
    return this.#afterFailure(sending, failure, options)
  }

  /** What a failed step leaves: queued again, failed, unknown, or (interactive refusals) nothing. */
  async #afterFailure(sending: OutboxItem, failure: unknown, options: AttemptOptions, judge = judgeFailure): Promise<AttemptOutcome> {
    const core = this.#core
    const verdict = judge(failure)
    if (failure instanceof AppError) core.opts.connectivity.reportFailure(failure.code)
    if (verdict.kind === 'unknown') {
      core.logFailure('story attempt failed unexpectedly', failure)
      const unknown = await core.settle({ ...sending, state: 'unknown', lastError: verdict.error })
      return { state: 'unknown', item: core.view(unknown), error: verdict.error }
    }
    if (verdict.kind === 'retry') {
      this.#offlineStreak++
      const next = new Date(core.timers.now() + this.retryDelay()).toISOString()
      const queued = await core.settle({ ...sending, state: 'queued', lastError: verdict.error, nextAttemptAt: next })
      if (options.interactive) this.#requeued()
      return { state: 'queued', item: core.view(queued), error: verdict.error }
    }
    // Refused or cancelled: nothing was published.
    if (options.interactive) {
      // A folder left behind still says `sending`: the next start shows it as unknown, never sends it.
      await core.drop(sending.id)
      return { state: 'dropped', error: verdict.error }
    }
    const failed = await core.settle({ ...sending, state: 'failed', lastError: verdict.error })
    return { state: 'failed', item: core.view(failed), error: verdict.error }
  }

  /** A repost: the same rules as a story (written down first, never sent twice), another request. */
  async #copy(
    publisher: StoryPublisher,
    payload: Extract<StoryPayload, { kind: 'copy' }>,
    signal: AbortSignal,
  ): Promise<PublishStoryResult> {
    const copied = await publisher.copyStory(payload.storyId, payload.audience, { signal })
    return copied.outcome === 'published' ? { outcome: 'published', response: { sent: true }, attempts: copied.attempts } : copied
  }

  async #input(item: OutboxItem): Promise<PublishStoryInput> {
    const { payload } = item
    if (payload.kind === 'copy') throw new Error('outbox: a repost has no story body')
    if (payload.kind === 'text') return payload.request
    const { mediaId } = payload.media
    return {
      ...payload.fields,
      media:
        mediaId === undefined
          ? { kind: 'file', path: await this.#core.mediaPath(item.id), mimeType: payload.media.mimeType }
          : { kind: 'media-id', id: mediaId },
    }
  }
}
