import type { ParsedStoriesPage, ViewStatus } from '@shared/domain'
import { AppError } from '@shared/errors'
import { STORY_LIFETIME_MS } from '@shared/story/feed'
import type { HistoryEntry } from '@shared/story/records'
import { MAX_LIVE_STORIES, type LiveRecord } from '../../account/files/formats/insights-files'
import type { SamplingClaims } from '../../account/files/shared-documents'
import type { AccountWorkspace, PartKind } from '../../account/workspace/account-workspace'
import type { WorkspaceSource } from '../../account/workspace/workspaces'
import type { StoriesQuery } from '../../platform/api'
import type { Logger } from '../../platform/log/log'
import { fetchAllStories } from '../stories/feed/fetch-stories'
import { livePostedAt } from '../stories/feed/live-window'
import { minutesOf, recordFromHistory, recordFromMessage } from './insight-records'
import type { AccountInsights } from './insights-part'
import { KEEP_LIVE_MS } from './insights-store'
import { dueForSample, expired, LIST_EVERY_MS, MAX_FAILURES, pastLastChance, pauseAfter } from './sample-plan'

/** What sampling needs of an account's client. */
interface SamplingClient {
  listStories(query: StoriesQuery, options?: { signal?: AbortSignal }): Promise<ParsedStoriesPage>
  storyStatuses(id: string, options?: { signal?: AbortSignal }): Promise<{ statuses: ViewStatus[] }>
}

export interface SamplerOptions {
  workspaces: WorkspaceSource
  part: PartKind<AccountInsights>
  /** An account's publishing history: which stories are Statusdesk's, with their audience and style. */
  history: (accountId: string) => Promise<HistoryEntry[]>
  retentionDays: () => number
  /** New samples, a new story or one closed, in this account. */
  onChange: (accountId: string) => void
  log: Logger
  now?: () => number
  /** A round goes over every open account this often. */
  tickMs?: number
  /**
   * The accounts that run on the agent: their stories are sampled there, and asking twice would
   * spend their rate. Asked once a round, whatever the number of accounts.
   */
  elsewhere?: () => Promise<ReadonlySet<string>>
  /**
   * Who samples each account when several engines hold it (agents on one PostgreSQL server): an
   * account is sampled only under this engine's claim, renewed while it samples. Absent, every
   * open account is sampled here.
   */
  claims?: SamplingClaims | null
  /** How often a claim is renewed while its account is sampled; default 30 s, well within its lease. */
  renewClaimMs?: number
}

const DEFAULT_TICK_MS = 60_000
/** Samples one account asks for in one round at most, however many stories are due. */
const MAX_SAMPLES_PER_ROUND = 60
/** Expired stories are moved into the archive, and the retention applied, at least this often. */
const SETTLE_EVERY_MS = 6 * 3600_000
/** After a refusal that will not pass by itself (the token, the plan), the account is left alone this long. */
const REFUSED_PAUSE_MS = 30 * 60_000
/** How much later than the time it has a followed story may be re-dated by the server: clocks that disagree, not more. */
const REDATE_LATER_MS = 2 * 60_000

/** A claim is renewed this often while its account is sampled: well within its lease (sampling-claims, minutes). */
const RENEW_CLAIM_MS = 30_000

/** A request failed in a way that stops the account's round: the server is not to be asked again yet. */
class StopRound extends Error {
  constructor(readonly pauseMs: number) {
    super('round stopped')
  }
}

/** Another engine holds the account's claim now: this round stops and writes nothing of what it saw. */
class ClaimLost extends Error {
  constructor() {
    super('sampling claim lost')
  }
}

/**
 * Follows the viewers of every live story of every open account while the app runs: finds the
 * account's stories (those this app published, from the history; the others from the account's
 * story list), asks each one's viewers as often as sample-plan.ts says, one request at a time
 * per account, and closes each story with one last sample once it expired. A 429 (or a server
 * that cannot be reached) pauses the account, longer at each refusal in a row.
 */
