import { setImmediate as nextTurn } from 'node:timers/promises'
import {
  type GroupDetail,
  type GroupFilter,
  type GroupRow,
  type GroupSort,
  type GroupsQuerySchema,
  type GroupsWindow,
  type LabelChip,
} from '@shared/channels/groups'
import type { Group } from '@shared/domain'
import type { z } from 'zod'
import type { CommunityMember } from '../community'
import { searchTerms } from './fold'
import { FLAG, GroupColumnsBuilder, SLOT, columnsOf, textAt, type GroupColumns } from './group-columns'
import { memberAt, mutedAt, rowAt } from './group-rows'
import { groupsMatching } from './haystack-search'
import { MatchCache } from './match-cache'
import type { PackedRefs } from './packed-refs'
import { packColumnRefs, pictureRefAt, type PictureLookup, type PictureRef } from './picture-ref'
import { compareIds, sortOrder } from './sort-orders'

export type GroupsQueryArgs = z.output<typeof GroupsQuerySchema>

/** A group whose last message came from someone else under a name they gave. */
export interface NamedSender {
  group: string
  from: string
  name: string
}

const NO_PICTURES: PictureLookup = { thumb: () => null, full: () => null }

export interface GroupsIndexOptions {
  /** The account's own id; derived from the groups' own last messages when left out. */
  selfId?: string | null
  pictures?: PictureLookup
  /** For sorting by name; the system's by default. */
  locale?: string
  /** Milliseconds; decides whether a mute has run out. */
  now?: () => number
  /** Ids of groups kept from an earlier sync because the last one could not read them. */
  stale?: ReadonlySet<string>
}

/** Groups indexed between two turns of the event loop: some 10 ms of work. */
const BUILD_SLICE = 2_000

/** Recently used queries keep their matches, so scrolling through one asks for no new filtering. */
const MATCH_CACHE_SIZE = 8

const FILTER_FLAG: Partial<Record<GroupFilter, number>> = {
  mentions: FLAG.mention,
  pinned: FLAG.pinned,
  archived: FLAG.archived,
  community: FLAG.parent,
  announcement: FLAG.announcement,
  admin: FLAG.admin,
  readOnly: FLAG.readOnly,
  suspended: FLAG.suspended | FLAG.terminated,
}

/**
 * The groups of one snapshot, ready to answer the list: a window of rows for a search,
 * filters, labels and a sort; one group's pictures and place in the snapshot; the labels in
 * use. It reads the snapshot's GroupColumns and makes objects only for the rows asked for;
 * sort orders and recent matches are kept until the next snapshot replaces the whole index.
 */
export class GroupsIndex {
  readonly columns: GroupColumns
  readonly #pictures: PictureLookup
  readonly #collator: Intl.Collator
  readonly #now: () => number
  readonly #stale: ReadonlySet<string>
  readonly #orders = new Map<GroupSort, Int32Array>()
  readonly #matches: MatchCache
  /** Which groups hold a search's terms, filled anew by each search (see groupsMatching). */
  #hits: Uint8Array | null = null
  /** Positions in id order, for finding a group by id; made when first needed. */
  #byId: Int32Array | null = null
  #labels: LabelChip[] | null = null

  constructor(columns: GroupColumns, options: Omit<GroupsIndexOptions, 'selfId'> = {}) {
    this.columns = columns
    this.#matches = new MatchCache(columns.count, MATCH_CACHE_SIZE)
    this.#pictures = options.pictures ?? NO_PICTURES
    this.#collator = new Intl.Collator(options.locale, { sensitivity: 'base', numeric: true })
    this.#now = options.now ?? Date.now
    this.#stale = options.stale ?? new Set()
  }

  /** The index of groups given as records (tests, small accounts). */
  static of(groups: Iterable<Group>, options: GroupsIndexOptions = {}): GroupsIndex {
    return new GroupsIndex(columnsOf(groups, selfOption(options)), options)
  }

  /**
   * The same index, built a slice of groups at a time with a turn of the event loop between
   * slices, so a big account never holds main for the whole build.
   */
  static async build(
    groups: readonly Group[],
    options: GroupsIndexOptions = {},
    between: () => Promise<unknown> = () => nextTurn(),
  ): Promise<GroupsIndex> {
    const builder = new GroupColumnsBuilder(selfOption(options))
    for (let i = 0; i < groups.length; i++) {
      builder.add(groups[i] as Group)
      if (i % BUILD_SLICE === BUILD_SLICE - 1) await between()
    }
    return new GroupsIndex(builder.finish(), options)
  }

  get selfId(): string | null {
    return this.columns.selfId
  }

  get size(): number {
    return this.columns.count
  }

