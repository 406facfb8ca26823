import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { AppError } from '@shared/errors'
import { userText } from '@shared/i18n/user-text'
import type { OutboxState } from '@shared/story/records'
import { HANDOVER_MEDIA_MAX_BYTES } from '@shared/channels/handover'
import type { HandoversTakenFile } from '../../../account/files/formats/hosted-accounts'
import { type OutboxItem, OutboxItemSchema } from '../../../account/files/formats/outbox-item'
import type { JsonStore } from '../../../account/files/json-store'
import { claimLive, HANDOVER_OWNER_PREFIX, StoreConflict, type OutboxStore } from './store/outbox-store'

/** A hand-over's hold outlives any crash of either side: only the hand-over itself ends it (finished, or taken back). */
const HOLD_MS = 5 * 365 * 24 * 3_600_000
/** What moves: the stories not yet gone that nothing is sending. Sent, unknown and sending ones stay where they are. */
const MOVABLE: readonly OutboxState[] = ['queued', 'scheduled', 'missed', 'failed']
/** Bounds a hand-over: an account holds far fewer stories not yet gone. */
const MAX_ITEMS = 5_000
/** The stories taken that the record keeps: far more than any hand-over moves. */
const LEDGER_KEPT = 10_000

export const handoverOwner = (handoverId: string): string => `${HANDOVER_OWNER_PREFIX}${handoverId}`

export interface OutboxHandoverOptions {
  store: OutboxStore
  /** The account's outbox reads its store again (its view, its timers) after a hand-over changed it. */
  refresh: (accountId: string) => Promise<void>
  /** Whether this engine holds the account: a hand-over names no account it does not. */
  isAccount: (accountId: string) => boolean
  /** The account's record of the stories it took, by hand-over (`handovers-taken.json`). */
  ledgerOf: (accountId: string) => JsonStore<HandoversTakenFile>
  /** Whether the account's history holds a story published under this request id. */
  published: (accountId: string, requestId: string) => Promise<boolean>
  now?: () => number
}

export interface HandedItem {
  item: OutboxItem
  /** A media story's file, base64; null for text stories and reposts. */
  media: string | null
}

/**
 * One account's stories moving between two engines (a desktop and its agent), exactly once: the
 * side that gives holds them under the hand-over's own claim (nothing sends a held story), the
 * side that takes inserts each under its request id (a story taken already is not taken twice),
 * and the giver removes what it held only once the taker has all of it. A crash anywhere leaves
 * each story held by the giver, or taken by the taker, or both with the giver's copy held: never
 * two copies that may be sent.
 */
export class OutboxHandover {
  readonly #opts: OutboxHandoverOptions

  constructor(options: OutboxHandoverOptions) {
    this.#opts = options
  }

  #known(accountId: string): void {
    if (!this.#opts.isAccount(accountId)) throw new AppError('not-found', userText('errors.handover.noAccount'))
  }

  #now(): number {
    return (this.#opts.now ?? Date.now)()
  }

  /**
   * Holds every story of the account that moves, under the hand-over's claim; those it holds
   * already count. Refused, holding nothing new, while a story is on its way or being edited.
   */
  async hold(accountId: string, handoverId: string): Promise<string[]> {
    this.#known(accountId)
    const { store } = this.#opts
    const owner = handoverOwner(handoverId)
    const now = this.#now()
    const items = await store.list(accountId)
    const busy = items.filter((item) => item.claim?.owner !== owner && claimLive(item, now) && MOVABLE.includes(item.state))
    if (items.some((item) => item.state === 'sending') || busy.length > 0) throw new AppError('conflict', userText('errors.handover.busy'))
    const moving = items.filter((item) => item.claim?.owner === owner || MOVABLE.includes(item.state)).slice(0, MAX_ITEMS)
    const tooLarge = moving.filter((item) => item.payload.kind === 'media' && item.payload.media.size > HANDOVER_MEDIA_MAX_BYTES)
    if (tooLarge.length > 0)
      throw new AppError(
        'too-large',
        userText('errors.handover.mediaTooLarge', { count: tooLarge.length, megabytes: HANDOVER_MEDIA_MAX_BYTES / 1e6 }),
      )
    const held: string[] = []
    for (const item of moving) {
      if (item.claim?.owner === owner) {
        held.push(item.id)
        continue
      }
      const claimed = await store.claim(accountId, item.id, { owner, leaseMs: HOLD_MS, now, purpose: 'edit', states: MOVABLE })
      if (claimed) held.push(claimed.id)
    }
    await this.#opts.refresh(accountId)
    return held
  }

