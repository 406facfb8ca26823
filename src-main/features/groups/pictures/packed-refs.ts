import { REF_FIELDS, type PackedRefs } from '../index/packed-refs'
import type { PictureRef } from '../index/picture-ref'

/** The texts of a group, in the order PackedRefs keeps them. */
export const FIELD = { id: 0, thumb: 1 } as const

/** Groups as PackedRefs (a sync packs its columns directly: see GroupsIndex.packedPictureRefs). */
export function packPictureRefs(groups: readonly PictureRef[]): PackedRefs {
  const encoded = groups.flatMap((g) => [g.id, g.chat_pic ?? ''].map((text) => Buffer.from(text, 'utf8')))
  const ends = new Uint32Array(encoded.length)
  let size = 0
  encoded.forEach((field, i) => (ends[i] = size += field.byteLength))
  const bytes = new Uint8Array(size)
  encoded.forEach((field, i) => bytes.set(field, (ends[i] as number) - field.byteLength))
  return { count: groups.length, bytes, ends, full: Uint8Array.from(groups, (g) => (g.chat_pic_full ? 1 : 0)) }
}

/**
 * Reads PackedRefs as they came from main, whose lengths it checks before any read: a
 * field past the bytes, or ends that go back, are refused whole.
 */
export class RefsReader {
  readonly count: number
  readonly #bytes: Buffer
  readonly #ends: Uint32Array
  readonly #full: Uint8Array

  constructor(refs: PackedRefs) {
    const { count, bytes, ends, full } = refs
    if (!Number.isSafeInteger(count) || count < 0 || ends.length !== count * REF_FIELDS || full.length !== count)
      throw new RangeError('refs of another length')
    let last = 0
    for (const end of ends) {
      if (end < last || end > bytes.byteLength) throw new RangeError('refs out of order')
      last = end
    }
    this.count = count
    this.#bytes = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)
    this.#ends = ends
    this.#full = full
  }

  field(group: number, field: number): string {
    const at = group * REF_FIELDS + field
    const start = at === 0 ? 0 : (this.#ends[at - 1] as number)
    return this.#bytes.toString('utf8', start, this.#ends[at] as number)
  }

  hasFull(group: number): boolean {
    return this.#full[group] === 1
  }
}
