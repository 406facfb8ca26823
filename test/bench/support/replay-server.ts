/**
 * Serves an account's groups from memory, in its own process, so that a benchmark's
 * clients are compared without the emulator's CPU (generating and serialising pages) in
 * the way: `tsx test/bench/support/replay-server.ts --from URL --token T --latency MS`.
 * At start it reads every group from the emulator once (count=500 pages), keeps each
 * record's bytes, then answers any `GET /groups?count=&offset=` by joining them, after the
 * same latency. Prints one JSON line {baseUrl, token} once it listens.
 *
 * It serves the groups' pictures too, as a media host on this computer would: the records'
 * picture URLs are rewritten to `GET /pictures/<name>` here, answered after the same
 * latency from a set of 256 PNGs of 1.7 to 6.8 KB (median 3.4 KB, as a provider's small
 * thumbnails are), each name always the same picture. `GET /picture-urls` lists every
 * thumbnail URL, for the plain clients that fetch them.
 */
import { createServer } from 'node:http'
import { parseArgs } from 'node:util'
import { crc32 } from 'node:zlib'
import { renderPicture } from '../../../src-main/emulator/data/pictures'
import { scanGroupsPage } from '../../../src-main/platform/files/page-bytes'

const { values } = parseArgs({
  options: {
    from: { type: 'string' },
    token: { type: 'string' },
    latency: { type: 'string', default: '50' },
  },
})
const from = values.from as string
const token = values.token as string
const latencyMs = Number(values.latency)

const PICTURES = 256
const MEDIAN_PICTURE_BYTES = 3_400

/** A PNG grown to `size` bytes by a private ancillary chunk of noise (readers skip it; the signature is what is checked). */
function padded(png: Buffer, size: number): Buffer {
  const extra = Math.max(0, size - png.length - 12)
  const body = Buffer.alloc(extra)
  for (let i = 0; i < extra; i++) body[i] = (i * 2_654_435_761) >>> 24
  const head = Buffer.alloc(8)
  head.writeUInt32BE(extra, 0)
  head.write('prVt', 4, 'latin1')
  const crc = Buffer.alloc(4)
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), body])), 0)
  // Before IEND, the last 12 bytes.
  return Buffer.concat([png.subarray(0, png.length - 12), head, body, crc, png.subarray(png.length - 12)])
}

const pictures = Array.from({ length: PICTURES }, (_, i) =>
  padded(renderPicture(`bench-${i}`, 96), Math.round(MEDIAN_PICTURE_BYTES * 2 ** ((i / (PICTURES - 1) - 0.5) * 2))),
)

const records: Buffer[] = []
const pictureUrls: string[] = []
const comma = Buffer.from(',')
let total = 0

const later = (answer: () => void): void => void setTimeout(answer, latencyMs)

const server = createServer((request, response) => {
  const url = new URL(request.url ?? '/', 'http://replay')
  if (url.pathname.startsWith('/pictures/')) {
    const png = pictures[crc32(url.pathname) % PICTURES] as Buffer
    later(() => response.writeHead(200, { 'content-type': 'image/png', 'content-length': String(png.length) }).end(png))
    return
  }
  if (url.pathname === '/picture-urls') {
    response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(pictureUrls))
    return
  }
  if (url.pathname !== '/groups' || request.headers.authorization !== `Bearer ${token}`) {
    response.writeHead(404).end()
    return
  }
  const count = Number(url.searchParams.get('count') ?? 100)
  const offset = Number(url.searchParams.get('offset') ?? 0)
  const page = records.slice(offset, offset + count)
  const parts: Buffer[] = [Buffer.from('{"groups":[')]
  page.forEach((record, i) => {
    if (i > 0) parts.push(comma)
    parts.push(record)
  })
  parts.push(Buffer.from(`],"count":${page.length},"total":${total},"offset":${offset}}`))
  const body = Buffer.concat(parts)
  later(() => {
    response.writeHead(200, {
      'content-type': 'application/json',
      'content-length': String(body.length),
    })
    response.end(body)
  })
})
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
const address = server.address()
const baseUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`

const emulatorPictures = `${from}/__emulator/pictures/`
const ownPictures = `${baseUrl}/pictures/`
const THUMB = /"chat_pic":"([^"]*)"/
for (let offset = 0; ; offset += 500) {
  const response = await fetch(`${from}/groups?count=500&offset=${offset}`, {
    headers: { authorization: `Bearer ${token}` },
  })
  const body = Buffer.from(await response.arrayBuffer())
  const { starts, ends } = scanGroupsPage(body)
  // Copies: a record must not keep its whole page alive.
  starts.forEach((start, i) => {
    const text = body.toString('utf8', start, ends[i]).replaceAll(emulatorPictures, ownPictures)
    const thumb = THUMB.exec(text)?.[1]
    if (thumb) pictureUrls.push(thumb)
    records.push(Buffer.from(text, 'utf8'))
  })
  if (starts.length < 500) break
}
total = records.length
console.log(JSON.stringify({ baseUrl, token, groups: total, pictures: pictureUrls.length }))
