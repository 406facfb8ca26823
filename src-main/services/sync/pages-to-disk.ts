import type { Group } from '@shared/domain'
import type { SnapshotMeta, SnapshotStore, SnapshotTable, SnapshotWriter } from '../cache'
import type { PagesRead } from './fetch-all-groups'
import { leanGroup } from './lean-group'
import type { ArrivedPage } from './parsed-pages'

/** A row made here from its record's bytes: when the row main held is gone after all. */
function rowFrom(bytes: Buffer): Group {
  return leanGroup(JSON.parse(bytes.toString('utf8')) as Group)
}

/** The row in memory for a group whose record has this fingerprint, if there is one. */
export type UnchangedRow = (id: string, fingerprint: number) => Group | undefined

/** What is kept of a page once its bytes are on disk: its rows and where their records went. */
interface SavedPage {
  groups: Group[]
  offsets: Float64Array
  lengths: Uint32Array
  fingerprints: Uint32Array
}

/** The groups of a sync, in list order, each with where its record is in the new snapshot. */
export interface SavedGroups {
  groups: Group[]
  table: SnapshotTable
}

/**
 * The sink of a sync's pages: each page's bytes are appended to the new snapshot as they
 * arrive and dropped; only the lean rows and the records' positions are kept. A new pass
 * over the list starts the snapshot again, so only the pass that is kept is in the file.
 */
export class PagesToDisk {
  readonly #store: SnapshotStore
  readonly #unchanged: UnchangedRow
  #writer: Promise<SnapshotWriter> | null = null
  #pass = 0
  #pages = new Map<number, SavedPage>()
  #committed = false

  constructor(store: SnapshotStore, unchanged: UnchangedRow = () => undefined) {
    this.#store = store
    this.#unchanged = unchanged
  }

  /** A PageSink for readAllPages. */
  readonly accept = async (page: ArrivedPage, offset: number, pass: number): Promise<void> => {
    if (pass !== this.#pass || !this.#writer) {
      const previous = this.#writer
      this.#pass = pass
      this.#pages = new Map()
      this.#writer = (async () => {
        if (previous) await (await previous.catch(() => null))?.abandon()
        return this.#store.begin()
      })()
    }
    const writer = await this.#writer
    const at = await writer.append(page.body)
    // A record whose bytes did not change keeps the row already in memory (the worker sent
    // only its id), so a re-sync does not hold two copies of an account that barely changed.
    const { groups, fingerprints, unchanged } = page
    for (let i = 0; i < groups.length; i++) {
      if (!unchanged[i]) continue
      groups[i] =
        this.#unchanged((groups[i] as Group).id, fingerprints[i] as number) ??
        rowFrom(
          page.body.subarray(
            page.starts[i],
            (page.starts[i] as number) + (page.lengths[i] as number),
          ),
        )
    }
    const offsets = new Float64Array(page.starts.length)
    for (let i = 0; i < offsets.length; i++) offsets[i] = at + (page.starts[i] as number)
    this.#pages.set(offset, {
      groups: page.groups,
      offsets,
      lengths: page.lengths,
      fingerprints: page.fingerprints,
    })
  }

  /** The groups the read kept, in its order. */
  assemble(read: PagesRead): SavedGroups {
    const count = read.ids.length
    const groups: Group[] = new Array<Group>(count)
    const table: SnapshotTable = {
      offsets: new Float64Array(count),
      lengths: new Uint32Array(count),
      fingerprints: new Uint32Array(count),
    }
    let at = 0
    for (const { offset, indexes } of read.kept) {
      const page = this.#pages.get(offset)
      if (!page) throw new Error(`page ${offset} was not saved`)
      for (const index of indexes) {
        groups[at] = page.groups[index] as Group
        table.offsets[at] = page.offsets[index] as number
        table.lengths[at] = page.lengths[index] as number
        table.fingerprints[at] = page.fingerprints[index] as number
        at++
      }
    }
    this.#pages = new Map()
    return { groups, table }
  }

  /**
   * Adds records carried over from the previous snapshot (their bytes as read back from
   * it) after `saved`, in one segment.
   */
  async carryOver(
    saved: SavedGroups,
    records: readonly { group: Group; bytes: Buffer; fingerprint: number }[],
  ): Promise<SavedGroups> {
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
    const count = saved.groups.length + records.length
    const table: SnapshotTable = {
      offsets: new Float64Array(count),
      lengths: new Uint32Array(count),
      fingerprints: new Uint32Array(count),
    }
    table.offsets.set(saved.table.offsets)
    table.lengths.set(saved.table.lengths)
    table.fingerprints.set(saved.table.fingerprints)
    const groups = saved.groups.concat(records.map((record) => record.group))
    records.forEach((record, i) => {
      const to = saved.groups.length + i
      table.offsets[to] = at + (starts[i] as number)
      table.lengths[to] = record.bytes.length
      table.fingerprints[to] = record.fingerprint
    })
    return { groups, table }
  }

  /** Puts the new snapshot in place of the old one. */
  async commit(meta: SnapshotMeta, table: SnapshotTable, signal: AbortSignal): Promise<void> {
    await this.#store.commit(await this.#started(), meta, table, signal)
    this.#committed = true
  }

  /** Drops the new snapshot unless it was committed; the old one stays. */
  async abandon(): Promise<void> {
    if (this.#committed || !this.#writer) return
    const writer = await this.#writer.catch(() => null)
    await writer?.abandon()
  }

  /** An account with no groups sends no page worth a segment; its snapshot starts here. */
  #started(): Promise<SnapshotWriter> {
    this.#writer ??= this.#store.begin()
    return this.#writer
  }
}
