import { randomUUID } from 'node:crypto'
import { z } from 'zod'
import type { HostedAccountView } from '@shared/channels/agent'
import { LIBRARY_ID, MAX_AUDIENCES } from '@shared/story/library'
import { AppError } from '@shared/errors'
import { userText } from '@shared/i18n/user-text'
import type { HandoverEntry, HandoverJournal } from '../../account/files/formats/hosted-accounts'
import type { JsonStore } from '../../account/files/json-store'
import type { Logger } from '../../platform/log/log'
import type { InsightsHandover } from '../insights/insights-handover'
import { badAudiences, type AudiencesHandover } from '../stories/library/audiences-handover'
import type { OutboxHandover } from '../stories/outbox/outbox-handover'
import { isAway } from './agent-answers'
import type { HostedAccounts } from './hosted-accounts'
import type { AudiencesLeft, HandoversLeft } from './handovers-left'
import type { TeamStories } from './team-stories'

/** An archive of 32 MB in pieces of 1 MB, and some: a peer that never says "last" is not followed for ever. */
const MAX_INSIGHT_PIECES = 40
/** The agent's piece, read as a peer's: its size is checked again where it is taken. */
const InsightsPieceSchema = z.object({
  from: z.string().min(1).max(64),
  offset: z.number().int().min(0),
  total: z.number().int().min(0),
  piece: z.string().max(2_000_000),
  live: z.record(z.string(), z.unknown()).nullable(),
})
/** The agent's page of saved audiences, read as a peer's: each audience is read again where it is taken. */
const AudiencesPageSchema = z.object({ audiences: z.array(z.unknown()).max(MAX_AUDIENCES), next: LIBRARY_ID.nullable() })
/** The agent's count of audiences it had no room for (`AudiencesTaken.full`); an older agent says none. */
const TakenSchema = z.object({ full: z.number().int().min(0).max(MAX_AUDIENCES) })

export interface HandoverServiceOptions {
  /** Calls the paired agent as this device (agent-link.ts). */
  invoke: (channel: string, arg: unknown) => Promise<unknown>
  /** The paired agent's origin, or null when none is paired. */
  agentUrl: () => Promise<string | null>
  hosted: HostedAccounts
  /** This desktop's side of each hand-over. */
  local: OutboxHandover
  journal: JsonStore<HandoverJournal>
  /** Per account, what its last hand-over could not move of its saved audiences, said with it in the list. */
  left: HandoversLeft
  accounts: {
    list: () => readonly { id: string; label: string; isDemo: boolean; followed?: boolean }[]
    baseUrlOf: (id: string) => string | undefined
    providerToken: (id: string) => Promise<string | undefined>
  }
  /** This desktop's side of the account's insights moving with it (insights-handover.ts). */
  insights: InsightsHandover
  /** This desktop's side of the saved audiences the moving stories name (audiences-handover.ts). */
  audiences: AudiencesHandover
  /** The account's posting-queue slots: they move with its stories. */
  queue: { get: (accountId: string) => Promise<unknown>; set: (accountId: string, settings: unknown) => Promise<unknown> }
  /** The accounts' places changed: the pages ask again. */
  changed: () => void
  /** The account's stories on the agent that other devices planned (team-stories.ts); absent, none are asked about. */
  teamStories?: (agentAccountId: string) => Promise<TeamStories>
  log: Logger
  now?: () => Date
}

/**
 * "Run on the agent" and "Bring back to this computer" for one account. The account's stories
 * not yet gone move exactly once (outbox-handover.ts says how each side holds and takes); this
 * keeps the order of the steps and a journal entry from the first step to the last, so a desktop
 * killed at any moment finishes the hand-over at its next start instead of guessing.
 */
export class HandoverService {
  readonly #opts: HandoverServiceOptions
  /** One hand-over at a time per desktop: the steps of two would interleave in the journal. */
  #queue: Promise<unknown> = Promise.resolve()

  constructor(options: HandoverServiceOptions) {
    this.#opts = options
  }

