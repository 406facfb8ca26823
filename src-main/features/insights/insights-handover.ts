import { HANDOVER_INSIGHTS_MAX_BYTES, HANDOVER_INSIGHTS_PIECE_BYTES, type InsightsPiece } from '@shared/channels/handover'
import { AppError } from '@shared/errors'
import { userText } from '@shared/i18n/user-text'
import { InsightsLiveFileSchema, type InsightsLiveFile } from '../../account/files/formats/insights-files'
import { ColumnFileUnusable } from '../../platform/files/column-file'
import type { Logger } from '../../platform/log/log'
import { decodeArchive } from './archive-file'
import type { InsightsStore } from './insights-store'

/** Hand-overs whose insights are being given or taken at once: one per account in practice; more waits. */
const MAX_OPEN = 4

export interface InsightsHandoverOptions {
  /** The account's insights store, or null when the account is not open here. */
  storeOf: (accountId: string) => InsightsStore | null
  retentionDays: () => number
  log: Logger
}

interface Open {
  key: string
  bytes: Buffer
  live: InsightsLiveFile
}

/**
 * An account's insights moving with its stories in a hand-over, a piece at a time (a call to the
 * agent carries 2 MB at most). The giving side exports them once per hand-over and hands out
 * pieces; the taking side collects the pieces in order and, with the last, merges them into the
 * account's own by story id, so a hand-over taken up again after a crash adds each story once.
 */
export class InsightsHandover {
  readonly #opts: InsightsHandoverOptions
  /** What is being given, exported once per hand-over and account. */
  readonly #giving: Open[] = []
  /** What is being taken: the pieces so far. */
  readonly #taking = new Map<string, { from: string; total: number; parts: Buffer[]; size: number }>()

  constructor(options: InsightsHandoverOptions) {
    this.#opts = options
  }

  /** The piece of the account's insights from `offset` (the first piece exports them afresh). */
  async give(accountId: string, handoverId: string, offset: number): Promise<InsightsPiece> {
    const key = `${handoverId} ${accountId}`
    let open = this.#giving.find((entry) => entry.key === key)
    if (!open || offset === 0) {
      const { archive, live } = await this.#store(accountId).exportAll()
      if (archive.byteLength > HANDOVER_INSIGHTS_MAX_BYTES) throw new AppError('too-large', userText('errors.handover.insightsTooLarge'))
      open = { key, bytes: archive, live }
      this.#giving.splice(0, this.#giving.length, ...[...this.#giving.filter((entry) => entry.key !== key), open].slice(-MAX_OPEN))
    }
    const end = Math.min(open.bytes.byteLength, offset + HANDOVER_INSIGHTS_PIECE_BYTES)
    const last = end >= open.bytes.byteLength
    if (last) this.#giving.splice(this.#giving.indexOf(open), 1)
    return {
      from: accountId,
      offset,
      total: open.bytes.byteLength,
      piece: open.bytes.subarray(offset, end).toString('base64'),
      live: last ? (open.live as unknown as Record<string, unknown>) : null,
    }
  }

  /**
   * Takes a piece in order (a piece from 0 starts afresh; one already taken is answered as taken).
   * With the last piece and the live stories, merges them into the account's insights.
   */
  async take(accountId: string, handoverId: string, given: InsightsPiece): Promise<{ done: boolean; added: number }> {
    const key = `${handoverId} ${accountId}`
    const bytes = Buffer.from(given.piece, 'base64')
    if (given.total > HANDOVER_INSIGHTS_MAX_BYTES) throw new AppError('too-large', userText('errors.handover.insightsTooLarge'))
    if (given.offset === 0) {
      this.#taking.delete(key)
      if (this.#taking.size >= MAX_OPEN) this.#taking.delete(this.#taking.keys().next().value!)
      this.#taking.set(key, { from: given.from, total: given.total, parts: [], size: 0 })
    }
    const open = this.#taking.get(key)
    if (!open || open.total !== given.total || open.from !== given.from || given.offset > open.size) throw badPiece()
    // A piece taken before (its answer was lost): nothing is added twice.
    if (given.offset < open.size) return { done: false, added: 0 }
    if (open.size + bytes.byteLength > open.total) throw badPiece()
    open.parts.push(bytes)
    open.size += bytes.byteLength
    if (open.size < open.total || given.live === null) return { done: false, added: 0 }
    this.#taking.delete(key)
    return { done: true, added: await this.#merge(accountId, open.from, Buffer.concat(open.parts), given.live) }
  }

  async #merge(accountId: string, from: string, archiveBytes: Buffer, liveValue: unknown): Promise<number> {
    const live = InsightsLiveFileSchema.safeParse(liveValue)
    if (!live.success) throw badPiece()
    let archive
    try {
      archive = decodeArchive(from, archiveBytes)
    } catch (error) {
      if (error instanceof ColumnFileUnusable) throw badPiece()
      throw error
    }
    const { added } = await this.#store(accountId).mergeIn({ archive, live: live.data }, this.#opts.retentionDays())
    this.#opts.log.info('insights taken in a hand-over', { stories: archive.count + live.data.stories.length, added })
    return added
  }

  #store(accountId: string): InsightsStore {
    const store = this.#opts.storeOf(accountId)
    if (!store) throw new AppError('not-found', userText('errors.handover.noAccount'))
    return store
  }
}

function badPiece(): AppError {
  return new AppError('invalid-argument', userText('errors.handover.badInsights'))
}