  /** One story the hand-over holds, with its media, to give to the other side. */
  async give(accountId: string, handoverId: string, id: string): Promise<HandedItem> {
    this.#known(accountId)
    const { store } = this.#opts
    const item = await store.get(accountId, id)
    if (!item || item.claim?.owner !== handoverOwner(handoverId)) throw new AppError('not-found', userText('errors.handover.notHeld'))
    if (item.payload.kind !== 'media') return { item, media: null }
    const bytes = await readFile(await store.mediaPath(accountId, id))
    if (bytes.length > HANDOVER_MEDIA_MAX_BYTES)
      throw new AppError('too-large', userText('errors.handover.mediaTooLarge', { count: 1, megabytes: HANDOVER_MEDIA_MAX_BYTES / 1e6 }))
    return { item, media: bytes.toString('base64') }
  }

  /**
   * Takes one story given under a hand-over: inserted free of any claim, or nothing when this
   * engine took it before under the same hand-over, holds it, or published it. True when taken now.
   */
  async take(accountId: string, handoverId: string, given: { item: unknown; media: string | null }): Promise<boolean> {
    this.#known(accountId)
    const parsed = OutboxItemSchema.safeParse(given.item)
    if (!parsed.success || !MOVABLE.includes(parsed.data.state) || (parsed.data.payload.kind === 'media') !== (given.media !== null))
      throw new AppError('invalid-argument', userText('errors.handover.badItem'))
    const item: OutboxItem = { ...parsed.data, claim: null }
    const ledger = this.#opts.ledgerOf(accountId)
    const before = (await ledger.read())?.taken ?? []
    if (before.some((entry) => entry.handoverId === handoverId && entry.requestId === item.requestId)) return false
    if (await this.#opts.published(accountId, item.requestId)) return false
    const taken = await this.#insert(accountId, item, given.media)
    // Recorded after the insert: a crash between the two finds the story by its request id next time.
    await ledger.update((current) => ({
      version: 1,
      taken: [...(current?.taken ?? []), { handoverId, requestId: item.requestId, at: new Date(this.#now()).toISOString() }].slice(
        -LEDGER_KEPT,
      ),
    }))
    // Planned here at once: a hand-over cut after this story still leaves it to go at its time.
    await this.#opts.refresh(accountId)
    return taken
  }

  async #insert(accountId: string, item: OutboxItem, media: string | null): Promise<boolean> {
    const folder = media === null ? null : await mkdtemp(join(tmpdir(), 'statusdesk-handover-'))
    try {
      let mediaSource: string | null = null
      if (folder !== null) {
        mediaSource = join(folder, 'media')
        await writeFile(mediaSource, Buffer.from(media!, 'base64'), { mode: 0o600 })
      }
      await this.#opts.store.insert(accountId, item, { mediaSource })
      return true
    } catch (error) {
      if (error instanceof StoreConflict && error.reason === 'request-taken') return false
      throw error
    } finally {
      if (folder !== null) await rm(folder, { recursive: true, force: true })
    }
  }

  /** The saved audiences' names the stories the hand-over holds were sent to (their records'): those audiences move with them. */
  async audienceNames(accountId: string, handoverId: string): Promise<string[]> {
    this.#known(accountId)
    const owner = handoverOwner(handoverId)
    const held = (await this.#opts.store.list(accountId)).filter((item) => item.claim?.owner === owner)
    return [...new Set(held.flatMap((item) => item.summary.audience.name ?? []))]
  }

  /** The stories taken: refreshes the account's outbox so they are planned here. */
  async taken(accountId: string): Promise<void> {
    this.#known(accountId)
    await this.#opts.refresh(accountId)
  }

  /** Removes what the hand-over held, once the other side has it all; how many went. */
  async release(accountId: string, handoverId: string): Promise<number> {
    return this.#each(accountId, handoverId, (item, owner) => this.#opts.store.remove(accountId, item.id, { owner, now: this.#now() }))
  }

  /** Lets go of what the hand-over held without moving it (a hand-over the other side never received). */
  async unhold(accountId: string, handoverId: string): Promise<number> {
    return this.#each(accountId, handoverId, async (item, owner) => {
      await this.#opts.store.update(accountId, { item, rev: item.rev, owner, now: this.#now(), release: true })
    })
  }

  async #each(accountId: string, handoverId: string, act: (item: OutboxItem, owner: string) => Promise<void>): Promise<number> {
    this.#known(accountId)
    const owner = handoverOwner(handoverId)
    const held = (await this.#opts.store.list(accountId)).filter((item) => item.claim?.owner === owner)
    for (const item of held) await act(item, owner)
    await this.#opts.refresh(accountId)
    return held.length
  }
}
