import type { QueueOccurrence, QueueSettings, QueueSlot } from '@shared/channels/queue'
import { AppError } from '@shared/errors'
import { userText } from '@shared/i18n/user-text'
import type { OutboxItemView } from '@shared/story/records'
import type { WorkspaceSource } from '../../account/workspace/workspaces'
import type { Logger } from '../../platform/log/log'
import { isKnownZone, isSlotInstant, nextFreeInstant, slotInstants, sortedSlots } from './occurrences'
import { QUEUE_PART, type AccountQueue } from './queue-part'

/** How far ahead of now the next free slot must be: the story is planned, not found late at once, and the time shown before confirming still holds. */
export const QUEUE_MARGIN_MS = 15_000

/** How many slots "Add to queue" tries when others take them as it plans. */
const MAX_PLAN_TRIES = 5

/** The store refused the instant: another story holds it. */
function slotTaken(error: unknown): boolean {
  return error instanceof AppError && error.text.key === 'storyErrors.outbox.slotTaken'
}

/** The longest stretch the calendar may ask for at once. */
export const MAX_OCCURRENCE_SPAN_MS = 35 * 86_400_000

/** What the queue needs to know of an outbox story: which it is, where it stands, when it is due. */
export type QueueItem = Pick<OutboxItemView, 'id' | 'state' | 'dueAt'> & Partial<Pick<OutboxItemView, 'rev'>>

/** The accounts' outboxes, as the queue sees them. */
export interface QueueOutboxPort {
  /** The account's outbox stories (planned, on their way, waiting for the user). */
  items(accountId: string): Promise<QueueItem[]>
  /**
   * Plans a story not sent yet for another instant through the outbox schedule's own edit: its
   * claim, its "not in the past" and its states keep every promise (never sent twice, never late
   * without the user). With `uniqueDue` the store refuses an instant another story holds.
   */
  replan(accountId: string, itemId: string, dueAt: number, uniqueDue: boolean, rev?: number): Promise<void>
}

export interface QueueServiceOptions {
  workspaces: WorkspaceSource
  outbox: QueueOutboxPort
  /** The account's name as the user gave it, for messages. */
  labelOf: (accountId: string) => string | undefined
  /** An account's queue or the stories in its slots changed. */
  onChange: (accountId: string) => void
  log: Logger
  now?: () => number
  /** The zone a queue starts in until the user saves one: the system's. */
  systemZone?: () => string
}

/** Which stories of an account have a time, by that instant. */
function byInstant(items: readonly QueueItem[]): Map<number, QueueItem> {
  const taken = new Map<number, QueueItem>()
  for (const item of items) {
    if (item.dueAt === null) continue
    const at = Date.parse(item.dueAt)
    if (!taken.has(at)) taken.set(at, item)
  }
  return taken
}

function hasDuplicates(slots: readonly QueueSlot[]): boolean {
  return new Set(slots.map((slot) => `${slot.weekday} ${slot.time}`)).size !== slots.length
}

/**
 * Each account's posting queue: weekly slots read in one time zone, expanded into instants; a
 * slot is taken by the outbox story due at its instant. "Add to queue" plans a story in the
 * account's next free slot, and a move re-plans a queued story in another slot (changing places
 * with the story there), both through the outbox schedule's own paths.
 */
export class QueueService {
  readonly #opts: QueueServiceOptions
  readonly #now: () => number

  constructor(options: QueueServiceOptions) {
    this.#opts = options
    this.#now = options.now ?? Date.now
  }

