import { z } from 'zod'
import { MAX_PUBLISH_ACCOUNTS, type PublishResult, type PublishTarget, type PublishWhen, targetRequestId } from '@shared/channels/outbox'
import { AppErrorDataSchema } from '@shared/error-schemas'
import { AppError } from '@shared/errors'
import { userText } from '@shared/i18n/user-text'
import type { StoryDraft } from '@shared/story/draft'
import type { Logger } from '../../platform/log/log'
import { errorData } from '../stories/publish/outcomes'
import { isAway, translateIds } from './agent-answers'
import type { HostedAccount, HostedAccounts } from './hosted-accounts'

/** A publish to the agent answers once the agent holds the story, or has sent it now: a video may take a while. */
export const AGENT_PUBLISH_TIMEOUT_MS = 120_000
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
  /** Sends a file to the agent's media store: answers the agent's grant. */
  upload: (file: { path: string; name: string; size: number }) => Promise<unknown>
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

/**
 * A press that names an account running on the agent: that account's part is published on the
 * agent (which plans and sends it from then on, the laptop shut or not), the others' here, each
 * item under the request id the page computed from its place. A media file goes to the agent
 * first. Asking the agent again is safe: it answers a request id it has seen with its first answer.
 */
export class AgentPublish {
  readonly #opts: AgentPublishOptions
  readonly #uploaded = new Map<string, string>()

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
    const onAgent = await this.#onAgent(arg, theirs)
    const clean = onAgent.every((target) => target.outcome.state !== 'refused')
    // A part refused on the agent keeps the draft and its file: the local part must not end them.
    const here =
      mine.length === 0
        ? []
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

  async #onAgent(arg: PublishArg, theirs: readonly Place[]): Promise<PublishTarget[]> {
    try {
      const draft = await this.#withAgentMedia(arg.requestId, arg.draft)
      const call = {
        requestId: arg.requestId,
        draft,
        accountIds: theirs.map((entry) => entry.on!.agentAccountId),
        places: theirs.map((entry) => entry.place),
        ...(arg.when !== undefined && { when: arg.when }),
      }
      const answer = AgentAnswerSchema.safeParse(
        await this.#again(() => this.#opts.invoke('stories:publish', call, AGENT_PUBLISH_TIMEOUT_MS)),
      )
      if (!answer.success) throw new AppError('invalid-response', userText('errors.agentRouting.badAnswer'))
      const back = new Map(theirs.map((entry) => [entry.on!.agentAccountId, entry.accountId]))
      const targets = (translateIds(answer.data, back) as PublishResult).targets
      // Only the accounts asked about, each once: the agent's answer is a peer's, not trusted.
      return theirs.map(
        (entry) => targets.find((target) => target.accountId === entry.accountId) ?? this.#refused(arg.requestId, entry, badAnswer()),
      )
    } catch (error) {
      this.#opts.log.warn('publish on the agent refused', { code: error instanceof AppError ? error.code : 'internal' })
      return theirs.map((entry) => this.#refused(arg.requestId, entry, error))
    }
  }

  /** The draft checked here, with its media file sent to the agent, naming the agent's grant. */
  async #withAgentMedia(requestId: string, draft: StoryDraft): Promise<StoryDraft> {
    const file = await this.#opts.check(draft)
    const grantId = draft.kind === 'media' ? draft.media.grantId : null
    if (file === null || grantId === null) return draft
    const key = `${requestId} ${grantId}`
    let theirs = this.#uploaded.get(key)
    if (theirs === undefined) {
      const grant = GrantSchema.safeParse(await this.#opts.upload(file))
      if (!grant.success) throw badAnswer()
      theirs = grant.data.id
      this.#uploaded.set(key, theirs)
      if (this.#uploaded.size > UPLOADS_KEPT) this.#uploaded.delete(this.#uploaded.keys().next().value!)
    }
    return { ...draft, media: { ...draft.media, grantId: theirs } }
  }

  /** Once more after a call the agent may not have answered: it answers a request id it has seen with its first answer. */
  async #again<T>(call: () => Promise<T>): Promise<T> {
    try {
      return await call()
    } catch (error) {
      if (!isAway(error)) throw error
      await new Promise((resolve) => setTimeout(resolve, 1_000))
      return call()
    }
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

function badAnswer(): AppError {
  return new AppError('invalid-response', userText('errors.agentRouting.badAnswer'))
}
