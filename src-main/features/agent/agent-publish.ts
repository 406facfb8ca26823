import { z } from 'zod'
import {
  MAX_PUBLISH_ACCOUNTS,
  type PublishResult,
  type PublishTarget,
  type PublishWhen,
  targetRequestId,
  type UploadProgressEvent,
} from '@shared/channels/outbox'
import { AppErrorDataSchema } from '@shared/error-schemas'
import { AppError } from '@shared/errors'
import { type UserText, userText } from '@shared/i18n/user-text'
import type { StoryDraft } from '@shared/story/draft'
import type { Logger } from '../../platform/log/log'
import { errorData } from '../stories/publish/outcomes'
import { isAway, translateIds } from './agent-answers'
import type { HostedAccount, HostedAccounts } from './hosted-accounts'

/** A publish to the agent answers once the agent holds the story, or has sent it now: a video may take a while. */
export const AGENT_PUBLISH_TIMEOUT_MS = 120_000
/** A cancel told to the agent: it answers at once, or the press's own answer says what became of the story. */
const AGENT_CANCEL_TIMEOUT_MS = 10_000
/** Uploads already made for a press, so a repeated press does not send its file again. */
const UPLOADS_KEPT = 20

export interface PublishArg {
  requestId: string
  draft: StoryDraft
  accountIds: string[]
  draftOf?: string | undefined
  when?: PublishWhen | undefined
  places?: number[] | undefined
}

export interface AgentPublishOptions {
  hosted: HostedAccounts
  /** A channel on the agent, waiting at most `timeoutMs`. */
  invoke: (channel: string, arg: unknown, timeoutMs: number) => Promise<unknown>
  /** Sends a file to the agent's media store: answers the agent's grant; `signal` stops it (`cancelled`). */
  upload: (
    file: { path: string; name: string; size: number },
    options: { signal: AbortSignal; onProgress: (progress: { sentBytes: number; totalBytes: number }) => void },
  ) => Promise<unknown>
  /** How far a press's upload got, as a publish here says it (`stories:progress`). */
  onProgress?: (event: UploadProgressEvent) => void
  /** Says what became of a press cancelled too late to stop it on the agent. */
  notice?: (text: UserText) => void
  /**
   * Checks the story as a publish here would (refusing it with the same words) and answers the
   * file its media grant names here, or null for a story without media.
   */
  check: (draft: StoryDraft) => Promise<{ path: string; name: string; size: number } | null>
  labelOf: (accountId: string) => string | undefined
  log: Logger
}

const AgentAnswerSchema = z.object({
  targets: z
    .array(
      z.object({
        accountId: z.string().max(128),
        label: z.string().max(512),
        requestId: z.string().max(80),
        outcome: z.discriminatedUnion('state', [
          z.object({
            state: z.literal('sent'),
            itemId: z.string().max(80),
            messageId: z.string().max(256).nullable(),
            messageStatus: z.string().max(64).nullable(),
          }),
          z.object({ state: z.enum(['queued', 'unknown']), itemId: z.string().max(80), error: AppErrorDataSchema }),
          z.object({ state: z.literal('scheduled'), itemId: z.string().max(80), dueAt: z.string().max(40) }),
          z.object({ state: z.literal('refused'), error: AppErrorDataSchema }),
        ]),
      }),
    )
    .max(MAX_PUBLISH_ACCOUNTS),
})
const GrantSchema = z.object({ id: z.string().max(64) })

interface Place {
  accountId: string
  place: number
  on: HostedAccount | undefined
}

/** A press on its way to the agent: stopped here while its file goes, or told to the agent once the agent may hold it. */
interface Running {
  controller: AbortController
  /** The request ids of its accounts' items: a cancel may name one of them. */
  targetIds: readonly string[]
  /** The publish call left for the agent: from then on, only the agent can stop it. */
  onAgent: boolean
  cancelled: boolean
  /** How far its file went, once it started. */
  progress?: { sentBytes: number; totalBytes: number }
}

/**
 * A press that names an account running on the agent: that account's part is published on the
 * agent (which plans and sends it from then on, the laptop shut or not), the others' here, each
 * item under the request id the page computed from its place. A media file goes to the agent
 * first. Asking the agent again is safe: it answers a request id it has seen with its first answer.
 */
export class AgentPublish {
  readonly #opts: AgentPublishOptions
  readonly #uploaded = new Map<string, string>()
  readonly #running = new Map<string, Running>()

  constructor(options: AgentPublishOptions) {
    this.#opts = options
  }