  #part(accountId: string): AccountQueue {
    const workspace = this.#opts.workspaces.get(accountId)
    if (!workspace || workspace.mode === 'closed') throw new AppError('not-found', userText('queueErrors.accountGone'))
    return workspace.part(QUEUE_PART)
  }

  #systemZone(): string {
    return this.#opts.systemZone?.() ?? (Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC')
  }

  /** The account's queue; one never saved has no slots and the system's zone. */
  async get(accountId: string): Promise<QueueSettings> {
    return (await this.#part(accountId).read()) ?? { timeZone: this.#systemZone(), slots: [] }
  }

  /** Saves the account's slots and zone. Stories already planned keep their instants. */
  async set(accountId: string, settings: QueueSettings): Promise<QueueSettings> {
    if (!isKnownZone(settings.timeZone))
      throw new AppError('invalid-argument', userText('queueErrors.zoneUnknown', { zone: settings.timeZone }))
    if (hasDuplicates(settings.slots)) throw new AppError('invalid-argument', userText('queueErrors.duplicateSlot'))
    const part = this.#part(accountId)
    const saved: QueueSettings = { timeZone: settings.timeZone, slots: sortedSlots(settings.slots) }
    await part.write(saved)
    this.#opts.onChange(accountId)
    return saved
  }

  /** The slots of one account (or every open one) in [from, to), each with the story taking it, soonest first. */
  async occurrences(accountId: string | null, from: number, to: number): Promise<QueueOccurrence[]> {
    if (!(to > from) || to - from > MAX_OCCURRENCE_SPAN_MS) throw new AppError('invalid-argument', userText('queueErrors.rangeTooLong'))
    const ids =
      accountId !== null
        ? [accountId]
        : this.#opts.workspaces
            .all()
            .filter((workspace) => workspace.mode !== 'closed')
            .map((workspace) => workspace.id)
    const lists = await Promise.all(
      ids.map(async (id) => {
        const [settings, items] = await Promise.all([this.get(id), this.#opts.outbox.items(id)])
        const taken = byInstant(items)
        return slotInstants(settings, from, to).map((at) => ({
          accountId: id,
          at: new Date(at).toISOString(),
          itemId: taken.get(at)?.id ?? null,
        }))
      }),
    )
    return lists.flat().sort((a, b) => a.at.localeCompare(b.at) || a.accountId.localeCompare(b.accountId))
  }

  /** The next free slot of each account, or null (no slots, none free within a year, or the account is not open). */
  async nextFree(accountIds: readonly string[]): Promise<Array<{ accountId: string; at: string | null }>> {
    return Promise.all(
      accountIds.map(async (accountId) => {
        try {
          const at = await this.#nextFreeOf(accountId)
          return { accountId, at: at === null ? null : new Date(at).toISOString() }
        } catch {
          return { accountId, at: null }
        }
      }),
    )
  }

  async #nextFreeOf(accountId: string): Promise<number | null> {
    const [settings, items] = await Promise.all([this.get(accountId), this.#opts.outbox.items(accountId)])
    return nextFreeInstant(settings, this.#now() + QUEUE_MARGIN_MS, new Set(byInstant(items).keys()))
  }

  /**
   * Plans a story in the account's next free slot: `write` puts the story in the outbox for that
   * instant, and the outbox store refuses an instant another story took meanwhile (another press,
   * another engine): the next free slot is tried then, a few times at most.
   */
  async plan<T>(accountId: string, write: (dueAt: string) => Promise<T>): Promise<T> {
    const part = this.#part(accountId)
    const account = this.#opts.labelOf(accountId) ?? accountId
    // Instants the store refused: taken by a plan this view has not seen yet.
    const refused = new Set<number>()
    for (let attempt = 1; ; attempt++) {
      const settings = await part.read()
      if (!settings || settings.slots.length === 0) throw new AppError('invalid-request', userText('queueErrors.noSlots', { account }))
      const taken = new Set([...byInstant(await this.#opts.outbox.items(accountId)).keys(), ...refused])
      const at = nextFreeInstant(settings, this.#now() + QUEUE_MARGIN_MS, taken)
      if (at === null) throw new AppError('conflict', userText('queueErrors.full', { account }))
      try {
        const result = await write(new Date(at).toISOString())
        this.#opts.onChange(accountId)
        return result
      } catch (error) {
        if (!slotTaken(error) || attempt >= MAX_PLAN_TRIES) throw error
        refused.add(at)
      }
    }
  }

  /**
   * Moves a planned story of the account to the slot at `to`. A story already planned there takes
   * the first one's time, so the two change places; each change goes through the outbox's own
   * schedule edit, which refuses a story already on its way and a time in the past. With `rev`, a
   * story changed since the user saw it is not moved (the outbox refuses it).
   */
  async move(accountId: string, itemId: string, to: number, rev?: number): Promise<void> {
    this.#part(accountId)
    const settings = await this.get(accountId)
    if (!isSlotInstant(settings, to)) throw new AppError('invalid-argument', userText('queueErrors.move.notASlot'))
    if (to <= this.#now()) throw new AppError('invalid-argument', userText('queueErrors.move.passed'))
    const items = await this.#opts.outbox.items(accountId)
    const item = items.find((candidate) => candidate.id === itemId)
    if (!item) throw new AppError('not-found', userText('storyErrors.outbox.itemGone'))
    if (rev !== undefined && item.rev !== undefined && item.rev !== rev)
      throw new AppError('conflict', userText('storyErrors.outbox.changedMeanwhile'), { current: item.state })
    if ((item.state !== 'scheduled' && item.state !== 'missed') || item.dueAt === null)
      throw new AppError('conflict', userText('queueErrors.move.notPlanned'))
    const from = Date.parse(item.dueAt)
    if (from !== to) {
      const there = items.filter((other) => other.id !== itemId && other.dueAt !== null && Date.parse(other.dueAt) === to)
      if (there.some((other) => other.state !== 'scheduled' && other.state !== 'missed'))
        throw new AppError('conflict', userText('queueErrors.move.slotBusy'))
      if (there.length > 0 && (item.state !== 'scheduled' || from <= this.#now()))
        throw new AppError('conflict', userText('queueErrors.move.cannotSwap'))
      await this.#swap(accountId, { id: itemId, rev }, to, there, from)
    }
    this.#opts.onChange(accountId)
  }

  /** The stories in the slot go to the moved story's time first, so the slot is free when it arrives; undone if it cannot. */
  async #swap(
    accountId: string,
    moving: { id: string; rev: number | undefined },
    to: number,
    there: readonly QueueItem[],
    from: number,
  ): Promise<void> {
    const { outbox, log } = this.#opts
    const moved: QueueItem[] = []
    try {
      for (const other of there) {
        await outbox.replan(accountId, other.id, from, false)
        moved.push(other)
      }
      // The slot is free now, unless another plan took it meanwhile: the store refuses that.
      await outbox.replan(accountId, moving.id, to, true, moving.rev)
    } catch (error) {
      for (const other of moved)
        await outbox
          .replan(accountId, other.id, to, false)
          .catch((undo: unknown) => log.warn('queue swap not undone', { error: undo instanceof Error ? undo.message : String(undo) }))
      throw error
    }
  }
}
