import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client'
import type { EventPayload } from '@shared/channels/contract'
import { OUTBOX_STATES, type OutboxItemView, type OutboxState } from '@shared/story/records'
import type { EventHub } from '../platform/events'

/** Lateness buckets, in seconds: a story on time is sent within a second or two of its instant. */
const LATENESS_BUCKETS = [0.25, 0.5, 1, 2, 5, 10, 30, 60, 300, 1800]
/** A lateness past this is not a send on time gone slow but a story the engine was not running for. */
const MAX_LATENESS_S = 7 * 86_400

// developer-only: each metric's HELP line, read by whoever reads the scrape (Prometheus's own format is English)
const HELP = {
  planned: 'Stories planned for a time.',
  ended: 'Stories that reached an outcome: sent, unknown (being reconciled) or failed.',
  lateness: 'How long after its planned instant a planned story was sent.',
  depth: 'Stories in the outbox, by state.',
  insights: 'Times the insights sampler recorded something new for an account.',
}

type OutboxChange = EventPayload<'stories:outbox-changed'>
type Seen = Map<string, { state: OutboxState; dueAt: string | null }>

/**
 * What the agent's Prometheus scrape reads (prom-client): per account, the stories planned, sent,
 * unknown and failed, how late the planned ones went out, the outbox's depth by state, and how
 * often insights were recorded; plus the process's own figures. Accounts are named by their id
 * only: no label, number, server, story text or token is ever a label or a value here.
 * Everything is learnt from the events the engine already says, so nothing in it can change
 * what the engine does.
 */
export class AgentMetrics {
  readonly registry = new Registry()
  readonly #seen = new Map<string, Seen>()
  readonly #now: () => number
  readonly #planned: Counter<'account'>
  readonly #ended: Counter<'account' | 'outcome'>
  readonly #lateness: Histogram<'account'>
  readonly #depth: Gauge<'account' | 'state'>
  readonly #insights: Counter<'account'>
  readonly #unsubscribe: () => void

  constructor(events: EventHub, now: () => number = Date.now) {
    this.#now = now
    const registers = [this.registry]
    this.#planned = new Counter({
      name: 'statusdesk_stories_planned_total',
      help: HELP.planned,
      labelNames: ['account'],
      registers,
    })
    this.#ended = new Counter({
      name: 'statusdesk_stories_total',
      help: HELP.ended,
      labelNames: ['account', 'outcome'],
      registers,
    })
    this.#lateness = new Histogram({
      name: 'statusdesk_story_lateness_seconds',
      help: HELP.lateness,
      labelNames: ['account'],
      buckets: LATENESS_BUCKETS,
      registers,
    })
    this.#depth = new Gauge({
      name: 'statusdesk_outbox_items',
      help: HELP.depth,
      labelNames: ['account', 'state'],
      registers,
    })
    this.#insights = new Counter({
      name: 'statusdesk_insights_recorded_total',
      help: HELP.insights,
      labelNames: ['account'],
      registers,
    })
    collectDefaultMetrics({ register: this.registry, prefix: 'statusdesk_agent_' })
    this.#unsubscribe = events.subscribe((name, payload) => {
      if (name === 'stories:outbox-changed') this.#outboxChanged(payload as OutboxChange)
      else if (name === 'insights:changed') this.#insights.inc({ account: (payload as { accountId: string }).accountId })
    })
  }

  /** The outboxes as they stand at start: what is already there was planned before, and is not counted again. */
  seed(items: readonly OutboxItemView[]): void {
    for (const item of items) {
      const seen = this.#seen.get(item.accountId) ?? new Map()
      seen.set(item.id, { state: item.state, dueAt: item.dueAt })
      this.#seen.set(item.accountId, seen)
    }
  }

  /** The scrape's answer. */
  async scrape(): Promise<{ contentType: string; body: string }> {
    return { contentType: this.registry.contentType, body: await this.registry.metrics() }
  }

  stop(): void {
    this.#unsubscribe()
  }

  /** One account's outbox, whole: what is new, what changed state and what left since its last change. */
  #outboxChanged({ accountId: account, items, left }: OutboxChange): void {
    const before: Seen = this.#seen.get(account) ?? new Map()
    const now: Seen = new Map()
    for (const item of items) {
      const earlier = before.get(item.id)
      if (item.state === 'scheduled' && earlier === undefined) this.#planned.inc({ account })
      if ((item.state === 'unknown' || item.state === 'failed') && earlier?.state !== item.state)
        this.#ended.inc({ account, outcome: item.state })
      now.set(item.id, { state: item.state, dueAt: item.dueAt })
    }
    for (const end of left) {
      if (end.outcome !== 'published') continue
      this.#ended.inc({ account, outcome: 'sent' })
      const lateness = latenessOf(before.get(end.id)?.dueAt ?? null, this.#now())
      if (lateness !== null) this.#lateness.observe({ account }, lateness)
    }
    this.#seen.set(account, now)
    for (const state of OUTBOX_STATES) this.#depth.set({ account, state }, items.filter((item) => item.state === state).length)
  }
}

/** Seconds from the planned instant to now; null for a story not planned, or an instant out of range. */
function latenessOf(dueAt: string | null, now: number): number | null {
  if (dueAt === null) return null
  const due = Date.parse(dueAt)
  if (!Number.isFinite(due)) return null
  const seconds = Math.max(0, (now - due) / 1000)
  return seconds <= MAX_LATENESS_S ? seconds : null
}