export class InsightsSampler {
  readonly #opts: SamplerOptions
  readonly #now: () => number
  readonly #controller = new AbortController()
  readonly #settledAt = new Map<string, number>()
  /** The accounts whose claim this engine holds, with when (this machine's clock) it was last renewed. */
  readonly #claimed = new Map<string, number>()
  /** The last claim could not be asked for (the database is away). */
  #claimsDown = false
  #timer: NodeJS.Timeout | null = null
  #running: Promise<void> | null = null

  constructor(options: SamplerOptions) {
    this.#opts = options
    this.#now = options.now ?? Date.now
  }

  start(): void {
    if (this.#timer || this.#controller.signal.aborted) return
    this.#timer = setInterval(() => void this.tick(), this.#opts.tickMs ?? DEFAULT_TICK_MS)
    this.#timer.unref()
    void this.tick()
  }

  async dispose(): Promise<void> {
    if (this.#timer) clearInterval(this.#timer)
    this.#timer = null
    this.#controller.abort()
    await this.#running?.catch(() => {})
    // Let go at once: another engine takes these accounts at its next round, not when the lease runs out.
    const claims = this.#opts.claims
    if (!claims) return
    const held = [...this.#claimed.keys()]
    this.#claimed.clear()
    await Promise.all(held.map((id) => claims.release(id).catch((error: unknown) => this.#claimFailed('release', id, error))))
  }

  /** Takes or renews this engine's claim on the account (none needed without claims); false while another engine holds it. */
  async #hold(accountId: string): Promise<boolean> {
    const claims = this.#opts.claims
    if (!claims) return true
    const held = await claims.hold(accountId).then(
      (answer) => {
        this.#claimsDown = false
        return answer
      },
      (error: unknown) => {
        // Said once while the database is away, not once an account a round.
        if (!this.#claimsDown) this.#claimFailed('hold', accountId, error)
        this.#claimsDown = true
        return false
      },
    )
    if (held) this.#claimed.set(accountId, Date.now())
    else this.#claimed.delete(accountId)
    return held
  }

  /** Renews the claim when due, while the account is sampled; throws ClaimLost once another engine has it. */
  async #stillHeld(accountId: string): Promise<void> {
    const at = this.#claimed.get(accountId)
    if (!this.#opts.claims || (at !== undefined && Date.now() - at < (this.#opts.renewClaimMs ?? RENEW_CLAIM_MS))) return
    if (!(await this.#hold(accountId))) throw new ClaimLost()
  }

  #claimFailed(step: string, accountId: string, error: unknown): void {
    this.#opts.log.warn(`insights: sampling claim ${step} failed`, { accountId, error: String(error) })
  }

  /** One round over every open account; a round still on its way is waited for, not doubled. */
  tick(): Promise<void> {
    if (this.#controller.signal.aborted) return Promise.resolve()
    this.#running ??= this.#round().finally(() => {
      this.#running = null
    })
    return this.#running
  }

  /** The retention changed: every open account's archive keeps only its days, at the next round (now). */
  retentionChanged(): Promise<void> {
    this.#settledAt.clear()
    return this.tick().then(() => this.tick())
  }

  #open(): AccountWorkspace[] {
    return this.#opts.workspaces.all().filter((workspace) => workspace.mode !== 'closed')
  }

  async #round(): Promise<void> {
    // Asked when the round first needs it: a round with no account to sample asks nothing.
    let elsewhere: ReadonlySet<string> | null = null
    for (const workspace of this.#open()) {
      if (this.#controller.signal.aborted) return
      let insights: AccountInsights
      try {
        insights = workspace.part(this.#opts.part)
      } catch {
        continue
      }
      if (insights.disposed) continue
      elsewhere ??= (await this.#opts.elsewhere?.().catch(() => null)) ?? new Set()
      if (elsewhere.has(workspace.id)) continue
      // Held by another engine on the database: it samples this account, and its samples are read here.
      if (!(await this.#hold(workspace.id))) continue
      const round = this.#sampleAccount(workspace, insights)
      insights.round = round
      try {
        if (await round) this.#opts.onChange(workspace.id)
      } catch (error) {
        if (!this.#controller.signal.aborted) this.#opts.log.warn('insights round failed', { error: String(error) })
      } finally {
        insights.round = null
      }
    }
  }

  /** One account's round: its samples (when it has a client and is not paused), then the archive; true when anything changed. */
  async #sampleAccount(workspace: AccountWorkspace, insights: AccountInsights): Promise<boolean> {
    const now = this.#now()
    let changed = false
    if (now >= insights.pausedUntil) {
      const session = workspace.session() ?? (await workspace.ensureSession())
      if (session && !session.tokenNeeded && !insights.disposed) changed = await this.#sample(session.client, workspace.id, insights, now)
    }
    if (insights.disposed) return false
    return (await this.#settleIfDue(workspace.id, insights, now)) || changed
  }

  async #sample(client: SamplingClient, accountId: string, insights: AccountInsights, now: number): Promise<boolean> {
    const history = await this.#opts.history(accountId).catch(() => [] as HistoryEntry[])
    const file = await insights.store.readLive()
    const stories = new Map(file.stories.map((story) => [story.id, { ...story }]))
    let listedAt = file.listedAt
    let changed = addFromHistory(stories, history, now)
    try {
      if (listedAt === null || now - listedAt >= LIST_EVERY_MS || listedAt > now) {
        changed = (await this.#addListed(client, insights, stories, history, now)) || changed
        listedAt = now
      }
      changed = (await this.#sampleDue(client, insights, stories, now)) || changed
      insights.pauseMs = 0
    } catch (error) {
      if (error instanceof ClaimLost) return false
      if (!(error instanceof StopRound)) throw error
      insights.pauseMs = error.pauseMs
      insights.pausedUntil = now + error.pauseMs
    }
    for (const story of stories.values()) {
      if (!story.final && pastLastChance(story, now)) {
        story.final = true
        changed = true
      }
    }
    if (insights.disposed || (!changed && listedAt === file.listedAt)) return false
    const sorted = [...stories.values()].sort((a, b) => a.postedAt - b.postedAt)
    await insights.store.updateLive(() => ({ version: 1, listedAt, stories: sorted }))
    return changed
  }

  /** Finds the account's stories of the last 24 hours on the server; those it does not follow yet are added. */
  async #addListed(
    client: SamplingClient,
    insights: AccountInsights,
    stories: Map<string, LiveRecord>,
    history: readonly HistoryEntry[],
    now: number,
  ): Promise<boolean> {
    const byMessage = new Map(history.flatMap((entry) => (entry.messageId ? [[entry.messageId, entry] as const] : [])))
    const fetched = await this.#ask(insights, () =>
      fetchAllStories(
        { listStories: (query, options) => client.listStories({ ...query, fromMe: true }, options) },
        { signal: this.#controller.signal, now, timeFrom: Math.floor(now / 1000) - STORY_LIFETIME_MS / 1000 },
      ),
    )
    if (fetched.outOfWindow > 0) this.#opts.log.warn('insights: stories with an impossible time left out', { count: fetched.outOfWindow })
    let changed = false
    for (const message of fetched.messages) {
      if (!message.from_me) continue
      const postedAt = livePostedAt(message.timestamp, now)
      if (postedAt === null) continue
      const known = stories.get(message.id)
      if (known) {
        // The server's time is the story's: the history's is when the app heard back, a little
        // later. Moved later by more than clocks disagree, a story would never expire.
        if (!known.final && postedAt !== known.postedAt && postedAt - known.postedAt <= REDATE_LATER_MS) {
          known.postedAt = postedAt
          changed = true
        }
        continue
      }
      if (now - postedAt >= STORY_LIFETIME_MS || !hasRoom(stories)) continue
      const record = recordFromMessage(message, postedAt, byMessage, now)
      if (record) {
        stories.set(record.id, record)
        changed = true
      }
    }
    return changed
  }

  /** Asks the viewers of each story due, oldest sample first, within the round's bound. */
  async #sampleDue(client: SamplingClient, insights: AccountInsights, stories: Map<string, LiveRecord>, now: number): Promise<boolean> {
    const due = [...stories.values()].filter((story) => dueForSample(story, now)).sort((a, b) => a.sampledAt - b.sampledAt)
    let changed = false
    for (const story of due.slice(0, MAX_SAMPLES_PER_ROUND)) {
      const last = expired(story, now)
      let minutes: number[]
      try {
        const answer = await this.#ask(insights, () => client.storyStatuses(story.id, { signal: this.#controller.signal }))
        minutes = minutesOf(answer.statuses, story.postedAt)
      } catch (error) {
        if (!(error instanceof AppError)) throw error
        // Gone, or not the account's: what was seen is all there will be.
        if (error.code === 'not-found' || error.code === 'forbidden') story.final = true
        else if (++story.failures >= MAX_FAILURES) story.final = true
        story.sampledAt = now
        changed = true
        continue
      }
      // A server that lists fewer viewers than before has not taken views back: the larger count stands.
      if (minutes.length >= story.minutes.length) story.minutes = minutes
      story.sampledAt = now
      story.failures = 0
      if (last) story.final = true
      changed = true
    }
    return changed
  }

  /** A request; a refusal or an unreachable server stops the account's round (StopRound) with the pause it calls for. */
  async #ask<T>(insights: AccountInsights, request: () => Promise<T>): Promise<T> {
    await this.#stillHeld(insights.id)
    try {
      return await request()
    } catch (error) {
      if (this.#controller.signal.aborted) throw new StopRound(0)
      if (!(error instanceof AppError)) throw error
      const retryAfter = typeof error.details?.retryAfterSeconds === 'number' ? error.details.retryAfterSeconds * 1000 : null
      switch (error.code) {
        case 'rate-limited':
        case 'server':
        case 'offline':
        case 'timeout':
        case 'connection-closed':
          throw new StopRound(pauseAfter(insights.pauseMs, retryAfter))
        case 'unauthorized':
        case 'payment':
          throw new StopRound(REFUSED_PAUSE_MS)
        default:
          throw error
      }
    }
  }

  /** Moves stories into the archive and applies the retention when due; true when the archive changed. */
  async #settleIfDue(accountId: string, insights: AccountInsights, now: number): Promise<boolean> {
    const live = await insights.store.readLive()
    const movable = live.stories.some((story) => story.final && story.postedAt + KEEP_LIVE_MS <= now)
    const full = live.stories.length >= MAX_LIVE_STORIES
    const settledAt = this.#settledAt.get(accountId)
    if (!movable && !full && settledAt !== undefined && now - settledAt < SETTLE_EVERY_MS) return false
    this.#settledAt.set(accountId, now)
    const { moved, dropped } = await insights.store.settle(this.#opts.retentionDays(), { all: full })
    return moved + dropped > 0
  }
}

/** Statusdesk's stories of the last 24 hours, from the history, as soon as they are published. */
function addFromHistory(stories: Map<string, LiveRecord>, history: readonly HistoryEntry[], now: number): boolean {
  let changed = false
  for (const entry of history) {
    const postedAt = Date.parse(entry.publishedAt)
    if (!entry.messageId || stories.has(entry.messageId) || !(now - postedAt < STORY_LIFETIME_MS) || postedAt > now + 60_000) continue
    if (!hasRoom(stories)) break
    stories.set(entry.messageId, recordFromHistory({ ...entry, messageId: entry.messageId }, postedAt, now))
    changed = true
  }
  return changed
}

function hasRoom(stories: ReadonlyMap<string, LiveRecord>): boolean {
  return stories.size < MAX_LIVE_STORIES
}
