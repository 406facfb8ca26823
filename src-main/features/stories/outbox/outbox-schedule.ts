import { randomBytes } from 'node:crypto'
import { captionLength, STORY_CAPTION_MAX } from '@shared/domain/story'
import { AppError } from '@shared/errors'
import { userText } from '@shared/i18n/user-text'
import type { OutboxItemView, StorySummary } from '@shared/story/records'
import { isPlannable } from '@shared/story/schedule'
import { StoredStorySchema } from '../../../account/files/formats/outbox-item'
import { graceFor, judgeDue, nextCheckIn } from './due-time'
import type { OutboxItem, StoryPayload } from './outbox-item'
import type { OutboxCore } from './outbox-core'

/** Changes the user may make to a story that has not gone yet. */
export interface ScheduleEdit {
  /** A new due instant (UTC, ISO). */
  dueAt?: string
  caption?: string
  /** The revision the edit was made on, when the caller knows it: a story changed since is not edited. */
  rev?: number
  /** A posting-queue slot: refused when another story holds the instant. */
  uniqueDue?: boolean
}

/**
 * The planned stories of one outbox: when each is due is judged from the wall clock, never a
 * timer alone (due-time.ts); a due story is written `queued` before the queue may claim it; one
 * found later than the user allows becomes `missed` and waits for the user.
 */
export class OutboxSchedule {
  readonly #core: OutboxCore
  /** Called when stories joined the queue: the outbox sends them. */
  readonly #released: () => void
  #timer: unknown = null
  /** One look at the schedule at a time: a resume and a timer arriving together take turns. */
  #checking: Promise<void> = Promise.resolve()

  constructor(core: OutboxCore, released: () => void) {
    this.#core = core
    this.#released = released
  }

  /** Settles after the look in progress, for an orderly shutdown. */
  settled(): Promise<void> {
    return this.#checking
  }

  /**
   * Looks at every scheduled story against the clock: due ones join the queue (written down
   * before anything is sent), ones too late for the allowance become `missed` for the user to
   * decide, and the timer is set for the next look. Called by the timer, on resume from sleep,
   * and at start-up (`running: false`: only the user's allowance counts then).
   */
  check(options: { running: boolean }): Promise<void> {
    const run = this.#checking.then(() => this.#check(options.running))
    this.#checking = run.catch((error: unknown) => this.#core.logFailure('schedule check failed', error))
    return this.#checking
  }

