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
import type { PictureRef } from './picture-ref'
import { searchTerms } from './fold'
import {
  FLAG,
  GroupColumnsBuilder,
  SLOT,
  columnsOf,
  textAt,
  type GroupColumns,
} from './group-columns'
import { groupsMatching } from './haystack-search'

export type GroupsQueryArgs = z.output<typeof GroupsQuerySchema>

/** Where a group's cached pictures are served on our own origin, if they are. */
export interface PictureLookup {
  thumb(group: PictureRef): string | null
  full(group: PictureRef): string | null
}

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
  readonly #matches = new Map<string, Int32Array>()
  /** Positions in id order, for finding a group by id; made when first needed. */
  #byId: Int32Array | null = null
  #labels: LabelChip[] | null = null

  constructor(columns: GroupColumns, options: Omit<GroupsIndexOptions, 'selfId'> = {}) {
    this.columns = columns
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
    const rows: GroupRow[] = []
    for (let i = query.offset; i < end; i++) rows.push(this.#row(matches[i] as number))
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
    const picture = textAt(this.columns, at, SLOT.picture)
    const full = textAt(this.columns, at, SLOT.pictureFull)
    return {
      id: this.id(at),
      ...(picture !== '' && { chat_pic: picture }),
      ...(full !== '' && { chat_pic_full: full }),
    }
  }

  /** Every group's pictures, in the snapshot's order. */
  pictureRefs(): PictureRef[] {
    const refs: PictureRef[] = []
    for (let at = 0; at < this.size; at++) refs.push(this.pictureRef(at))
    return refs
  }

  /**
   * The group and everything in its community: its parent and the groups linked to that
   * parent (see communityOf). Only the group when it belongs to none; empty when unknown.
   */
  communityMembers(id: string): CommunityMember[] {
    const at = this.position(id)
    if (at === undefined) return []
    const self = this.#member(at)
    const parentId = self.is_parent === true ? self.id : (self.linkedParent ?? '')
    if (parentId === '') return [self]
    const members = [self]
    for (let i = 0; i < this.size; i++) {
      if (i === at) continue
      const linked = textAt(this.columns, i, SLOT.linkedParent)
      if (linked === parentId || (linked === '' && this.id(i) === parentId))
        members.push(this.#member(i))
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
      this.#labels = [...byId.values()].sort(
        (a, b) => this.#collator.compare(a.name, b.name) || compareIds(a.id, b.id),
      )
    }
    return this.#labels.map((label) => ({ ...label }))
  }

  isAdmin(at: number): boolean {
    return ((this.columns.flags[at] as number) & FLAG.admin) !== 0
  }

  #member(at: number): CommunityMember {
    const f = this.columns.flags[at] as number
    const linked = textAt(this.columns, at, SLOT.linkedParent)
    return {
      id: this.id(at),
      name: textAt(this.columns, at, SLOT.name),
      ...(f & FLAG.parent && { is_parent: true }),
      ...(f & FLAG.announcement && { isCommunityAnnounce: true }),
      ...(f & FLAG.defaultSubgroup && { is_default_subgroup: true }),
      ...(linked !== '' && { linkedParent: linked }),
    }
  }

  #idOrder(): Int32Array {
    if (!this.#byId) {
      const ids = Array.from({ length: this.size }, (_, at) => this.id(at))
      this.#byId = Int32Array.from(ids.keys()).sort((a, b) =>
        compareIds(ids[a] as string, ids[b] as string),
      )
    }
    return this.#byId
  }

  #match(query: GroupsQueryArgs): Int32Array {
    const order = this.#order(query.sort)
    const terms = searchTerms(query.search)
    if (terms.length === 0 && query.filters.length === 0 && query.labels.length === 0) return order
    const key = JSON.stringify([
      query.sort,
      terms,
      [...query.filters].sort(),
      [...query.labels].sort(),
    ])
    const cached = this.#matches.get(key)
    if (cached) {
      // Most recently used last, so the oldest is the one dropped.
      this.#matches.delete(key)
      this.#matches.set(key, cached)
      return cached
    }
    const { columns } = this
    const found = terms.length > 0 ? groupsMatching(columns, terms) : null
    const labelRefs =
      query.labels.length > 0
        ? new Set(
            columns.labels.flatMap((label, ref) => (query.labels.includes(label.id) ? [ref] : [])),
          )
        : null
    const nowSeconds = this.#now() / 1000
    const out: number[] = []
    for (let i = 0; i < order.length; i++) {
      const at = order[i] as number
      if (found && found[at] === 0) continue
      if (labelRefs && !this.#hasLabel(at, labelRefs)) continue
      if (!query.filters.every((filter) => this.#passes(filter, at, nowSeconds))) continue
      out.push(at)
    }
    const matches = Int32Array.from(out)
    this.#matches.set(key, matches)
    if (this.#matches.size > MATCH_CACHE_SIZE)
      this.#matches.delete(this.#matches.keys().next().value as string)
    return matches
  }

  #hasLabel(at: number, refs: ReadonlySet<number>): boolean {
    const { labelStarts, labelRefs } = this.columns
    for (let i = labelStarts[at] as number; i < (labelStarts[at + 1] as number); i++)
      if (refs.has(labelRefs[i] as number)) return true
    return false
  }

  #passes(filter: GroupFilter, at: number, nowSeconds: number): boolean {
    if (filter === 'unread') return (this.columns.unread[at] as number) > 0
    if (filter === 'muted') return this.#muted(at, nowSeconds)
    const flag = FILTER_FLAG[filter] ?? 0
    return ((this.columns.flags[at] as number) & flag) !== 0
  }

  /** Muted, unless the mute had an end (mute_until > 0) and it has passed. */
  #muted(at: number, nowSeconds: number): boolean {
    if (!((this.columns.flags[at] as number) & FLAG.mute)) return false
    const until = this.columns.muteUntil[at] as number
    return Number.isNaN(until) || until <= 0 || until > nowSeconds
  }

  #order(sort: GroupSort): Int32Array {
    let order = this.#orders.get(sort)
    if (!order) {
      const { timestamp, size, unread, sortSkip } = this.columns
      const time = (at: number): number => {
        const t = timestamp[at] as number
        return Number.isNaN(t) ? -Infinity : t
      }
      // Decoded for this sort only: the strings are not kept.
      const names = Array.from({ length: this.size }, (_, at) =>
        textAt(this.columns, at, SLOT.name),
      )
      const keys = names.map((name, at) => name.slice(sortSkip[at] as number))
      const collator = this.#collator
      const byName = (a: number, b: number): number => {
        const x = keys[a] as string
        const y = keys[b] as string
        return (
          Number(x === '') - Number(y === '') ||
          collator.compare(x, y) ||
          collator.compare(names[a] as string, names[b] as string) ||
          compareIds(this.id(a), this.id(b))
        )
      }
      const byRecent = (a: number, b: number): number => time(b) - time(a) || byName(a, b)
      const compare: Record<GroupSort, (a: number, b: number) => number> = {
        recent: byRecent,
        name: byName,
        size: (a, b) => (size[b] as number) - (size[a] as number) || byName(a, b),
        unread: (a, b) => (unread[b] as number) - (unread[a] as number) || byRecent(a, b),
      }
      order = Int32Array.from(names.keys()).sort(compare[sort])
      this.#orders.set(sort, order)
    }
    return order
  }

  #row(at: number): GroupRow {
    const { columns } = this
    const f = columns.flags[at] as number
    const id = this.id(at)
    const author = textAt(columns, at, SLOT.previewAuthor)
    const timestamp = columns.timestamp[at] as number
    const labels: LabelChip[] = []
    for (
      let i = columns.labelStarts[at] as number;
      i < (columns.labelStarts[at + 1] as number);
      i++
    )
      labels.push({ ...(columns.labels[columns.labelRefs[i] as number] as LabelChip) })
    return {
      id,
      name: textAt(columns, at, SLOT.name),
      picture: this.#pictures.thumb(this.pictureRef(at)),
      preview:
        f & FLAG.hasPreview
          ? {
              kind: columns.kinds[columns.kind[at] as number] as string,
              text: textAt(columns, at, SLOT.previewText),
              fromMe: (f & FLAG.fromMe) !== 0,
              author: author === '' ? null : author,
            }
          : null,
      timestamp: Number.isNaN(timestamp) ? null : timestamp,
      unread: columns.unread[at] as number,
      mention: (f & FLAG.mention) !== 0,
      pinned: (f & FLAG.pinned) !== 0,
      muted: this.#muted(at, this.#now() / 1000),
      archived: (f & FLAG.archived) !== 0,
      labels,
      size: columns.size[at] as number,
      isParent: (f & FLAG.parent) !== 0,
      isAnnouncement: (f & FLAG.announcement) !== 0,
      isAdmin: (f & FLAG.admin) !== 0,
      readOnly: (f & FLAG.readOnly) !== 0,
      suspended: (f & FLAG.suspended) !== 0,
      terminated: (f & FLAG.terminated) !== 0,
      stale: this.#stale.has(id),
    }
  }
}

function selfOption(options: GroupsIndexOptions): { selfId?: string | null } {
  return options.selfId === undefined ? {} : { selfId: options.selfId }
}

/** The later of the chat's own timestamp and its last message's: when the group was last active. */
export function lastActivity(group: Group): number | null {
  const times = [group.timestamp, group.last_message?.timestamp].filter(
    (t): t is number => typeof t === 'number',
  )
  return times.length === 0 ? null : Math.max(...times)
}

/** Muted, unless the mute had an end (mute_until > 0) and it has passed. */
export function isMuted(group: Group, nowSeconds: number): boolean {
  if (group.mute !== true) return false
  const until = group.mute_until
  return typeof until !== 'number' || until <= 0 || until > nowSeconds
}

/** The account cannot post: the group is read-only, or only admins may send (announcements). */
export function isReadOnly(group: Group): boolean {
  return group.read_only === true || group.announcements === true
}

function compareIds(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0
}
