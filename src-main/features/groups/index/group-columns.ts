import type { LabelChip } from '@shared/channels/groups'
import type { Group } from '@shared/domain'
import { FLAG, rowOf, type RowParts } from './row-parts'
import { isAdminRank } from '@shared/domain/group'
import { bareId } from '../../../account/accounts/self-id'
import { Growing, GrowingText } from './growing'

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

/**
 * Rows made where their page was read (the page worker), as arrays moved to main rather
 * than objects copied into it: the strings and numbers of each row as the columns store
 * them, and what is shared between rows (kinds, admins, votes, labels) as positions into
 * the chunk's own small tables. See chunkOf; addChunkRows adds them.
 */
export interface RowChunk extends Pick<
  GroupColumns,
  'text' | 'textStarts' | 'haystack' | 'haystackStarts' | 'sortSkip' | 'timestamp' | 'muteUntil' | 'unread' | 'size' | 'flags'
> {
  count: number
  /** Per row, a position in `strings` or -1: the kind of its preview, and its vote for the own id. */
  kind: Int32Array
  vote: Int32Array
  /** Each row's admins, as positions in `strings`; count + 1 starts. */
  adminStarts: Uint32Array
  admins: Uint32Array
  /** Each row's labels, as positions in `labels`; count + 1 starts. */
  labelStarts: Uint32Array
  labelRefs: Uint32Array
  strings: string[]
  labels: LabelChip[]
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
  /** For the chunk rows come from now: where each of its strings and labels is in the columns' tables. */
  #chunkRefs: { chunk: RowChunk; strings: Int32Array; labels: Int32Array } | null = null

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
    for (const slot of TEXT_SLOTS) this.#text.add(row[slot])
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
   * Adds rows `from` to `to - 1` of `chunk`, as addRow would add the rows they were made of:
   * their text in one copy, their shared strings and labels looked up once per chunk.
   */
  addChunkRows(chunk: RowChunk, from: number, to: number): void {
    if (this.#chunkRefs?.chunk !== chunk) {
      this.#chunkRefs = {
        chunk,
        strings: new Int32Array(chunk.strings.length).fill(-1),
        labels: new Int32Array(chunk.labels.length).fill(-1),
      }
    }
    const refs = this.#chunkRefs
    const { strings } = chunk
    this.#text.addRun(chunk.text, chunk.textStarts, from * SLOTS, to * SLOTS)
    this.#haystack.addRun(chunk.haystack, chunk.haystackStarts, from, to)
    for (let row = from; row < to; row++) {
      const vote = chunk.vote[row] as number
      if (vote >= 0) {
        const id = strings[vote] as string
        this.#selfVotes.set(id, (this.#selfVotes.get(id) ?? 0) + 1)
      }
      this.#pushNumbers(chunk, row)
      this.#flags.push(chunk.flags[row] as number)
      const kind = chunk.kind[row] as number
      this.#kind.push(kind < 0 ? 0 : this.#ref(this.#kinds, strings[kind] as string))
      this.#labelStarts.push(this.#labelRefs.length)
      for (let i = chunk.labelStarts[row] as number; i < (chunk.labelStarts[row + 1] as number); i++) {
        const at = chunk.labelRefs[i] as number
        if ((refs.labels[at] as number) < 0) refs.labels[at] = this.#labelRef(chunk.labels[at] as LabelChip)
        this.#labelRefs.push(refs.labels[at] as number)
      }
      this.#adminStarts.push(this.#adminRefs.length)
      for (let i = chunk.adminStarts[row] as number; i < (chunk.adminStarts[row + 1] as number); i++) {
        const at = chunk.admins[i] as number
        if ((refs.strings[at] as number) < 0) refs.strings[at] = this.#ref(this.#adminIds, strings[at] as string)
        this.#adminRefs.push(refs.strings[at] as number)
      }
      this.#count++
    }
  }

  /** The numbers of row `at` of columns or a chunk, as they are. */
  #pushNumbers(from: Pick<GroupColumns, 'sortSkip' | 'timestamp' | 'muteUntil' | 'unread' | 'size'>, at: number): void {
    this.#sortSkip.push(from.sortSkip[at] as number)
    this.#timestamp.push(from.timestamp[at] as number)
    this.#muteUntil.push(from.muteUntil[at] as number)
    this.#unread.push(from.unread[at] as number)
    this.#size.push(from.size[at] as number)
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
    this.#text.addRun(from.text, from.textStarts, at * SLOTS, (at + 1) * SLOTS)
    this.#haystack.addRun(from.haystack, from.haystackStarts, at, at + 1)
    const flags = (from.flags[at] as number) & ~FLAG.admin
    const fromId = textAt(from, at, SLOT.lastFrom)
    if ((flags & FLAG.fromMe) !== 0 && fromId !== '') {
      const id = bareId(fromId)
      this.#selfVotes.set(id, (this.#selfVotes.get(id) ?? 0) + 1)
    }
    this.#pushNumbers(from, at)
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
