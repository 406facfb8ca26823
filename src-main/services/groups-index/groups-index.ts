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
import { foldForSearch, searchTerms } from './fold'
import { messagePreview } from './preview'
import { bareId, deriveSelfId } from './self-id'
import { sortName } from './sort-name'

export type GroupsQueryArgs = z.output<typeof GroupsQuerySchema>

/** Where a group's cached pictures are served on our own origin, if they are. */
export interface PictureLookup {
  thumb(group: Group): string | null
  full(group: Group): string | null
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

interface Entry {
  group: Group
  preview: GroupRow['preview']
  /** Folded name, description and last-message text, one per line. */
  haystack: string
  timestamp: number | null
  unread: number
  labelIds: readonly string[]
  /** The name without leading symbols, for the name sort. */
  sortName: string
}

/** Groups indexed between two turns of the event loop: some 10 ms of work. */
const BUILD_SLICE = 2_000

function entryOf(group: Group): Entry {
  const preview = messagePreview(group.last_message)
  return {
    group,
    preview,
    haystack: foldForSearch(`${group.name}\n${group.description ?? ''}\n${preview?.text ?? ''}`),
    timestamp: lastActivity(group),
    unread: typeof group.unread === 'number' && group.unread > 0 ? group.unread : 0,
    labelIds: (group.labels ?? []).map((label) => label.id),
    sortName: sortName(group.name),
  }
}

/** Recently used queries keep their matches, so scrolling through one asks for no new filtering. */
const MATCH_CACHE_SIZE = 8

/**
 * The groups of one snapshot, ready to answer the list: a window of lean rows for a
 * search, filters, labels and a sort; one group's full record; the labels in use. Search
 * strings are folded once here; sort orders and recent matches are kept until the next
 * snapshot replaces the whole index.
 */
export class GroupsIndex {
  readonly selfId: string | null
  readonly #entries: Entry[]
  readonly #byId = new Map<string, number>()
  readonly #pictures: PictureLookup
  readonly #collator: Intl.Collator
  readonly #now: () => number
  readonly #stale: ReadonlySet<string>
  readonly #orders = new Map<GroupSort, Int32Array>()
  readonly #matches = new Map<string, Int32Array>()
  /** 0: not worked out yet, 1: not admin, 2: admin. */
  readonly #admin: Uint8Array
  #labels: LabelChip[] | null = null

  constructor(groups: readonly Group[], options: GroupsIndexOptions = {}, entries?: Entry[]) {
    this.selfId = options.selfId === undefined ? deriveSelfId(groups) : options.selfId
    this.#pictures = options.pictures ?? NO_PICTURES
    this.#collator = new Intl.Collator(options.locale, { sensitivity: 'base', numeric: true })
    this.#now = options.now ?? Date.now
    this.#stale = options.stale ?? new Set()
    this.#entries = entries ?? groups.map(entryOf)
    this.#entries.forEach((entry, i) => this.#byId.set(entry.group.id, i))
    this.#admin = new Uint8Array(groups.length)
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
    const entries: Entry[] = new Array<Entry>(groups.length)
    for (let i = 0; i < groups.length; i++) {
      entries[i] = entryOf(groups[i] as Group)
      if (i % BUILD_SLICE === BUILD_SLICE - 1) await between()
    }
    return new GroupsIndex(groups, options, entries)
  }

  get size(): number {
    return this.#entries.length
  }

  /** Every group of the snapshot, in the server's order. */
  groups(): readonly Group[] {
    return this.#entries.map((entry) => entry.group)
  }