  /**
   * `local` publishes the accounts that run here; `finish` ends the composer's draft and its
   * file when every account holds the story and none ran here to end them itself.
   */
  async publish(arg: PublishArg, local: (arg: PublishArg) => Promise<PublishResult>, finish: () => Promise<void>): Promise<PublishResult> {
    const hosted = await this.#opts.hosted.list()
    const places: Place[] = arg.accountIds.map((accountId, index) => ({
      accountId,
      place: arg.places?.[index] ?? index,
      on: hosted.find((entry) => entry.accountId === accountId),
    }))
    const theirs = places.filter((entry) => entry.on !== undefined)
    if (theirs.length === 0) return local(arg)
    const mine = places.filter((entry) => entry.on === undefined)
    const { targets: onAgent, cancelled } = await this.#onAgent(arg, theirs)
    const clean = onAgent.every((target) => target.outcome.state !== 'refused')
    // A part refused on the agent keeps the draft and its file: the local part must not end them.
    // Cancelled before the local part began: it is not begun.
    const here =
      mine.length === 0
        ? []
        : cancelled
          ? mine.map((entry) => this.#refused(arg.requestId, entry, cancelledHere()))
          : (
              await local({
                ...arg,
                accountIds: mine.map((entry) => entry.accountId),
                places: mine.map((entry) => entry.place),
                draftOf: clean ? arg.draftOf : undefined,
              })
            ).targets
    if (clean && mine.length === 0 && arg.draftOf !== undefined) await finish().catch(() => undefined)
    const byAccount = new Map([...onAgent, ...here].map((target) => [target.accountId, target]))
    return { targets: places.map((entry) => byAccount.get(entry.accountId)).filter((target) => target !== undefined) }
  }

  /**
   * Stops a press's part on the agent (`requestId`: the press's, or one of its accounts' items'):
   * its file while it goes; once the agent may hold the story, the cancel is the agent's to
   * apply, and the press's answer says what became of it.
   */
  async cancel(requestId: string): Promise<void> {
    const [pressId, running] = [...this.#running].find(([id, entry]) => id === requestId || entry.targetIds.includes(requestId)) ?? []
    if (pressId === undefined || running === undefined || running.cancelled) return
    running.cancelled = true
    if (!running.onAgent) {
      running.controller.abort()
      return
    }
    await this.#opts.invoke('stories:cancel', { requestId: pressId }, AGENT_CANCEL_TIMEOUT_MS).catch((error: unknown) => {
      this.#opts.log.warn('cancel not told to the agent', { code: error instanceof AppError ? error.code : 'internal' })
    })
  }

  async #onAgent(arg: PublishArg, theirs: readonly Place[]): Promise<{ targets: PublishTarget[]; cancelled: boolean }> {
    // A repeated press (a double click) is the first one's: its cancel stops that one.
    const running: Running = {
      controller: new AbortController(),
      targetIds: theirs.map((entry) => targetRequestId(arg.requestId, entry.place)),
      onAgent: false,
      cancelled: false,
    }
    const first = !this.#running.has(arg.requestId)
    if (first) this.#running.set(arg.requestId, running)
    try {
      return { targets: await this.#publishThere(arg, theirs, running), cancelled: running.cancelled }
    } finally {
      if (first) this.#running.delete(arg.requestId)
    }
  }

  async #publishThere(arg: PublishArg, theirs: readonly Place[], running: Running): Promise<PublishTarget[]> {
    try {
      const draft = await this.#withAgentMedia(arg.requestId, arg.draft, running)
      // Stopped after its file went and before the story did: the agent holds nothing of it.
      if (running.cancelled) {
        await this.#forget(arg.requestId, arg.draft, draft)
        throw cancelledHere()
      }
      running.onAgent = true
      this.#tell(running, 'publish')
      const call = {
        requestId: arg.requestId,
        draft,
        accountIds: theirs.map((entry) => entry.on!.agentAccountId),
        places: theirs.map((entry) => entry.place),
        ...(arg.when !== undefined && { when: arg.when }),
      }
      const answer = AgentAnswerSchema.safeParse(
        await this.#again(running, () => this.#opts.invoke('stories:publish', call, AGENT_PUBLISH_TIMEOUT_MS)),
      )
      if (!answer.success) throw new AppError('invalid-response', userText('errors.agentRouting.badAnswer'))
      const back = new Map(theirs.map((entry) => [entry.on!.agentAccountId, entry.accountId]))
      const targets = (translateIds(answer.data, back) as PublishResult).targets
      // Only the accounts asked about, each once: the agent's answer is a peer's, not trusted.
      const answered = theirs.map(
        (entry) => targets.find((target) => target.accountId === entry.accountId) ?? this.#refused(arg.requestId, entry, badAnswer()),
      )
      if (running.cancelled) this.#sayTooLate(answered)
      return answered
    } catch (error) {
      this.#opts.log.warn('publish on the agent refused', { code: error instanceof AppError ? error.code : 'internal' })
      return theirs.map((entry) => this.#refused(arg.requestId, entry, error))
    }
  }

