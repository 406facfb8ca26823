import { crc32 } from 'node:zlib'
import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import {
  ColumnFileUnusable,
  allBelow,
  decodeColumnFile,
  encodeColumnFile,
  offsetsFit,
  type ColumnFileTie,
} from '../../../../../src-main/platform/files/column-file'

const KIND = {
  format: 'statusdesk-test-columns',
  version: 4,
  columns: { names: 'u8', starts: 'u32', scores: 'f64', flags: 'u16', empty: 'u32' },
  meta: z.object({ count: z.int().nonnegative(), title: z.string() }),
} as const

const tie: ColumnFileTie = { accountId: 'acc', snapshot: { syncedAt: '2026-01-02T03:04:05.000Z', bytes: 1234 } }

const columns = {
  names: new Uint8Array(Buffer.from('alphabetagamma')),
  starts: Uint32Array.of(0, 5, 9, 14),
  scores: Float64Array.of(1.5, Number.NaN, -2),
  flags: Uint16Array.of(1, 2, 65_535),
  empty: new Uint32Array(0),
}

function encode(change: { tie?: ColumnFileTie; meta?: unknown } = {}): Buffer {
  const meta = (change.meta ?? { count: 3, title: 'three' }) as { count: number; title: string }
  return Buffer.concat([...encodeColumnFile(KIND, { tie: change.tie ?? tie, meta, columns })])
}

function reason(buffer: Buffer, against: ColumnFileTie = tie): string | null {
  try {
    decodeColumnFile(KIND, buffer, against)
  } catch (error) {
    if (error instanceof ColumnFileUnusable) return error.reason
    throw error
  }
  return null
}

const MAGIC = 'statusdesk-columns/1 '

/** The file with its header rewritten (and its checksum made right again when `reseal`). */
function withHeader(file: Buffer, edit: (header: Record<string, unknown>) => void, reseal = true): Buffer {
  const end = file.indexOf(0x0a)
  const header = JSON.parse(file.toString('utf8', MAGIC.length, end)) as Record<string, unknown>
  edit(header)
  const line = Buffer.from(`${MAGIC}${JSON.stringify(header)}\n`)
  // The columns keep their place on the 8-byte grid.
  const pad = (8 - ((line.length - (end + 1)) % 8)) % 8
  const spaced = Buffer.from(`${MAGIC}${JSON.stringify(header)}${' '.repeat(pad)}\n`)
  const body = file.subarray(end + 1, file.length - 4)
  const out = Buffer.concat([spaced, body, Buffer.alloc(4)])
  const sum = reseal ? crc32(out.subarray(0, out.length - 4)) : file.readUInt32LE(file.length - 4)
  out.writeUInt32LE(sum, out.length - 4)
  return out
}

