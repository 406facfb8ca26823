import { releaseNow } from '../../../platform/worker/release-now'

/**
 * Arrays that grow as a sync appends to them, for the columns it builds. Each outgrown
 * array, and the growing one once done, is given back at once (see releaseNow): a sync at
 * 50,000 groups outgrows tens of megabytes of them.
 */
export type Numbers = Float64Array | Uint32Array | Uint16Array | Int32Array

/** A typed array that doubles its room as it is appended to. */
export class Growing<T extends Numbers> {
  #array: T
  length = 0
  constructor(readonly make: (size: number) => T) {
    this.#array = make(1024)
  }
  push(value: number): void {
    if (this.length === this.#array.length) {
      const bigger = this.make(this.#array.length * 2)
      bigger.set(this.#array)
      releaseNow(this.#array)
      this.#array = bigger
    }
    this.#array[this.length++] = value
  }
  /** The values alone, in an ArrayBuffer of their own; the growing array is done with. */
  done(): T {
    const values = this.#array.slice(0, this.length) as T
    releaseNow(this.#array)
    return values
  }
}

/** UTF-8 text appended string by string into one growing buffer. */
export class GrowingText {
  #buffer = Buffer.allocUnsafe(64 * 1024)
  length = 0
  readonly starts = new Growing((n) => new Uint32Array(n))
  add(text: string): void {
    this.starts.push(this.length)
    // A UTF-16 code unit takes at most three bytes of UTF-8.
    const need = this.length + text.length * 3
    if (need > this.#buffer.length) this.#grow(need)
    this.length += this.#buffer.write(text, this.length, 'utf8')
  }
  /**
   * Appends strings `from` to `to - 1` of another such text as they are, `starts` being
   * where each begins in `bytes`: their bytes in one copy.
   */
  addRun(bytes: Uint8Array, starts: ArrayLike<number>, from: number, to: number): void {
    const first = starts[from] as number
    const need = this.length + ((starts[to] as number) - first)
    if (need > this.#buffer.length) this.#grow(need)
    const shift = this.length - first
    for (let i = from; i < to; i++) this.starts.push((starts[i] as number) + shift)
    this.#buffer.set(bytes.subarray(first, starts[to] as number), this.length)
    this.length = need
  }
  /** The text alone, in an ArrayBuffer of its own; the growing buffer is done with. */
  done(): { bytes: Uint8Array; starts: Uint32Array } {
    this.starts.push(this.length)
    const bytes = new Uint8Array(this.#buffer.subarray(0, this.length))
    releaseNow(this.#buffer)
    return { bytes, starts: this.starts.done() }
  }
  #grow(need: number): void {
    const bigger = Buffer.allocUnsafe(Math.max(need, this.#buffer.length * 2))
    this.#buffer.copy(bigger, 0, 0, this.length)
    releaseNow(this.#buffer)
    this.#buffer = bigger
  }
}
