import type { LabelChip } from '@shared/channels/groups'
import type { Group } from '@shared/domain'
import { FLAG, isAdminRank, rowOf, type RowParts } from './row-parts'
import { bareId } from '../../../account/accounts/self-id'

export { FLAG }

/**
 * The strings each group keeps, in this order, in `GroupColumns.text`. An absent value is
 * stored as the empty string: for each of them the app treats '' as absent.
 */
export const TEXT_SLOTS = ['id', 'name', 'previewText', 'previewAuthor', 'picture', 'pictureFull', 'linkedParent', 'lastFrom'] as const
export type TextSlot = (typeof TEXT_SLOTS)[number]
export const SLOT: Readonly<Record<TextSlot, number>> = Object.fromEntries(TEXT_SLOTS.map((name, i) => [name, i])) as Record<
  TextSlot,
  number
>
const SLOTS = TEXT_SLOTS.length

/**
 * What main keeps of a snapshot's groups, as columns: one entry per group in the server's
 * order, numbers in typed arrays and every string in one UTF-8 buffer. It is plain data
 * over ArrayBuffers, so it can be written to a file as it is, read back without parsing,
 * and handed from a worker by transfer. Rows are made from it only for the window shown.
 */
export interface GroupColumns {
  count: number
  /** The account's own id (see deriveSelfId), which decided the admin flags. */
  selfId: string | null
  /** The message kinds the previews name; `kind` indexes it. */
  kinds: string[]
  /** Every distinct label chip; `labelRefs` index it. */
  labels: LabelChip[]
  /** UTF-8 of TEXT_SLOTS for each group, group after group. */
  text: Uint8Array
  /** Where each (group, slot) string starts in `text`; count * slots + 1 entries. */
  textStarts: Uint32Array
  /** Folded name, description and preview of each group, as search compares them. */
  haystack: Uint8Array
  haystackStarts: Uint32Array
  /** Code units of the name before its sort key starts (see sortName). */
  sortSkip: Uint32Array
  /** Last activity in Unix seconds; NaN for none. */
  timestamp: Float64Array
  /** `mute_until` as sent; NaN when it was not a number. */
  muteUntil: Float64Array
  unread: Float64Array
  size: Float64Array
  flags: Uint16Array
  kind: Uint16Array
  labelStarts: Uint32Array
  labelRefs: Uint32Array
}

/** The typed-array members of GroupColumns, in the order a file stores them. */
export const COLUMN_ARRAYS = [
  'text',
  'textStarts',
  'haystack',
  'haystackStarts',
  'sortSkip',
  'timestamp',
  'muteUntil',
  'unread',
  'size',
  'flags',
  'kind',
  'labelStarts',
  'labelRefs',
] as const satisfies readonly (keyof GroupColumns)[]

export type ColumnArrayName = (typeof COLUMN_ARRAYS)[number]

type Numbers = Float64Array | Uint32Array | Uint16Array

