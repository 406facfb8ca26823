import type { Group } from '@shared/domain'
import type { RecordPrint, SnapshotMeta, SnapshotStore, SnapshotTable, SnapshotWriter } from '../cache'
import { GroupColumnsBuilder, type GroupColumns, type RowParts } from '../index'
import type { PagesRead } from './paging'
import { releaseNow } from '../../../platform/worker/release-now'
import type { ArrivedPage } from './parsed-pages'

/** A record read here from its bytes: when no row of the last sync stands for it after all. */
function recordFrom(bytes: Buffer): Group {
  return JSON.parse(bytes.toString('utf8')) as Group
}

/**
 * The columns of the last sync, for the records the worker found unchanged (same id, same
 * fingerprint): their rows are copied from these rather than made again.
 */
export interface PreviousColumns {
  columns: GroupColumns
  fingerprints: Uint32Array
}

/** What is kept of a page until the pages before it have arrived. */
interface WaitingPage {
  page: ArrivedPage
  /** Where each record of the page went in the new snapshot file. */
  offsets: Float64Array
}

/** The groups of a sync, in list order: their columns, and where each record is in the new snapshot. */
export interface SavedGroups {
  columns: GroupColumnsBuilder
  table: SnapshotTable
}

/** A typed array of positions that grows as pages are added. */
class Column<T extends Float64Array | Uint32Array> {
  #array: T
  length = 0
  constructor(readonly make: (size: number) => T) {
    this.#array = make(1024)
  }
  append(values: ArrayLike<number>): void {
    if (this.length + values.length > this.#array.length) {
      const bigger = this.make(Math.max(this.length + values.length, this.#array.length * 2))
      bigger.set(this.#array.subarray(0, this.length))
      releaseNow(this.#array)
      this.#array = bigger
    }
    this.#array.set(values, this.length)
    this.length += values.length
  }
  done(): T {
    return this.#array.slice(0, this.length) as T
  }
}

/**
 * The sink of a sync's pages: each page's bytes are appended to the new snapshot as they
 * arrive and dropped, and its rows go into the new columns in list order (a page that
 * comes before the ones ahead of it waits for them, so at most the pages in flight are
 * held). No list of the sync's records is kept. A new pass over the list starts the
 * snapshot and the columns again, so only the pass that is kept is in either.
 */
export class PagesToDisk {
  readonly #store: SnapshotStore
  readonly #print: RecordPrint
  readonly #previous: PreviousColumns | null
  #writer: Promise<SnapshotWriter> | null = null
  #pass = 0
  #columns = new GroupColumnsBuilder()
  #offsets = new Column((n) => new Float64Array(n))
  #lengths = new Column((n) => new Uint32Array(n))
  #fingerprints = new Column((n) => new Uint32Array(n))
  /** Pages that arrived ahead of their turn, by offset. */
  #waiting = new Map<number, WaitingPage>()
  /** The offset of the page whose rows go in next. */
  #next = 0
  /** The pages whose rows are in, in list order: their offset and how many rows each gave. */
  #added: { offset: number; rows: number }[] = []
  #committed = false

  /** `print`: how the pages' records were fingerprinted, whose key the new snapshot carries. */
  constructor(store: SnapshotStore, print: RecordPrint, previous: PreviousColumns | null = null) {
    this.#store = store
    this.#print = print
    this.#previous = previous
  }

  /** A PageSink for readAllPages. */
  readonly accept = async (page: ArrivedPage, offset: number, pass: number): Promise<void> => {
    if (pass !== this.#pass || !this.#writer) {
      const previous = this.#writer
      this.#pass = pass
      this.#restart()
      this.#writer = (async () => {
        if (previous) await (await previous.catch(() => null))?.abandon()
        return this.#store.begin(this.#print)
      })()
    }
    const writer = await this.#writer
    const at = await writer.append(page.body, page.bodyCrc)
    const offsets = new Float64Array(page.starts.length)
    for (let i = 0; i < offsets.length; i++) offsets[i] = at + (page.starts[i] as number)
    this.#waiting.set(offset, { page, offsets })
    for (let next = this.#waiting.get(this.#next); next; next = this.#waiting.get(this.#next)) {
      this.#waiting.delete(this.#next)
      this.#add(this.#next, next)
    }
  }

  /**
   * The columns and the table of the pass the read kept. Its pages are those whose rows
   * went in, in the same order: a pass is kept only when it held still (no duplicate, no
   * record beyond its end), so every record of each of its pages is kept.
   */
  assemble(read: PagesRead): SavedGroups {
    const added = this.#added
    const inOrder =
      read.kept.length === added.length &&
      read.kept.every(
        ({ offset, indexes }, i) =>
          added[i]?.offset === offset && added[i]?.rows === indexes.length && indexes.every((index, k) => index === k),
      ) &&
      this.#columns.count === read.ids.length
    if (!inOrder) throw new Error('the pages kept are not the pages whose rows were added')
    this.#waiting = new Map()
    return {
      columns: this.#columns,
      table: {
        offsets: this.#offsets.done(),
        lengths: this.#lengths.done(),
        fingerprints: this.#fingerprints.done(),
      },
    }
  }

  /**
   * Adds records carried over from the previous snapshot (their bytes as read back from
   * it) after `saved`, in one segment.
   */
  async carryOver(saved: SavedGroups, records: readonly { bytes: Buffer; fingerprint: number }[]): Promise<SavedGroups> {
    if (records.length === 0) return saved
    const writer = await this.#started()
    const parts: Buffer[] = []
    const starts: number[] = []
    let length = 0
    for (const { bytes } of records) {
      if (parts.length > 0) {
        parts.push(Buffer.from('\n'))
        length++
      }
      starts.push(length)
      parts.push(bytes)
      length += bytes.length
    }
    const at = await writer.append(Buffer.concat(parts))
    const count = saved.table.offsets.length + records.length
    const table: SnapshotTable = {
      offsets: new Float64Array(count),
      lengths: new Uint32Array(count),
      fingerprints: new Uint32Array(count),
    }
    table.offsets.set(saved.table.offsets)
    table.lengths.set(saved.table.lengths)
    table.fingerprints.set(saved.table.fingerprints)
    records.forEach((record, i) => {
      const to = saved.table.offsets.length + i
      table.offsets[to] = at + (starts[i] as number)
      table.lengths[to] = record.bytes.length
      table.fingerprints[to] = record.fingerprint
      saved.columns.add(recordFrom(record.bytes))
    })
    return { columns: saved.columns, table }
  }

  /** Puts the new snapshot in place of the old one. */
  async commit(meta: SnapshotMeta, table: SnapshotTable, signal: AbortSignal): Promise<void> {
    await this.#store.commit(await this.#started(), meta, table, signal)
    this.#committed = true
  }

  /** Drops the new snapshot unless it was committed; the old one stays. */
  async abandon(): Promise<void> {
    this.#waiting = new Map()
    if (this.#committed || !this.#writer) return
    const writer = await this.#writer.catch(() => null)
    await writer?.abandon()
  }

  #restart(): void {
    this.#columns = new GroupColumnsBuilder()
    this.#offsets = new Column((n) => new Float64Array(n))
    this.#lengths = new Column((n) => new Uint32Array(n))
    this.#fingerprints = new Column((n) => new Uint32Array(n))
    this.#waiting = new Map()
    this.#next = 0
    this.#added = []
  }

  /** The rows of the page at `offset`, the next in list order. */
  #add(offset: number, { page, offsets }: WaitingPage): void {
    const { groups, unchanged, previous, fingerprints, starts, lengths, body, chunk } = page
    const last = this.#previous
    /** The next of the chunk's rows, which are the page's new rows in order. */
    let next = 0
    for (let i = 0; i < groups.length; i++) {
      if (!unchanged[i]) {
        if (!chunk) {
          this.#columns.addRow(groups[i] as RowParts)
          continue
        }
        // A run of new rows goes in at once.
        let end = i + 1
        while (end < groups.length && !unchanged[end]) end++
        this.#columns.addChunkRows(chunk, next, next + (end - i))
        next += end - i
        i = end - 1
        continue
      }
      // The record's bytes are those of the last sync: its row is copied from the last
      // columns, unless (the worker and main disagreeing) there is no such row.
      const at = previous[i] as number
      if (last && at >= 0 && at < last.columns.count && last.fingerprints[at] === fingerprints[i]) {
        this.#columns.copyRow(last.columns, at)
      } else {
        const start = starts[i] as number
        this.#columns.add(recordFrom(body.subarray(start, start + (lengths[i] as number))))
      }
    }
    this.#offsets.append(offsets)
    this.#lengths.append(lengths)
    this.#fingerprints.append(fingerprints)
    this.#added.push({ offset, rows: groups.length })
    this.#next = offset + groups.length + page.rejected.length
    // The page is saved and its rows are in: its bytes go back now, not at a collection.
    releaseNow(body)
  }

  /** An account with no groups sends no page worth a segment; its snapshot starts here. */
  #started(): Promise<SnapshotWriter> {
    this.#writer ??= this.#store.begin(this.#print)
    return this.#writer
  }
}