  query(query: GroupsQueryArgs): GroupsWindow {
    const matches = this.#match(query)
    const end = Math.min(matches.length, query.offset + query.limit)
    const rows: GroupRow[] = []
    for (let i = query.offset; i < end; i++) rows.push(this.#row(matches[i] as number))
    return { rows, offset: query.offset, matching: matches.length, total: this.#entries.length }
  }

  /** Where the group sits in the snapshot the index was built from. */
  position(id: string): number | undefined {
    return this.#byId.get(id)
  }

  get(id: string): GroupDetail | null {
    const at = this.#byId.get(id)
    if (at === undefined) return null
    const { group } = this.#entries[at] as Entry
    return {
      group,
      picture: this.#pictures.thumb(group),
      pictureFull: this.#pictures.full(group),
      stale: this.#stale.has(group.id),
    }
  }

  /** The labels the groups carry, by name. */
  labels(): LabelChip[] {
    if (!this.#labels) {
      const byId = new Map<string, LabelChip>()
      for (const { group } of this.#entries) {
        for (const label of group.labels ?? []) {
          if (!byId.has(label.id))
            byId.set(label.id, { id: label.id, name: label.name, color: label.color })
        }
      }
      this.#labels = [...byId.values()].sort(
        (a, b) => this.#collator.compare(a.name, b.name) || compareIds(a.id, b.id),
      )
    }
    return this.#labels.map((label) => ({ ...label }))
  }

  isAdmin(at: number): boolean {
    if (this.#admin[at] === 0) {
      const self = this.selfId
      const group = (this.#entries[at] as Entry).group
      const admin =
        self !== null &&
        group.participants.some(
          (p) => (p.rank === 'admin' || p.rank === 'creator') && bareId(p.id) === self,
        )
      this.#admin[at] = admin ? 2 : 1
    }
    return this.#admin[at] === 2
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
    const nowSeconds = this.#now() / 1000
    const labels = new Set(query.labels)
    const out: number[] = []
    for (let i = 0; i < order.length; i++) {
      const at = order[i] as number
      const entry = this.#entries[at] as Entry
      if (!terms.every((term) => entry.haystack.includes(term))) continue
      if (labels.size > 0 && !entry.labelIds.some((id) => labels.has(id))) continue
      if (!query.filters.every((filter) => this.#passes(filter, at, entry, nowSeconds))) continue
      out.push(at)
    }
    const matches = Int32Array.from(out)
    this.#matches.set(key, matches)
    if (this.#matches.size > MATCH_CACHE_SIZE)
      this.#matches.delete(this.#matches.keys().next().value as string)
    return matches
  }

  #passes(filter: GroupFilter, at: number, entry: Entry, nowSeconds: number): boolean {
    const { group } = entry
    switch (filter) {
      case 'unread':
        return entry.unread > 0
      case 'mentions':
        return group.unread_mention === true
      case 'pinned':
        return group.pin === true
      case 'muted':
        return isMuted(group, nowSeconds)
      case 'archived':
        return group.archive === true
      case 'community':
        return group.is_parent === true
      case 'announcement':
        return group.isCommunityAnnounce === true
      case 'admin':
        return this.isAdmin(at)
      case 'readOnly':
        return isReadOnly(group)
      case 'suspended':
        return group.suspended === true || group.terminated === true
    }
  }

  #order(sort: GroupSort): Int32Array {
    let order = this.#orders.get(sort)
    if (!order) {
      const entries = this.#entries
      const byRecent = (a: number, b: number): number =>
        ((entries[b] as Entry).timestamp ?? -Infinity) -
          ((entries[a] as Entry).timestamp ?? -Infinity) || byName(a, b)
      const collator = this.#collator
      const byName = (a: number, b: number): number => {
        const x = entries[a] as Entry
        const y = entries[b] as Entry
        return (
          Number(x.sortName === '') - Number(y.sortName === '') ||
          collator.compare(x.sortName, y.sortName) ||
          collator.compare(x.group.name, y.group.name) ||
          compareIds(x.group.id, y.group.id)
        )
      }
      const compare: Record<GroupSort, (a: number, b: number) => number> = {
        recent: byRecent,
        name: byName,
        size: (a, b) =>
          (entries[b] as Entry).group.participants_count -
            (entries[a] as Entry).group.participants_count || byName(a, b),
        unread: (a, b) =>
          (entries[b] as Entry).unread - (entries[a] as Entry).unread || byRecent(a, b),
      }
      order = Int32Array.from(entries.keys()).sort(compare[sort])
      this.#orders.set(sort, order)
    }
    return order
  }

  #row(at: number): GroupRow {
    const entry = this.#entries[at] as Entry
    const { group } = entry
    return {
      id: group.id,
      name: group.name,
      picture: this.#pictures.thumb(group),
      preview: entry.preview,
      timestamp: entry.timestamp,
      unread: entry.unread,
      mention: group.unread_mention === true,
      pinned: group.pin === true,
      muted: isMuted(group, this.#now() / 1000),
      archived: group.archive === true,
      labels: (group.labels ?? []).map((label) => ({
        id: label.id,
        name: label.name,
        color: label.color,
      })),
      size: group.participants_count,
      isParent: group.is_parent === true,
      isAnnouncement: group.isCommunityAnnounce === true,
      isAdmin: this.isAdmin(at),
      readOnly: isReadOnly(group),
      suspended: group.suspended === true,
      terminated: group.terminated === true,
      stale: this.#stale.has(group.id),
    }
  }
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