describe('a column file', () => {
  it('gives back the meta and every column it was written with, laid over the bytes read', () => {
    const file = encode()
    const read = decodeColumnFile(KIND, file, tie)
    expect(read.meta).toEqual({ count: 3, title: 'three' })
    expect(read.columns).toEqual(columns)
    expect(read.columns.scores.buffer).toBe(file.buffer)
    expect(read.columns.flags.buffer).toBe(file.buffer)
    // Every column starts on the 8-byte grid, so a file read whole needs no copy.
    for (const name of Object.keys(KIND.columns) as (keyof typeof columns)[])
      expect((read.columns[name].byteOffset - file.byteOffset) % 8).toBe(0)
  })

  it('copies the columns that are not aligned where the buffer starts off the grid', () => {
    const file = encode()
    const odd = Buffer.alloc(file.length + 1).subarray(1)
    file.copy(odd)
    const read = decodeColumnFile(KIND, odd, tie)
    expect(read.columns).toEqual(columns)
    expect(read.columns.scores.buffer).not.toBe(odd.buffer)
  })

  it('starts with its magic and a header a person can read', () => {
    const file = encode()
    const line = file.toString('utf8', 0, file.indexOf(0x0a))
    expect(line.startsWith(MAGIC)).toBe(true)
    expect(line).toContain('"format":"statusdesk-test-columns","version":4')
    expect(line).toContain(tie.snapshot['syncedAt'] as string)
  })

  it('is not used when anything else than it starts the file', () => {
    expect(reason(Buffer.from('hello\n'))).toBe('not readable')
    expect(reason(Buffer.from('{"format":"statusdesk-test-columns","version":4}\n'))).toBe('not readable')
    expect(reason(Buffer.from(`${MAGIC}{not json\n`))).toBe('not readable')
    expect(reason(Buffer.from(`${MAGIC}[1,2]\n`))).toBe('unexpected content')
    // A header that never ends is not searched for its end past a bound.
    expect(reason(Buffer.concat([Buffer.from(MAGIC), Buffer.alloc(17 * 1024 * 1024, 0x78)]))).toBe('not readable')
  })

  it('is cut short at every length below its own', () => {
    const file = encode()
    for (let length = 0; length < file.length; length++) expect([length, reason(file.subarray(0, length))]).toEqual([length, 'cut short'])
    expect(reason(Buffer.concat([file, Buffer.alloc(1)]))).toBe('trailing bytes')
  })

  it('is not used when any one bit of it is changed', () => {
    const file = encode()
    for (let at = 0; at < file.length; at++) {
      const changed = Buffer.from(file)
      changed[at] = (changed[at] as number) ^ 0x10
      expect(reason(changed), `byte ${at}`).not.toBeNull()
    }
    const body = Buffer.from(file)
    body[body.length - 10] = (body[body.length - 10] as number) ^ 0xff
    expect(reason(body)).toBe('checksum mismatch')
  })

  it('is not used when of another kind, version or byte order', () => {
    const file = encode()
    expect(reason(withHeader(file, (h) => (h['format'] = 'statusdesk-other')))).toBe('another kind of file')
    expect(reason(withHeader(file, (h) => (h['version'] = 3)))).toBe('another version (3)')
    expect(reason(withHeader(file, (h) => (h['version'] = '4')))).toBe('another version (4)')
    expect(reason(withHeader(file, (h) => (h['byteOrder'] = h['byteOrder'] === 'LE' ? 'BE' : 'LE')))).toBe('another byte order')
  })

  it('is not used for another account or another snapshot than the one it was made from', () => {
    const file = encode()
    expect(reason(file, { ...tie, accountId: 'other' })).toBe('another account')
    expect(reason(file, { ...tie, snapshot: { ...tie.snapshot, bytes: 1235 } })).toBe('from another snapshot')
    expect(reason(file, { ...tie, snapshot: { ...tie.snapshot, table: 7 } })).toBe('from another snapshot')
    expect(reason(file, { ...tie, snapshot: { syncedAt: tie.snapshot['syncedAt'] as string } })).toBe('from another snapshot')
  })

  it('is not used when its header does not say what it holds', () => {
    const file = encode()
    const edit = (change: (columns: { name: string; type: string; length: unknown }[]) => void) =>
      reason(withHeader(file, (h) => change(h['columns'] as { name: string; type: string; length: unknown }[])))
    expect(reason(withHeader(file, (h) => (h['meta'] = { count: -1, title: 'x' })))).toBe('unexpected content')
    expect(reason(withHeader(file, (h) => delete h['accountId']))).toBe('unexpected content')
    expect(edit((c) => c.reverse())).toBe('unexpected columns')
    expect(edit((c) => c.pop())).toBe('unexpected columns')
    expect(edit((c) => (c[1]!.type = 'u16'))).toBe('unexpected columns')
    expect(edit((c) => (c[1]!.name = 'constructor'))).toBe('unexpected columns')
    expect(edit((c) => (c[0]!.length = -1))).toBe('unexpected content')
    expect(edit((c) => (c[0]!.length = 1.5))).toBe('unexpected content')
  })

  it('is not used when a column is said to be longer or shorter than the bytes there are', () => {
    const file = encode()
    const length = (name: string, value: number) =>
      reason(
        withHeader(file, (h) => {
          for (const column of h['columns'] as { name: string; length: number }[]) if (column.name === name) column.length = value
        }),
      )
    expect(length('scores', 4)).toBe('cut short')
    expect(length('names', 2 ** 40)).toBe('cut short')
    expect(length('empty', Number.MAX_SAFE_INTEGER)).toBe('cut short')
    expect(length('flags', 0)).toBe('trailing bytes')
    // A length that moves no column (padding takes it up): only the checksum tells.
    expect(
      reason(
        withHeader(
          file,
          (h) => {
            const [names] = h['columns'] as { length: number }[]
            names!.length -= 1
          },
          false,
        ),
      ),
    ).toBe('checksum mismatch')
  })
})

describe('the checks a caller makes of its columns', () => {
  it('offsets cut a column into runs from its start to its end, never going back', () => {
    expect(offsetsFit(Uint32Array.of(0, 5, 9, 14), 3, 14)).toBe(true)
    expect(offsetsFit(Uint32Array.of(0), 0, 0)).toBe(true)
    expect(offsetsFit(Uint32Array.of(0, 5, 9), 3, 14)).toBe(false)
    expect(offsetsFit(Uint32Array.of(1, 5, 9, 14), 3, 14)).toBe(false)
    expect(offsetsFit(Uint32Array.of(0, 9, 5, 14), 3, 14)).toBe(false)
    expect(offsetsFit(Uint32Array.of(0, 5, 9, 15), 3, 14)).toBe(false)
  })

  it('positions stay below their limit', () => {
    expect(allBelow(Uint32Array.of(0, 2, 1), 3)).toBe(true)
    expect(allBelow(Uint16Array.of(0, 3), 3)).toBe(false)
    expect(allBelow(new Uint32Array(0), 0)).toBe(true)
  })
})