  async #check(running: boolean): Promise<void> {
    const core = this.#core
    if (core.closed) return
    const grace = graceFor(core.opts.lateSendMinutes?.() ?? 0, running, core.runningGraceMs())
    const missed: OutboxItemView[] = []
    let released = false
    for (const item of core.items()) {
      if (item.state !== 'scheduled' || item.dueAt === null) continue
      const verdict = judgeDue(Date.parse(item.dueAt), core.timers.now(), grace)
      if (verdict.kind === 'wait') continue
      // Another hand on it (an edit, another engine) settles it: this look leaves it.
      const claimed = await core.claim(item.id, 'edit', ['scheduled'], item.rev)
      if (!claimed) continue
      if (verdict.kind === 'due') {
        // Queued before the drain may claim it: the usual queued → sending path takes it from here.
        await core.save({ ...claimed, state: 'queued', nextAttemptAt: null }, { release: true })
        released = true
      } else {
        missed.push(core.view(await core.save({ ...claimed, state: 'missed', nextAttemptAt: null }, { release: true })))
      }
    }
    if (missed.length > 0) core.opts.onMissed?.(missed)
    this.arm()
    if (released) this.#released()
  }

  /** Sets the one timer for the next look; it is capped, so a clock that jumps is noticed. */
  arm(): void {
    const core = this.#core
    this.stop()
    if (core.closed) return
    const dueTimes = core
      .items()
      .filter((item) => item.state === 'scheduled' && item.dueAt !== null)
      .map((item) => Date.parse(item.dueAt!))
    const delay = nextCheckIn(dueTimes, core.timers.now())
    if (delay === null) return
    this.#timer = core.timers.setTimeout(() => {
      this.#timer = null
      void this.check({ running: true })
    }, delay)
  }

  stop(): void {
    if (this.#timer !== null) this.#core.timers.clearTimeout(this.#timer)
    this.#timer = null
  }

  /** A story for later: written down as `scheduled` with its instant, and the timer set. */
  async hold(item: OutboxItem, dueAt: string, mediaSource: string | null, uniqueDue: boolean): Promise<OutboxItemView> {
    this.requireFuture(dueAt)
    const scheduled = await this.#core.insert({ ...item, state: 'scheduled', dueAt }, { mediaSource, uniqueDue })
    this.arm()
    return this.#core.view(scheduled)
  }

  requireFuture(dueAt: string): void {
    if (!isPlannable(Date.parse(dueAt), this.#core.timers.now()))
      throw new AppError('invalid-argument', userText('storyErrors.schedule.timePassed'))
  }

  /** The next scheduled story's instant, or null: for the tray and the quit question. */
  nextDue(): { id: string; dueAt: string; summary: StorySummary } | null {
    let next: OutboxItem | null = null
    for (const item of this.#core.items())
      if (item.state === 'scheduled' && item.dueAt !== null && (next === null || item.dueAt < next.dueAt!)) next = item
    return next ? { id: next.id, dueAt: next.dueAt!, summary: next.summary } : null
  }

  /**
   * A scheduled story that became due but could not go (no connection, a queue ahead of it)
   * is not sent late by itself beyond the allowance: it becomes `missed` and the user decides.
   */
  async tooLate(item: OutboxItem): Promise<boolean> {
    const core = this.#core
    if (item.dueAt === null) return false
    const grace = graceFor(core.opts.lateSendMinutes?.() ?? 0, true, core.runningGraceMs())
    if (judgeDue(Date.parse(item.dueAt), core.timers.now(), grace).kind !== 'missed') return false
    const missed = await core.save({ ...item, state: 'missed', nextAttemptAt: null }, { release: true })
    core.opts.onMissed?.([core.view(missed)])
    return true
  }

  /** Reschedules or edits the caption of a story that has not gone yet (scheduled or missed). */
  async edit(id: string, edit: ScheduleEdit): Promise<OutboxItemView> {
    const core = this.#core
    const known = core.known(id)
    if (!known) throw new AppError('not-found', userText('storyErrors.outbox.itemGone'))
    if (edit.dueAt !== undefined) this.requireFuture(edit.dueAt)
    else if (known.state === 'missed') throw new AppError('invalid-argument', userText('storyErrors.schedule.pickNewTime'))
    const item = await core.claim(id, 'edit', ['scheduled', 'missed'], edit.rev)
    if (!item) throw await refusal(core, id, edit.rev, new AppError('conflict', userText('storyErrors.schedule.notPlanned')))
    if (edit.dueAt === undefined && item.state === 'missed') {
      await core.letGo(id)
      throw new AppError('invalid-argument', userText('storyErrors.schedule.pickNewTime'))
    }
    try {
      const changed = await core.save(
        { ...withCaption(item, edit.caption), state: 'scheduled', ...(edit.dueAt !== undefined && { dueAt: edit.dueAt }) },
        { release: true, ...(edit.uniqueDue && { uniqueDue: true }) },
      )
      this.arm()
      return core.view(changed)
    } finally {
      await core.letGo(id)
    }
  }

  /** A copy of a story not sent yet, planned for `dueAt` (its media copied too); the user then edits it. */
  async duplicate(id: string, requestId: string, dueAt: string): Promise<OutboxItemView> {
    const core = this.#core
    const item = core.known(id)
    if (!item) throw new AppError('not-found', userText('storyErrors.outbox.itemGone'))
    if (item.payload.kind === 'copy') throw new AppError('invalid-request', userText('storyErrors.schedule.repostNoDuplicate'))
    this.requireFuture(dueAt)
    const payload: StoryPayload =
      item.payload.kind === 'media' ? { ...item.payload, media: withoutMediaId(item.payload.media) } : item.payload
    const now = core.nowIso()
    const copy = await core.insert(
      {
        ...item,
        id: randomBytes(12).toString('base64url'),
        requestId,
        state: 'scheduled',
        createdAt: now,
        updatedAt: now,
        attempts: 0,
        payload,
        lastError: null,
        result: null,
        nextAttemptAt: null,
        dueAt,
        rev: 0,
        claim: null,
      },
      { mediaSource: item.payload.kind === 'media' ? await core.mediaPath(id) : null },
    )
    this.arm()
    return core.view(copy)
  }
}

/**
 * The story with a new caption: in the request (text), the fields (media) and the summary the
 * lists show; checked as the stored story is read back, so an edit never leaves an item the
 * next start could not read.
 */
function withCaption(item: OutboxItem, caption: string | undefined): OutboxItem {
  if (caption === undefined) return item
  const { payload } = item
  if (payload.kind === 'copy') throw new AppError('invalid-request', userText('storyErrors.schedule.repostNoCaption'))
  if (payload.kind === 'text' && caption.trim() === '') throw new AppError('invalid-argument', userText('storyErrors.issues.textEmpty'))
  const length = captionLength(caption)
  if (length > STORY_CAPTION_MAX) {
    const key = payload.kind === 'text' ? 'storyErrors.issues.textTooLong' : 'storyErrors.issues.captionTooLong'
    throw new AppError('invalid-argument', userText(key, { length, max: STORY_CAPTION_MAX }))
  }
  const next =
    payload.kind === 'text'
      ? { ...payload, request: { ...payload.request, caption } }
      : { ...payload, fields: { ...payload.fields, caption } }
  const checked = StoredStorySchema.safeParse(next)
  // Anything else the stored story's schema refuses: what it said stays in details, for a report.
  if (!checked.success)
    throw new AppError('invalid-argument', userText('storyErrors.schedule.captionInvalid'), { issue: checked.error.issues[0]?.message })
  return { ...item, payload: checked.data, summary: { ...item.summary, text: caption } }
}

/** A copy uploads its own file: the original's media id may expire or be used already. */
function withoutMediaId<M extends { mediaId?: string | undefined }>(media: M): Omit<M, 'mediaId'> {
  const { mediaId: _dropped, ...rest } = media
  return rest
}

/**
 * Why a claim made on the revision `rev` the user saw was refused: the story moved on since (it
 * was edited, sent or discarded elsewhere: the user looks again), or else `otherwise`.
 */
export async function refusal(core: OutboxCore, id: string, rev: number | undefined, otherwise: AppError): Promise<AppError> {
  if (rev === undefined) return otherwise
  const current = await core.store.get(core.accountId, id).catch(() => undefined)
  if (current === undefined || (current !== null && current.rev === rev)) return otherwise
  return new AppError('conflict', userText('storyErrors.outbox.changedMeanwhile'), { current: current?.state ?? null })
}
