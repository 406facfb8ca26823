import { crc32, deflateSync } from 'node:zlib'
import { hashSeed } from './prng'

/** Chat picture sizes, as the provider serves a thumbnail and a full picture. */
export const PICTURE_SIZES = { thumb: 96, full: 640 } as const

function chunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8)
  head.writeUInt32BE(data.length, 0)
  head.write(type, 4, 'latin1')
  const crc = Buffer.alloc(4)
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0)
  return Buffer.concat([head, data, crc])
}

function hsl(h: number, s: number, l: number): [number, number, number] {
  const a = s * Math.min(l, 1 - l)
  const f = (n: number): number => {
    const k = (n + h / 30) % 12
    return Math.round(255 * (l - a * Math.max(-1, Math.min(k - 3, 9 - k, 1))))
  }
  return [f(0), f(8), f(4)]
}

/** A diagonal two-colour gradient PNG whose colours come from `key`. */
export function renderPicture(key: string, size: number): Buffer {
  const hash = hashSeed(key)
  const hue = hash % 360
  const from = hsl(hue, 0.65, 0.55)
  const to = hsl((hue + 40 + ((hash >>> 9) % 80)) % 360, 0.7, 0.4)
  const row = size * 3 + 1
  const raw = Buffer.alloc(row * size)
  for (let y = 0; y < size; y++) {
    raw[y * row] = 0 // filter: none
    for (let x = 0; x < size; x++) {
      const t = (x + y) / (2 * size - 2 || 1)
      const at = y * row + 1 + x * 3
      raw[at] = Math.round(from[0] + (to[0] - from[0]) * t)
      raw[at + 1] = Math.round(from[1] + (to[1] - from[1]) * t)
      raw[at + 2] = Math.round(from[2] + (to[2] - from[2]) * t)
    }
  }
  const header = Buffer.alloc(13)
  header.writeUInt32BE(size, 0)
  header.writeUInt32BE(size, 4)
  header[8] = 8 // bit depth
  header[9] = 2 // truecolour RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ])
}

/** Reads `<digits>.png` or `<digits>-full.png`. */
export function parsePictureName(name: string): { key: string; size: number } | undefined {
  const match = /^(\d{10,31})(-full)?\.png$/.exec(name)
  if (match === null) return undefined
  return {
    key: match[1] as string,
    size: match[2] === undefined ? PICTURE_SIZES.thumb : PICTURE_SIZES.full,
  }
}