  query(query: GroupsQueryArgs): GroupsWindow {
    const matches = this.#match(query)
    const end = Math.min(matches.length, query.offset + query.limit)
    const context = { pictures: this.#pictures, nowSeconds: this.#now() / 1000, stale: this.#stale }
    const rows: GroupRow[] = []
    for (let i = query.offset; i < end; i++) rows.push(rowAt(this.columns, matches[i] as number, context))
    return { rows, offset: query.offset, matching: matches.length, total: this.size }
  }

  /** The id of the group at a position of the snapshot. */
  id(at: number): string {
    return textAt(this.columns, at, SLOT.id)
  }

  /** Where the group sits in the snapshot the index was built from. */
  position(id: string): number | undefined {
    const byId = this.#idOrder()
    let low = 0
    let high = byId.length - 1
    while (low <= high) {
      const mid = (low + high) >>> 1
      const at = byId[mid] as number
      const here = this.id(at)
      if (here === id) return at
      if (here < id) low = mid + 1
      else high = mid - 1
    }
    return undefined
  }

  /** A group's pictures and mark, all of its detail but the record itself (read from disk). */
  get(id: string): Omit<GroupDetail, 'group'> | null {
    const at = this.position(id)
    if (at === undefined) return null
    const ref = this.pictureRef(at)
    return {
      picture: this.#pictures.thumb(ref),
      pictureFull: this.#pictures.full(ref),
      stale: this.#stale.has(id),
    }
  }

  pictureRef(at: number): PictureRef {
    return pictureRefAt(this.columns, at)
  }

  /** Every group's id and picture URLs, in the snapshot's order, packed for the picture worker. */
  packedPictureRefs(): PackedRefs {
    return packColumnRefs(this.columns)
  }

  /**
   * The group and everything in its community: its parent and the groups linked to that
   * parent (see communityOf). Only the group when it belongs to none; empty when unknown.
   */
  communityMembers(id: string): CommunityMember[] {
    const at = this.position(id)
    if (at === undefined) return []
    const self = memberAt(this.columns, at)
    const parentId = self.is_parent === true ? self.id : (self.linkedParent ?? '')
    if (parentId === '') return [self]
    const members = [self]
    for (let i = 0; i < this.size; i++) {
      if (i === at) continue
      const linked = textAt(this.columns, i, SLOT.linkedParent)
      if (linked === parentId || (linked === '' && this.id(i) === parentId)) members.push(memberAt(this.columns, i))
    }
    return members
  }

  /** Who sent the groups' last messages, where they gave a name and were not the account. */
  namedSenders(): NamedSender[] {
    const { flags } = this.columns
    const senders: NamedSender[] = []
    for (let at = 0; at < this.size; at++) {
      const f = flags[at] as number
      if (!(f & FLAG.authorNamed) || f & FLAG.fromMe) continue
      const from = textAt(this.columns, at, SLOT.lastFrom)
      if (from === '') continue
      senders.push({
        group: textAt(this.columns, at, SLOT.name),
        from,
        name: textAt(this.columns, at, SLOT.previewAuthor),
      })
    }
    return senders
  }

  /** The labels the groups carry, by name. */
  labels(): LabelChip[] {
    if (!this.#labels) {
      const byId = new Map<string, LabelChip>()
      for (const label of this.columns.labels) if (!byId.has(label.id)) byId.set(label.id, label)
      this.#labels = [...byId.values()].sort((a, b) => this.#collator.compare(a.name, b.name) || compareIds(a.id, b.id))
    }
    return this.#labels.map((label) => ({ ...label }))
  }

  #idOrder(): Int32Array {
    if (!this.#byId) {
      const ids = Array.from({ length: this.size }, (_, at) => this.id(at))
      this.#byId = Int32Array.from(ids.keys()).sort((a, b) => compareIds(ids[a] as string, ids[b] as string))
    }
    return this.#byId
  }

  #match(query: GroupsQueryArgs): Int32Array {
    const order = this.#order(query.sort)
    const terms = searchTerms(query.search)
    if (terms.length === 0 && query.filters.length === 0 && query.labels.length === 0) return order
    const key = JSON.stringify([query.sort, terms, [...query.filters].sort(), [...query.labels].sort()])
    const cached = this.#matches.get(key)
    if (cached) return cached
    const { columns } = this
    const found = terms.length > 0 ? groupsMatching(columns, terms, (this.#hits ??= new Uint8Array(columns.count))) : null
    const labelRefs =
      query.labels.length > 0 ? new Set(columns.labels.flatMap((label, ref) => (query.labels.includes(label.id) ? [ref] : []))) : null
    const nowSeconds = this.#now() / 1000
    return this.#matches.add(key, (into) => {
      let matched = 0
      for (let i = 0; i < order.length; i++) {
        const at = order[i] as number
        if (found && found[at] === 0) continue
        if (labelRefs && !this.#hasLabel(at, labelRefs)) continue
        if (!query.filters.every((filter) => this.#passes(filter, at, nowSeconds))) continue
        into[matched++] = at
      }
      return matched
    })
  }

  #hasLabel(at: number, refs: ReadonlySet<number>): boolean {
    const { labelStarts, labelRefs } = this.columns
    for (let i = labelStarts[at] as number; i < (labelStarts[at + 1] as number); i++) if (refs.has(labelRefs[i] as number)) return true
    return false
  }

  #passes(filter: GroupFilter, at: number, nowSeconds: number): boolean {
    if (filter === 'unread') return (this.columns.unread[at] as number) > 0
    if (filter === 'muted') return mutedAt(this.columns, at, nowSeconds)
    const flag = FILTER_FLAG[filter] ?? 0
    return ((this.columns.flags[at] as number) & flag) !== 0
  }

  #order(sort: GroupSort): Int32Array {
    let order = this.#orders.get(sort)
    if (!order) {
      order = sortOrder(this.columns, sort, this.#collator)
      this.#orders.set(sort, order)
    }
    return order
  }
}

function selfOption(options: GroupsIndexOptions): { selfId?: string | null } {
  return options.selfId === undefined ? {} : { selfId: options.selfId }
}
