import { createHmac, randomBytes } from 'node:crypto'
import { crc32 } from 'node:zlib'

const KEY_BYTES = 32
const KEY_HEX = /^[0-9a-f]{64}$/

/**
 * How a snapshot fingerprints its records: the first 32 bits of HMAC-SHA-256 of the record's
 * bytes, under a random key the snapshot carries in its first line and that never leaves the
 * account's folder. The fingerprint tells the next sync which records are the bytes it has
 * already read (and checked), and proves a record read back is the one written.
 *
 * CRC-32, used before, proves the second but not the first: a server knows how to send other
 * bytes with the CRC-32 of a record it sent before (four bytes chosen are enough), and they
 * were then kept as the record it had, unread: the list showed the old name while the file
 * held bytes that could not be read back. Without the key, a server can only guess, one sync
 * at a time, with one chance in four billion.
 *
 * Snapshots of the version before keys fingerprinted with CRC-32: they are still read so, and
 * the next sync, under a new key, takes each of their records as changed, once.
 */
export class RecordPrint {
  /** For snapshots written before keys: CRC-32. */
  static readonly keyless = new RecordPrint(null)

  readonly #key: Buffer | null

  private constructor(key: Buffer | null) {
    this.#key = key
  }

  /** A new key, for a snapshot that has none to keep. */
  static fresh(): RecordPrint {
    return new RecordPrint(randomBytes(KEY_BYTES))
  }

  /** The print of a key written as `hex` (by `hex`); null when it is not one. */
  static fromHex(hex: unknown): RecordPrint | null {
    return typeof hex === 'string' && KEY_HEX.test(hex) ? new RecordPrint(Buffer.from(hex, 'hex')) : null
  }

  /** The key as the snapshot's first line and the page worker carry it; null for CRC-32. */
  get hex(): string | null {
    return this.#key?.toString('hex') ?? null
  }

  get keyed(): boolean {
    return this.#key !== null
  }

  of(bytes: Uint8Array): number {
    return this.#key ? createHmac('sha256', this.#key).update(bytes).digest().readUInt32LE(0) : crc32(bytes)
  }
}
