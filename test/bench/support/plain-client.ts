/**
 * A plain client of `GET /groups`, in its own process, for the first-sync benchmark to
 * measure beside the app: `node --import tsx plain-client.ts --url U --token T --count N
 * --mode sequential|floor|pictures`.
 *   sequential: fetch + JSON.parse, one page after the other, keeping every group (as any
 *               client that shows them must), until a short page;
 *   floor:      the raw bytes alone, 4 requests in flight, nothing parsed or kept;
 *   pictures:   every group's thumbnail (the URLs the replay server lists), `--lanes`
 *               fetches in flight (6 by default here), each body read whole and dropped.
 * It prints {"event":"ready"} and waits for a line "go" on stdin, so the caller can read its
 * CPU time just before; then it prints {"event":"done",...} and keeps what it read until the
 * line "exit", so the caller can read its memory as it is with the groups held.
 */
import { createInterface } from 'node:readline'
import { parseArgs } from 'node:util'

const { values } = parseArgs({
  options: {
    url: { type: 'string' },
    token: { type: 'string' },
    count: { type: 'string', default: '500' },
    mode: { type: 'string', default: 'sequential' },
    lanes: { type: 'string' },
  },
})
const base = values.url as string
const headers = { authorization: `Bearer ${values.token as string}` }
const count = Number(values.count)
const lanes = Number(values.lanes ?? (values.mode === 'pictures' ? 6 : 4))

const say = (event: Record<string, unknown>): void => void process.stdout.write(`${JSON.stringify(event)}\n`)
const lines = createInterface({ input: process.stdin })
const told = (word: string): Promise<void> =>
  new Promise((resolve) => {
    const hear = (line: string): void => {
      if (line.trim() !== word) return
      lines.off('line', hear)
      resolve()
    }
    lines.on('line', hear)
  })

const url = (offset: number): string => `${base}/groups?count=${count}&offset=${offset}`

/** Every group, parsed and kept. */
async function sequential(): Promise<{ groups: unknown[]; bytes: number; requests: number }> {
  const groups: unknown[] = []
  let requests = 0
  for (let offset = 0; ; offset += count) {
    const text = await (await fetch(url(offset), { headers })).text()
    requests++
    const page = JSON.parse(text) as { groups: unknown[] }
    for (const group of page.groups) groups.push(group)
    // Bytes are not counted here: measuring them would cost this client an encode per page.
    if (page.groups.length < count) return { groups, bytes: 0, requests }
  }
}

/** The bytes of every page, `lanes` requests at a time once the first page gave the total; nothing parsed. */
async function floor(): Promise<{ groups: unknown[]; bytes: number; requests: number }> {
  const first = await (await fetch(url(0), { headers })).text()
  // The total is the one thing read, from the envelope's tail: no parse of the records.
  const total = Number(/"total":(\d+)/.exec(first.slice(-200))?.[1] ?? 0)
  let bytes = first.length
  let requests = 1
  let cursor = count
  const lane = async (): Promise<void> => {
    while (cursor <= total) {
      const offset = cursor
      cursor += count
      const body = await (await fetch(url(offset), { headers })).arrayBuffer()
      bytes += body.byteLength
      requests++
    }
  }
  await Promise.all(Array.from({ length: lanes }, lane))
  return { groups: [], bytes, requests }
}

/** Every picture URL, `lanes` fetches at a time: a plain loop over what the app downloads after a first sync. */
async function pictures(urls: readonly string[]): Promise<{ groups: unknown[]; bytes: number; requests: number }> {
  let bytes = 0
  let next = 0
  const lane = async (): Promise<void> => {
    while (next < urls.length) {
      const body = await (await fetch(urls[next++] as string)).arrayBuffer()
      bytes += body.byteLength
    }
  }
  await Promise.all(Array.from({ length: lanes }, lane))
  return { groups: [], bytes, requests: urls.length }
}

// The list is read before "ready": it is not part of the loop measured.
const pictureUrls = values.mode === 'pictures' ? ((await (await fetch(`${base}/picture-urls`)).json()) as string[]) : []
say({ event: 'ready' })
await told('go')
const started = performance.now()
const read = values.mode === 'floor' ? await floor() : values.mode === 'pictures' ? await pictures(pictureUrls) : await sequential()
const ms = performance.now() - started
say({ event: 'done', ms, groups: read.groups.length, bytes: read.bytes, requests: read.requests })
await told('exit')
// Held until here, so that the memory read after "done" is that of a client holding them.
if (read.groups.length < 0) say({ event: 'never' })
lines.close()
