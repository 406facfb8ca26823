/**
 * The matches of recent queries by key, most recently used last, each a view of a buffer
 * as long as the snapshot. A new query fills the buffer of the one it pushes out, so a
 * search typed at a few queries a second makes no garbage of match lists: kept past the
 * young generation, each went to main's old space, and there they waited for a full
 * collection (15 MB in about 75 s of searches at 50,000 groups, the top of the memory seen while
 * pictures download: docs/PERFORMANCE.md).
 */
export class MatchCache {
  readonly #entries = new Map<string, Int32Array>()
  readonly #length: number
  readonly #size: number

  /** `length`: the most positions a query can match (the snapshot's groups); `size`: queries kept. */
  constructor(length: number, size: number) {
    this.#length = length
    this.#size = Math.max(1, size)
  }

  get(key: string): Int32Array | undefined {
    const found = this.#entries.get(key)
    if (found) {
      this.#entries.delete(key)
      this.#entries.set(key, found)
    }
    return found
  }

  /**
   * Keeps under `key` the positions `write` puts in a buffer (it returns how many). The
   * view it returns is valid until `size` other queries are added: use it at once.
   */
  add(key: string, write: (into: Int32Array) => number): Int32Array {
    this.#entries.delete(key)
    let buffer: Int32Array
    if (this.#entries.size < this.#size) buffer = new Int32Array(this.#length)
    else {
      const [oldest, view] = this.#entries.entries().next().value as [string, Int32Array]
      this.#entries.delete(oldest)
      buffer = new Int32Array(view.buffer, 0, this.#length)
    }
    const matches = buffer.subarray(0, Math.min(this.#length, Math.max(0, write(buffer))))
    this.#entries.set(key, matches)
    return matches
  }
}
