/**
 * Serves an account's groups from memory, in its own process, so that a benchmark's
 * clients are compared without the emulator's CPU (generating and serialising pages) in
 * the way: `tsx test/bench/support/replay-server.ts --from URL --token T --latency MS`.
 * At start it reads every group from the emulator once (count=500 pages), keeps each
 * record's bytes, then answers any `GET /groups?count=&offset=` by joining them, after the
 * same latency. Prints one JSON line {baseUrl, token} once it listens.
 */
import { createServer } from 'node:http'
import { parseArgs } from 'node:util'
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

const records: Buffer[] = []
for (let offset = 0; ; offset += 500) {
  const response = await fetch(`${from}/groups?count=500&offset=${offset}`, {
    headers: { authorization: `Bearer ${token}` },
  })
  const body = Buffer.from(await response.arrayBuffer())
  const { starts, ends } = scanGroupsPage(body)
  // Copies: a record must not keep its whole page alive.
  starts.forEach((start, i) => records.push(Buffer.from(body.subarray(start, ends[i]))))
  if (starts.length < 500) break
}
const total = records.length
const comma = Buffer.from(',')

const server = createServer((request, response) => {
  const url = new URL(request.url ?? '/', 'http://replay')
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
  setTimeout(() => {
    response.writeHead(200, {
      'content-type': 'application/json',
      'content-length': String(body.length),
    })
    response.end(body)
  }, latencyMs)
})
server.listen(0, '127.0.0.1', () => {
  const address = server.address()
  const port = typeof address === 'object' && address ? address.port : 0
  console.log(JSON.stringify({ baseUrl: `http://127.0.0.1:${port}`, token, groups: total }))
})