  /** The draft checked here, with its media file sent to the agent, naming the agent's grant. */
  async #withAgentMedia(requestId: string, draft: StoryDraft, running: Running): Promise<StoryDraft> {
    const file = await this.#opts.check(draft)
    const grantId = draft.kind === 'media' ? draft.media.grantId : null
    if (file === null || grantId === null) return draft
    const key = `${requestId} ${grantId}`
    let theirs = this.#uploaded.get(key)
    if (theirs === undefined) {
      const sent = await this.#opts
        .upload(file, { signal: running.controller.signal, onProgress: (progress) => this.#tell(running, 'upload', progress) })
        .catch((error: unknown) => {
          throw running.cancelled ? cancelledHere() : error
        })
      const grant = GrantSchema.safeParse(sent)
      if (!grant.success) throw badAnswer()
      theirs = grant.data.id
      this.#uploaded.set(key, theirs)
      if (this.#uploaded.size > UPLOADS_KEPT) this.#uploaded.delete(this.#uploaded.keys().next().value!)
    }
    return { ...draft, media: { ...draft.media, grantId: theirs } }
  }

  /**
   * Once more after a call the agent may not have answered: it answers a request id it has seen
   * with its first answer. Not after a cancel: asked again, an agent that never had the story
   * would publish it now; the press says the agent may hold it instead.
   */
  async #again<T>(running: Running, call: () => Promise<T>): Promise<T> {
    try {
      return await call()
    } catch (error) {
      if (!isAway(error)) throw error
      if (running.cancelled) throw new AppError('cancelled', userText('errors.agentPublish.cancelUnsure'))
      await new Promise((resolve) => setTimeout(resolve, 1_000))
      if (running.cancelled) throw new AppError('cancelled', userText('errors.agentPublish.cancelUnsure'))
      return call()
    }
  }

  /** Each of the press's accounts on the agent hears how far the one upload for them all got; then that the story goes. */
  #tell(running: Running, step: 'upload' | 'publish', progress?: { sentBytes: number; totalBytes: number }): void {
    if (progress) running.progress = progress
    // A story without a file has no bytes to tell of: the press shows it going, as a text story here.
    if (!this.#opts.onProgress || !running.progress) return
    const { totalBytes } = running.progress
    const sentBytes = step === 'publish' ? totalBytes : running.progress.sentBytes
    for (const requestId of running.targetIds) this.#opts.onProgress({ requestId, sentBytes, totalBytes, step })
  }

  /** A cancel the agent came too late for: what each account's story is now, and where to stop it. */
  #sayTooLate(targets: readonly PublishTarget[]): void {
    for (const target of targets) {
      const { state } = target.outcome
      if (state === 'scheduled' || state === 'queued')
        this.#opts.notice?.(userText('errors.agentPublish.cancelTooLatePlanned', { account: target.label }))
      else if (state === 'sent') this.#opts.notice?.(userText('errors.agentPublish.cancelTooLateSent', { account: target.label }))
    }
  }

  /** The agent's copy of a file whose story never went: let go there, and not reused for this press. */
  async #forget(requestId: string, draft: StoryDraft, sent: StoryDraft): Promise<void> {
    if (draft.kind !== 'media' || sent.kind !== 'media' || draft.media.grantId === null || sent.media.grantId === null) return
    this.#uploaded.delete(`${requestId} ${draft.media.grantId}`)
    await this.#opts.invoke('stories:media-release', { id: sent.media.grantId }, AGENT_CANCEL_TIMEOUT_MS).catch(() => undefined)
  }

  #refused(requestId: string, entry: Place, error: unknown): PublishTarget {
    return {
      accountId: entry.accountId,
      label: this.#opts.labelOf(entry.accountId) ?? entry.accountId,
      requestId: targetRequestId(requestId, entry.place),
      outcome: { state: 'refused', error: errorData(error) },
    }
  }
}

function cancelledHere(): AppError {
  return new AppError('cancelled', userText('storyErrors.publish.cancelled'), { published: false })
}

function badAnswer(): AppError {
  return new AppError('invalid-response', userText('errors.agentRouting.badAnswer'))
}