/** A typed array that doubles its room as it is appended to. */
class Growing<T extends Numbers> {
  #array: T
  length = 0
  constructor(readonly make: (size: number) => T) {
    this.#array = make(1024)
  }
  push(value: number): void {
    if (this.length === this.#array.length) {
      const bigger = this.make(this.#array.length * 2)
      bigger.set(this.#array)
      this.#array = bigger
    }
    this.#array[this.length++] = value
  }
  /** The values alone, in an ArrayBuffer of their own. */
  done(): T {
    return this.#array.slice(0, this.length) as T
  }
}

/** UTF-8 text appended string by string into one growing buffer. */
class GrowingText {
  #buffer = Buffer.allocUnsafe(64 * 1024)
  length = 0
  readonly starts = new Growing((n) => new Uint32Array(n))
  add(text: string): void {
    this.starts.push(this.length)
    // A UTF-16 code unit takes at most three bytes of UTF-8.
    const need = this.length + text.length * 3
    if (need > this.#buffer.length) {
      const bigger = Buffer.allocUnsafe(Math.max(need, this.#buffer.length * 2))
      this.#buffer.copy(bigger, 0, 0, this.length)
      this.#buffer = bigger
    }
    this.length += this.#buffer.write(text, this.length, 'utf8')
  }
  /** Appends UTF-8 as it is: bytes [start, end) of `bytes`. */
  addBytes(bytes: Uint8Array, start: number, end: number): void {
    this.starts.push(this.length)
    const need = this.length + (end - start)
    if (need > this.#buffer.length) {
      const bigger = Buffer.allocUnsafe(Math.max(need, this.#buffer.length * 2))
      this.#buffer.copy(bigger, 0, 0, this.length)
      this.#buffer = bigger
    }
    this.#buffer.set(bytes.subarray(start, end), this.length)
    this.length = need
  }
  done(): { bytes: Uint8Array; starts: Uint32Array } {
    this.starts.push(this.length)
    return {
      bytes: new Uint8Array(this.#buffer.subarray(0, this.length)),
      starts: this.starts.done(),
    }
  }
}

/**
 * Builds GroupColumns from groups handed one at a time (lean or full: of the participants
 * only the admins are read), so no list of records has to exist for it. The admin flags
 * wait for finish(), which knows the account's own id.
 */
export class GroupColumnsBuilder {
  readonly #selfId: string | null | undefined
  readonly #text = new GrowingText()
  readonly #haystack = new GrowingText()
  readonly #sortSkip = new Growing((n) => new Uint32Array(n))
  readonly #timestamp = new Growing((n) => new Float64Array(n))
  readonly #muteUntil = new Growing((n) => new Float64Array(n))
  readonly #unread = new Growing((n) => new Float64Array(n))
  readonly #size = new Growing((n) => new Float64Array(n))
  readonly #flags = new Growing((n) => new Uint16Array(n))
  readonly #kind = new Growing((n) => new Uint16Array(n))
  readonly #labelStarts = new Growing((n) => new Uint32Array(n))
  readonly #labelRefs = new Growing((n) => new Uint32Array(n))
  readonly #kinds = new Map<string, number>()
  readonly #labels = new Map<string, number>()
  readonly #labelList: LabelChip[] = []
  /** Admins of every group so far, as numbers into #adminIds, until the own id is known. */
  readonly #adminIds = new Map<string, number>()
  readonly #adminStarts = new Growing((n) => new Uint32Array(n))
  readonly #adminRefs = new Growing((n) => new Uint32Array(n))
  /** How often each id sent a last message marked from_me (see deriveSelfId). */
  readonly #selfVotes = new Map<string, number>()
  #count = 0
  /** Rows added by copyRow, the admin flag each had, and the own id of the columns they came from. */
  readonly #inherited: number[] = []
  readonly #inheritedAdmin: number[] = []
  #inheritedSelf: string | null | undefined = undefined
  #withoutAdmins: readonly number[] = []

  /** `selfId` overrides the id worked out from the groups' last messages. */
  constructor(options: { selfId?: string | null } = {}) {
    this.#selfId = options.selfId
  }

  get count(): number {
    return this.#count
  }

  add(group: Group): void {
    this.addRow(rowOf(group))
  }

  /** Adds a row made by rowOf (here, or on the worker that read the record). */
  addRow(row: RowParts): void {
    if (row.selfVote !== null) this.#selfVotes.set(row.selfVote, (this.#selfVotes.get(row.selfVote) ?? 0) + 1)
    const text = this.#text
    text.add(row.id)
    text.add(row.name)
    text.add(row.previewText)
    text.add(row.previewAuthor)
    text.add(row.picture)
    text.add(row.pictureFull)
    text.add(row.linkedParent)
    text.add(row.lastFrom)
    this.#haystack.add(row.haystack)
    this.#sortSkip.push(row.sortSkip)
    this.#timestamp.push(row.timestamp)
    this.#muteUntil.push(row.muteUntil)
    this.#unread.push(row.unread)
    this.#size.push(row.size)
    this.#flags.push(row.flags)
    this.#kind.push(row.kind === null ? 0 : this.#ref(this.#kinds, row.kind))
    this.#labelStarts.push(this.#labelRefs.length)
    for (const label of row.labels) this.#labelRefs.push(this.#labelRef(label))
    this.#adminStarts.push(this.#adminRefs.length)
    for (const admin of row.admins) this.#adminRefs.push(this.#ref(this.#adminIds, admin))
    this.#count++
  }

  /**
   * Adds row `at` of `from` again, as it is, for a group whose record has not changed
   * since `from` was built: its bytes are copied, nothing is parsed or folded. Its admin
   * flag is the one it had when the own id is the same as `from`'s; otherwise the row is
   * listed in rowsWithoutAdmins for the caller to read its admins (see markAdmin).
   */
  copyRow(from: GroupColumns, at: number): void {
    if (this.#inheritedSelf === undefined) this.#inheritedSelf = from.selfId
    else if (this.#inheritedSelf !== from.selfId) throw new Error('rows copied from columns with different own ids')
    this.#inherited.push(this.#count)
    this.#inheritedAdmin.push((from.flags[at] as number) & FLAG.admin)
    const { textStarts, haystackStarts } = from
    for (let slot = 0; slot < SLOTS; slot++) {
      const i = at * SLOTS + slot
      this.#text.addBytes(from.text, textStarts[i] as number, textStarts[i + 1] as number)
    }
    this.#haystack.addBytes(from.haystack, haystackStarts[at] as number, haystackStarts[at + 1] as number)
    const flags = (from.flags[at] as number) & ~FLAG.admin
    const fromId = textAt(from, at, SLOT.lastFrom)
    if ((flags & FLAG.fromMe) !== 0 && fromId !== '') {
      const id = bareId(fromId)
      this.#selfVotes.set(id, (this.#selfVotes.get(id) ?? 0) + 1)
    }
    this.#sortSkip.push(from.sortSkip[at] as number)
    this.#timestamp.push(from.timestamp[at] as number)
    this.#muteUntil.push(from.muteUntil[at] as number)
    this.#unread.push(from.unread[at] as number)
    this.#size.push(from.size[at] as number)
    this.#flags.push(flags)
    this.#kind.push((flags & FLAG.hasPreview) !== 0 ? this.#ref(this.#kinds, from.kinds[from.kind[at] as number] as string) : 0)
    this.#labelStarts.push(this.#labelRefs.length)
    for (let i = from.labelStarts[at] as number; i < (from.labelStarts[at + 1] as number); i++)
      this.#labelRefs.push(this.#labelRef(from.labels[from.labelRefs[i] as number] as LabelChip))
    this.#adminStarts.push(this.#adminRefs.length)
    this.#count++
  }

  /** After finish(): the copied rows whose admin flag could not be carried over (the own id changed). */
  get rowsWithoutAdmins(): readonly number[] {
    return this.#withoutAdmins
  }

  finish(): GroupColumns {
    const selfId = this.#selfId === undefined ? this.#mostVoted() : this.#selfId
    const flags = this.#flags.done()
    const self = selfId === null ? undefined : this.#adminIds.get(selfId)
    if (self !== undefined) {
      this.#adminStarts.push(this.#adminRefs.length)
      const starts = this.#adminStarts.done()
      const refs = this.#adminRefs.done()
      for (let at = 0; at < this.#count; at++) {
        for (let i = starts[at] as number; i < (starts[at + 1] as number); i++)
          if (refs[i] === self) flags[at] = (flags[at] as number) | FLAG.admin
      }
    }
    if (selfId === this.#inheritedSelf)
      this.#inherited.forEach((row, i) => (flags[row] = (flags[row] as number) | (this.#inheritedAdmin[i] as number)))
    else this.#withoutAdmins = this.#inherited
    this.#labelStarts.push(this.#labelRefs.length)
    const text = this.#text.done()
    const haystack = this.#haystack.done()
    return {
      count: this.#count,
      selfId,
      kinds: [...this.#kinds.keys()],
      labels: this.#labelList,
      text: text.bytes,
      textStarts: text.starts,
      haystack: haystack.bytes,
      haystackStarts: haystack.starts,
      sortSkip: this.#sortSkip.done(),
      timestamp: this.#timestamp.done(),
      muteUntil: this.#muteUntil.done(),
      unread: this.#unread.done(),
      size: this.#size.done(),
      flags,
      kind: this.#kind.done(),
      labelStarts: this.#labelStarts.done(),
      labelRefs: this.#labelRefs.done(),
    }
  }

  #labelRef(chip: LabelChip): number {
    const key = JSON.stringify([chip.id, chip.name, chip.color])
    let ref = this.#labels.get(key)
    if (ref === undefined) {
      ref = this.#labelList.push(chip) - 1
      this.#labels.set(key, ref)
    }
    return ref
  }

  #ref(table: Map<string, number>, value: string): number {
    let ref = table.get(value)
    if (ref === undefined) {
      ref = table.size
      table.set(value, ref)
    }
    return ref
  }

  /** As deriveSelfId: the most frequent sender of last messages marked from_me, first seen on a tie. */
  #mostVoted(): string | null {
    let best: string | null = null
    let bestCount = 0
    for (const [id, count] of this.#selfVotes) {
      if (count > bestCount) {
        best = id
        bestCount = count
      }
    }
    return best
  }
}

/** Columns of groups given all at once (tests, small accounts). */
export function columnsOf(groups: Iterable<Group>, options: { selfId?: string | null } = {}): GroupColumns {
  const builder = new GroupColumnsBuilder(options)
  for (const group of groups) builder.add(group)
  return builder.finish()
}

/**
 * Sets row `at`'s admin flag from its record's participants: for rows copyRow could not
 * carry it over for. True when the own id is one of the admins.
 */
export function markAdmin(columns: GroupColumns, at: number, participants: readonly { id: string; rank?: unknown }[]): void {
  const { selfId } = columns
  const admin = selfId !== null && participants.some((p) => isAdminRank(p.rank) && bareId(p.id) === selfId)
  const flags = columns.flags[at] as number
  columns.flags[at] = admin ? flags | FLAG.admin : flags & ~FLAG.admin
}

/** One string of one group. */
export function textAt(columns: GroupColumns, at: number, slot: number): string {
  const i = at * SLOTS + slot
  const { text, textStarts } = columns
  return utf8(text, textStarts[i] as number, textStarts[i + 1] as number)
}

export function utf8(bytes: Uint8Array, start: number, end: number): string {
  if (start === end) return ''
  return Buffer.from(bytes.buffer, bytes.byteOffset + start, end - start).toString('utf8')
}
