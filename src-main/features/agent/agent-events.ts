import type { OutboxItemEnd } from '@shared/channels/outbox'
import type { EventHub } from '../../platform/events'
import type { Logger } from '../../platform/log/log'
import { type AskAuthors, withAuthors } from './agent-authors'
import { translateIds } from './agent-answers'
import type { HostedAccounts } from './hosted-accounts'

/** The largest event read from the agent: a bigger one ends the stream (the views read again). */
export const MAX_AGENT_EVENT_BYTES = 512 * 1024
/** Most items of one outbox event: more is not an answer the agent gives. */
const MAX_EVENT_ITEMS = 5_000
const FIRST_RETRY_MS = 1_000
const LAST_RETRY_MS = 60_000

/** Events about one account that the desktop re-emits for a hosted account, with its own id. */
const FOLLOWED = new Set(['stories:outbox-changed', 'stories:history-changed', 'insights:changed', 'queue:changed'])

export interface AgentEventsOptions {
  open: (signal: AbortSignal) => Promise<Response | null>
  hosted: HostedAccounts
  events: EventHub
  log: Logger
  /** Told each time the stream opens: the agent is back, waiting edits can go. */
  onConnected?: () => void
  /** Told of a hosted account's outbox as the agent now has it (in this desktop's ids), to keep as its last state. */
  onOutbox?: (accountId: string, items: readonly unknown[]) => Promise<void>
  /** Who planned and who last changed the agent's items: an outbox event's items are named with it. */
  authors?: AskAuthors
  firstRetryMs?: number
  lastRetryMs?: number
  maxEventBytes?: number
}

export interface AgentEvent {
  name: string
  data: unknown
}

/**
 * Splits server-sent events out of text as it comes, a block at a time. A block longer than the
 * cap throws: the stream is the agent's, and a peer that never ends an event is not waited on.
 */
export class EventBlocks {
  #buffer = ''
  readonly #cap: number

  constructor(cap: number) {
    this.#cap = cap
  }

  push(text: string): AgentEvent[] {
    this.#buffer += text.replace(/\r\n?/g, '\n')
    const out: AgentEvent[] = []
    let end = this.#buffer.indexOf('\n\n')
    while (end >= 0) {
      const event = parseBlock(this.#buffer.slice(0, end))
      if (event) out.push(event)
      this.#buffer = this.#buffer.slice(end + 2)
      end = this.#buffer.indexOf('\n\n')
    }
    if (this.#buffer.length > this.#cap) throw new RangeError('agent event too large')
    return out
  }
}

function parseBlock(block: string): AgentEvent | null {
  let name = ''
  const data: string[] = []
  for (const line of block.split('\n')) {
    if (line.startsWith('event:')) name = line.slice(6).trim()
    else if (line.startsWith('data:')) data.push(line.slice(5).trimStart())
  }
  if (!FOLLOWED.has(name)) return null
  try {
    return { name, data: JSON.parse(data.join('\n')) }
  } catch {
    return null
  }
}

/**
 * Follows the paired agent's event stream while accounts are hosted there, and re-emits the
 * changes of those accounts in this desktop's ids so that the views read again within seconds.
 * Reconnects after a growing pause (capped), from the first pause again once a stream opened.
 */
export class AgentEvents {
  readonly #opts: AgentEventsOptions
  #abort: AbortController | null = null
  #running = false
  #retryMs: number
  #wake: (() => void) | null = null
  #timer: ReturnType<typeof setTimeout> | null = null
  #unlisten: (() => void) | null = null

  constructor(options: AgentEventsOptions) {
    this.#opts = options
    this.#retryMs = options.firstRetryMs ?? FIRST_RETRY_MS
  }

  start(): void {
    if (this.#running) return
    this.#running = true
    this.#unlisten = this.#opts.hosted.onChange(() => this.#wakeUp())
    void this.#loop()
  }

  stop(): void {
    this.#running = false
    this.#unlisten?.()
    this.#abort?.abort()
    this.#wakeUp()
  }

  #wakeUp(): void {
    if (this.#timer !== null) clearTimeout(this.#timer)
    this.#timer = null
    const wake = this.#wake
    this.#wake = null
    wake?.()
  }

  async #loop(): Promise<void> {
    while (this.#running) {
      if ((await this.#opts.hosted.list()).length === 0) {
        // Nothing hosted: nothing to follow until an account is handed over (or the stop).
        await new Promise<void>((resolve) => (this.#wake = resolve))
        continue
      }
      await this.#follow().catch(() => undefined)
      if (!this.#running) return
      await new Promise<void>((resolve) => {
        this.#wake = resolve
        this.#timer = setTimeout(resolve, this.#retryMs)
      })
      this.#retryMs = Math.min(this.#retryMs * 2, this.#opts.lastRetryMs ?? LAST_RETRY_MS)
    }
  }

  async #follow(): Promise<void> {
    const abort = new AbortController()
    this.#abort = abort
    try {
      const response = await this.#opts.open(abort.signal)
      if (!response?.ok || response.body === null) return void (await response?.body?.cancel().catch(() => undefined))
      this.#retryMs = this.#opts.firstRetryMs ?? FIRST_RETRY_MS
      this.#opts.onConnected?.()
      const blocks = new EventBlocks(this.#opts.maxEventBytes ?? MAX_AGENT_EVENT_BYTES)
      const decoder = new TextDecoder()
      const reader = response.body.getReader()
      for (;;) {
        const { done, value } = await reader.read()
        if (done || !this.#running) break
        for (const event of blocks.push(decoder.decode(value, { stream: true }))) await this.#reemit(event)
      }
    } catch (error) {
      this.#opts.log.info('agent event stream ended', { reason: error instanceof Error ? error.name : 'unknown' })
    } finally {
      abort.abort()
    }
  }

  async #reemit({ name, data }: AgentEvent): Promise<void> {
    if (data === null || typeof data !== 'object' || !('accountId' in data) || typeof data.accountId !== 'string') return
    const agentId = data.accountId
    const account = (await this.#opts.hosted.list()).find((entry) => entry.agentAccountId === agentId)
    if (!account) return
    const ids = new Map([[agentId, account.accountId]])
    const { events } = this.#opts
    if (name === 'stories:outbox-changed') {
      const payload = data as { items?: unknown; left?: unknown }
      if (!Array.isArray(payload.items) || payload.items.length > MAX_EVENT_ITEMS) return
      const left = Array.isArray(payload.left) ? (payload.left.slice(0, MAX_EVENT_ITEMS) as OutboxItemEnd[]) : []
      const translated = translateIds(payload.items, ids) as Array<Record<string, unknown>>
      const items = (await withAuthors(translated, agentId, this.#opts.authors, this.#opts.log)).map((item) => ({
        ...item,
        where: 'agent' as const,
      }))
      await this.#opts.onOutbox?.(account.accountId, items).catch(() => undefined)
      events.emit('stories:outbox-changed', { accountId: account.accountId, items: items as never, left })
    } else if (name === 'stories:history-changed') events.emit('stories:history-changed', { accountId: account.accountId })
    else if (name === 'insights:changed') events.emit('insights:changed', { accountId: account.accountId })
    else if (name === 'queue:changed') events.emit('queue:changed', { accountId: account.accountId })
  }
}
