import type { JsonStore } from '../../../account/files/json-store'

/** The shape of a declared list file: `{version: 1, items: [...]}`. */
export interface ListFileContent<T> {
  version: 1
  items: T[]
}

/**
 * A small list kept in one declared JSON file: changed in memory and written whole, one change
 * at a time. A file that cannot be read is set aside by its store, and the list starts empty.
 */
export class ListFile<T> {
  readonly #store: JsonStore<ListFileContent<T>>

  constructor(store: JsonStore<ListFileContent<T>>) {
    this.#store = store
  }

  async read(): Promise<readonly T[]> {
    return (await this.#store.read())?.items ?? []
  }

  /** Applies a change and writes the result; on a failed write (or a change that throws) the list stays as it was. */
  async update(change: (items: readonly T[]) => T[]): Promise<T[]> {
    const next = await this.#store.update((current) => ({ version: 1, items: change(current?.items ?? []) }))
    return next?.items ?? []
  }
}