  /** Where each account runs, and any hand-over not finished. */
  async list(): Promise<HostedAccountView[]> {
    const hosted = await this.#opts.hosted.list()
    const pending = (await this.#opts.journal.read())?.entries ?? []
    const left = await this.#opts.left.read()
    return this.#opts.accounts.list().map((account) => {
      const on = hosted.find((entry) => entry.accountId === account.id)
      const open = pending.find((entry) => entry.accountId === account.id)
      return {
        accountId: account.id,
        label: account.label,
        where: on ? 'agent' : 'here',
        since: on?.since ?? null,
        pending: open?.direction ?? null,
        canMove: !account.isDemo && !account.followed,
        followed: account.followed === true,
        ...(left.has(account.id) && { audiencesLeft: left.get(account.id)! }),
      }
    })
  }

  /** Moves the account's stories to the agent; the agent sends them from then on. */
  handOver(accountId: string): Promise<HostedAccountView[]> {
    return this.#serial(async () => {
      if (await this.#opts.hosted.get(accountId)) throw new AppError('conflict', userText('errors.handover.onAgent'))
      const entry = await this.#entryFor(accountId, 'to-agent')
      await this.#toAgent(entry)
      return this.list()
    })
  }

  /**
   * Moves the account's stories back from the agent; this desktop sends them from then on.
   * Stories other devices of the team planned there come too only when `othersToo` says so:
   * here they would go out only while this computer runs.
   */
  bringBack(accountId: string, { othersToo = false }: { othersToo?: boolean } = {}): Promise<HostedAccountView[]> {
    return this.#serial(async () => {
      const hosted = await this.#opts.hosted.get(accountId)
      if (!hosted) throw new AppError('conflict', userText('errors.handover.notOnAgent'))
      // Followed without its token: this computer could not send its stories, so they stay on the agent.
      if (this.#opts.accounts.list().find((account) => account.id === accountId)?.followed)
        throw new AppError('conflict', userText('errors.handover.followedOnly'))
      const begun = (await this.#opts.journal.read())?.entries.some((open) => open.accountId === accountId && open.direction === 'back')
      if (!othersToo && !begun && this.#opts.teamStories) {
        const team = await this.#opts.teamStories(hosted.agentAccountId)
        if (team.count > 0)
          throw new AppError('conflict', userText('errors.handover.teamStories', { count: team.count, people: team.names.join(', ') }), {
            teamStories: team.count,
          })
      }
      const entry = await this.#entryFor(accountId, 'back', hosted.agentAccountId)
      await this.#back(entry)
      return this.list()
    })
  }

  /** Finishes every hand-over a crash or a missing agent left open; one that still cannot finish waits for the next start. */
  resume(): Promise<void> {
    return this.#serial(async () => {
      for (const entry of (await this.#opts.journal.read())?.entries ?? []) {
        try {
          await (entry.direction === 'to-agent' ? this.#toAgent(entry) : this.#back(entry))
          this.#opts.log.info('hand-over finished after a restart', { accountId: entry.accountId, direction: entry.direction })
        } catch (error) {
          this.#opts.log.warn('hand-over still open', { accountId: entry.accountId, error: codeOf(error) })
        }
      }
    })
  }

  async #toAgent(start: HandoverEntry): Promise<void> {
    const { local, invoke } = this.#opts
    const entry = start.agentAccountId === null ? await this.#connectOnAgent(start) : start
    const scope = { handoverId: entry.id, accountId: entry.agentAccountId! }
    let ids: string[]
    try {
      ids = await local.hold(entry.accountId, entry.id)
    } catch (error) {
      // Nothing was given yet: what was held goes free, and the hand-over is as if never begun.
      if (
        !entry.giving &&
        (await local.unhold(entry.accountId, entry.id).then(
          () => true,
          () => false,
        ))
      )
        await this.#dropEntry(entry.id)
      throw error
    }
    if (!entry.giving) await this.#putEntry({ ...entry, giving: true })
    // The posting-queue slots first: a story queued on the agent lands in the same slots it had
    // here. An account the agent runs already (another desktop of the team handed it over) keeps
    // the slots it has there: they are the team's, and this desktop's would overwrite them.
    const theirs = (await invoke('queue:get', { accountId: scope.accountId })) as { slots?: unknown } | null
    if (!Array.isArray(theirs?.slots) || theirs.slots.length === 0)
      await invoke('queue:set', { accountId: scope.accountId, settings: await this.#opts.queue.get(entry.accountId) })
    for (const id of ids) {
      const given = await local.give(entry.accountId, entry.id, id)
      await invoke('handover:take', { ...scope, item: given.item, media: given.media })
    }
    await invoke('handover:taken', scope)
    await this.#tellLeft(entry.accountId, 'to-agent', await this.#audiencesTo(entry.accountId, scope))
    await this.#insightsTo(entry.accountId, scope)
    // The agent has every story: from here this desktop shows them, and holds no copy that could go.
    await this.#opts.hosted.add({
      accountId: entry.accountId,
      agentAccountId: scope.accountId,
      handoverId: entry.id,
      agentUrl: entry.agentUrl,
      since: this.#now().toISOString(),
    })
    await local.release(entry.accountId, entry.id)
    await this.#dropEntry(entry.id)
    this.#opts.changed()
  }

  async #back(entry: HandoverEntry): Promise<void> {
    const { local, invoke } = this.#opts
    const scope = { handoverId: entry.id, accountId: entry.agentAccountId! }
    const { ids } = (await invoke('handover:hold', scope)) as { ids: string[] }
    if (!entry.giving) await this.#putEntry({ ...entry, giving: true })
    await this.#opts.queue.set(entry.accountId, await invoke('queue:get', { accountId: scope.accountId }))
    for (const id of ids) {
      const given = (await invoke('handover:give', { ...scope, id })) as { item: unknown; media: string | null }
      await local.take(entry.accountId, entry.id, given)
    }
    await local.taken(entry.accountId)
    await this.#tellLeft(entry.accountId, 'back', await this.#audiencesBack(entry.accountId, scope))
    await this.#insightsBack(entry.accountId, scope)
    // This desktop has every story: the agent's held copies go, and the account runs here again.
    await invoke('handover:release', scope)
    await this.#opts.hosted.remove(entry.accountId)
    await this.#dropEntry(entry.id)
    this.#opts.changed()
  }

  /**
   * The saved audiences the account's held stories name, to the agent a page at a time (while the
   * stories are still held here, so a hand-over taken up again finds them). The agent adds each
   * once by its id. Those it has no room for or refuses stay here (nothing is taken from this
   * library), and are counted for the user: the stories carry their numbers.
   */
  async #audiencesTo(accountId: string, scope: { handoverId: string; accountId: string }): Promise<AudiencesLeft> {
    const left: AudiencesLeft = { full: 0, failed: 0 }
    try {
      let after: string | null = null
      for (let pages = 0; pages <= MAX_AUDIENCES; pages++) {
        const page = await this.#opts.audiences.give(accountId, scope.handoverId, after)
        if (page.audiences.length > 0) {
          try {
            const answer = await this.#opts.invoke('handover:audiences-take', { ...scope, audiences: page.audiences })
            left.full += TakenSchema.safeParse(answer).data?.full ?? 0
          } catch (error) {
            // A page refused does not stop the next: each page is taken whole or not at all.
            if (isAway(error)) throw error
            left.failed += page.audiences.length
            this.#opts.log.warn('saved audiences not handed over', { accountId, error: codeOf(error) })
          }
        }
        if (page.next === null) break
        after = page.next
      }
    } catch (error) {
      if (isAway(error)) throw error
      left.failed = Math.max(left.failed, 1)
      this.#opts.log.warn('saved audiences not handed over', { accountId, error: codeOf(error) })
    }
    return left
  }

  /** The saved audiences the agent's held stories of the account name, added here each once by its id; those that do not fit stay on the agent. */
  async #audiencesBack(accountId: string, scope: { handoverId: string; accountId: string }): Promise<AudiencesLeft> {
    const left: AudiencesLeft = { full: 0, failed: 0 }
    let pending = 0
    try {
      let after: string | null = null
      // Each page holds one audience at least: more pages than audiences is a peer that never ends.
      for (let pages = 0; pages <= MAX_AUDIENCES; pages++) {
        const answer = await this.#opts.invoke('handover:audiences-give', { ...scope, after })
        const read = AudiencesPageSchema.safeParse(answer)
        if (!read.success) throw badAudiences()
        pending = read.data.audiences.length
        left.full += (await this.#opts.audiences.take(accountId, read.data.audiences)).full
        pending = 0
        if (read.data.next === null || (after !== null && read.data.next <= after)) break
        after = read.data.next
      }
    } catch (error) {
      if (isAway(error)) throw error
      left.failed = Math.max(pending, 1)
      this.#opts.log.warn('saved audiences not brought back', { accountId, error: codeOf(error) })
    }
    return left
  }

  /** What did not move of the account's saved audiences, kept to be said with the account in the list (across restarts). */
  #tellLeft(accountId: string, direction: HandoverEntry['direction'], left: AudiencesLeft): Promise<void> {
    const known = this.#opts.accounts.list().map((account) => account.id)
    return this.#opts.left.tell(accountId, direction, left, known)
  }

  /**
   * The account's insights to the agent, a piece at a time. They stay here too (the views read the
   * agent's from now on); the agent merges them by story id, so a repeat counts nothing twice.
   * Insights that cannot go (too large, unreadable) are said in the log and stay here: the
   * stories matter more than the figures, and they have moved.
   */
  async #insightsTo(accountId: string, scope: { handoverId: string; accountId: string }): Promise<void> {
    try {
      for (let offset = 0, pieces = 0; pieces < MAX_INSIGHT_PIECES; pieces++) {
        const piece = await this.#opts.insights.give(accountId, scope.handoverId, offset)
        const answer = (await this.#opts.invoke('handover:insights-take', { ...scope, ...piece })) as { done?: unknown }
        offset = piece.offset + Buffer.from(piece.piece, 'base64').byteLength
        if (answer?.done === true || piece.live !== null) return
      }
    } catch (error) {
      if (isAway(error)) throw error
      this.#opts.log.warn('insights not handed over', { accountId, error: codeOf(error) })
    }
  }

  /** The account's insights from the agent, merged into this desktop's by story id. */
  async #insightsBack(accountId: string, scope: { handoverId: string; accountId: string }): Promise<void> {
    try {
      for (let offset = 0, pieces = 0; pieces < MAX_INSIGHT_PIECES; pieces++) {
        const piece = InsightsPieceSchema.parse(await this.#opts.invoke('handover:insights-give', { ...scope, offset }))
        const taken = await this.#opts.insights.take(accountId, scope.handoverId, piece)
        offset = piece.offset + Buffer.from(piece.piece, 'base64').byteLength
        if (taken.done || piece.live !== null) return
      }
    } catch (error) {
      if (isAway(error)) throw error
      this.#opts.log.warn('insights not brought back', { accountId, error: codeOf(error) })
    }
  }

  /** Gives the agent the account (its server and provider token, sealed there with the operator's key). */
  async #connectOnAgent(entry: HandoverEntry): Promise<HandoverEntry> {
    const { accounts } = this.#opts
    const account = accounts.list().find((item) => item.id === entry.accountId)
    const baseUrl = accounts.baseUrlOf(entry.accountId)
    const token = await accounts.providerToken(entry.accountId)
    if (!account || account.isDemo || baseUrl === undefined || token === undefined) {
      await this.#dropEntry(entry.id)
      throw new AppError('unauthorized', userText(account?.isDemo ? 'errors.handover.demo' : 'errors.handover.noToken'))
    }
    // The agent finds an account it holds already by its server's answer (connect-flow.ts): a repeat adds none.
    let connected: { id: string }
    try {
      connected = (await this.#opts.invoke('accounts:connect', { baseUrl, token, label: account.label })) as { id: string }
    } catch (error) {
      // Nothing is held yet: the hand-over ends here, and the user may try again.
      await this.#dropEntry(entry.id)
      throw error
    }
    const next = { ...entry, agentAccountId: connected.id }
    await this.#putEntry(next)
    return next
  }

  /** The account's open hand-over, or a new one written before any step. */
  async #entryFor(accountId: string, direction: HandoverEntry['direction'], agentAccountId: string | null = null): Promise<HandoverEntry> {
    const open = (await this.#opts.journal.read())?.entries.find((entry) => entry.accountId === accountId)
    if (open && open.direction !== direction) throw new AppError('conflict', userText('errors.handover.unfinished'))
    if (open) return open
    const agentUrl = await this.#opts.agentUrl()
    if (agentUrl === null) throw new AppError('invalid-request', userText('errors.agentLink.notPaired'))
    const entry: HandoverEntry = {
      id: randomUUID(),
      accountId,
      direction,
      agentUrl,
      agentAccountId,
      giving: false,
      startedAt: this.#now().toISOString(),
    }
    await this.#putEntry(entry)
    this.#opts.changed()
    return entry
  }

  async #putEntry(entry: HandoverEntry): Promise<void> {
    await this.#opts.journal.update((current) => ({
      version: 1,
      entries: [...(current?.entries ?? []).filter((item) => item.id !== entry.id), entry],
    }))
  }

  async #dropEntry(id: string): Promise<void> {
    await this.#opts.journal.update((current) =>
      current?.entries.some((item) => item.id === id)
        ? { version: 1, entries: current.entries.filter((item) => item.id !== id) }
        : undefined,
    )
  }

  #now(): Date {
    return (this.#opts.now ?? (() => new Date()))()
  }

  #serial<T>(work: () => Promise<T>): Promise<T> {
    const run = this.#queue.then(work, work)
    this.#queue = run.catch(() => undefined)
    return run
  }
}

function codeOf(error: unknown): string {
  return error instanceof AppError ? error.code : error instanceof Error ? error.name : 'unknown'
}
