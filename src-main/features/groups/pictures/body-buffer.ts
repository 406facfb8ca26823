/** What a buffer starts with: most group pictures are a few kilobytes. */
const FIRST_BYTES = 16 * 1024
/** A buffer grown past this for one large picture is let go after it, not kept for the next. */
const KEPT_BYTES = 256 * 1024

/**
 * The body of one download, copied in as its chunks arrive, in memory kept from one
 * download to the next: a download lane owns one, so the pictures of a sync allocate no
 * buffer each, and each network chunk is let go as soon as it is copied. `bytes` is a view
 * valid until the next `start`.
 */
export class BodyBuffer {
  #memory = new Uint8Array(FIRST_BYTES)
  #size = 0

  get size(): number {
    return this.#size
  }

  /** The body read so far. */
  get bytes(): Uint8Array {
    return this.#memory.subarray(0, this.#size)
  }

  /** Begins a new body; `expected` (its declared length, if any) is made room for at once. */
  start(expected = 0): void {
    this.#size = 0
    if (this.#memory.byteLength > KEPT_BYTES && expected <= KEPT_BYTES) this.#memory = new Uint8Array(FIRST_BYTES)
    this.#reserve(expected)
  }

  append(chunk: Uint8Array): void {
    this.#reserve(this.#size + chunk.byteLength)
    this.#memory.set(chunk, this.#size)
    this.#size += chunk.byteLength
  }

  #reserve(bytes: number): void {
    if (bytes <= this.#memory.byteLength) return
    let length = this.#memory.byteLength
    while (length < bytes) length *= 2
    const grown = new Uint8Array(length)
    grown.set(this.bytes)
    this.#memory = grown
  }
}
