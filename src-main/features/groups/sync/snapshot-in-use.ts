import type { RecordsOnDisk, SnapshotReader } from '../cache'
import { GroupsIndex, columnsOf, type GroupsIndexOptions } from '../index'
import type { ParticipantIndex } from '../participants'
import type { HeldSnapshot } from './held-snapshot'

/** The snapshot an account answers from: what main holds of it, its index, its records on disk. */
export interface InUse {
  snapshot: HeldSnapshot
  index: GroupsIndex
  records: RecordsOnDisk
}

export interface SnapshotInUseOptions {
  /** The snapshot file the records are read from. */
  path: string
  participants: ParticipantIndex
  /** How an index is made; `stale` are the groups kept from an earlier sync. */
  indexOptions: (stale?: readonly string[]) => GroupsIndexOptions
}

/**
 * The snapshot in use and all that is made from it, swapped in one step: the columns, the
 * index the list queries, the records on disk (the file it was saved in stays open until
 * the next one replaces it) and the participants index. With none, an empty index answers.
 */
export class SnapshotInUse {
  readonly #options: SnapshotInUseOptions
  #held: HeldSnapshot | null = null
  #records: RecordsOnDisk | null = null
  #index: GroupsIndex

  constructor(options: SnapshotInUseOptions) {
    this.#options = options
    this.#index = this.#empty()
  }

  get held(): HeldSnapshot | null {
    return this.#held
  }

  get index(): GroupsIndex {
    return this.#index
  }

  /** The records of the snapshot on disk; null with none. */
  get records(): RecordsOnDisk | null {
    return this.#records
  }

  /** All of it at once, so that a wait in between cannot mix two snapshots. */
  current(): InUse | null {
    const snapshot = this.#held
    const records = this.#records
    return snapshot && records ? { snapshot, index: this.#index, records } : null
  }

  /**
   * Puts `held` in use, its records read through `reader`. `build`: its participants index
   * is built now, not when the picker first searches.
   */
  install(held: HeldSnapshot, reader: SnapshotReader, options: { build: boolean; sameParticipants?: boolean }): void {
    const index = new GroupsIndex(held.columns, this.#options.indexOptions(held.meta.stale))
    const old = this.#records
    this.#held = held
    this.#records = { reader, layout: held.layout, fingerprints: held.fingerprints }
    this.#index = index
    const { path, participants } = this.#options
    participants.use({ path, meta: held.meta, columns: held.columns, records: this.#records }, options)
    void old?.reader.retire()
  }

  /** Drops the snapshot whose records are `records`; false when another one is in use by now. */
  drop(records: RecordsOnDisk): boolean {
    if (this.#records !== records) return false
    this.#held = null
    this.#records = null
    this.#index = this.#empty()
    this.#options.participants.use(null, { build: false })
    void records.reader.retire()
    return true
  }

  /** Closes the file of the snapshot in use once the reads under way are done. */
  async retire(): Promise<void> {
    await this.#records?.reader.retire()
  }

  #empty(): GroupsIndex {
    return new GroupsIndex(columnsOf([]), this.#options.indexOptions())
  }
}
