/**
 * Publishing a 50 MB video story three ways, each in its own child process, against a
 * local server that counts the request bytes it receives and discards them:
 * - upload-then-publish: `POST /media` with the file itself as the body, then a small
 *   `POST /stories` carrying the media id (what the outbox does when the server has /media);
 * - data URI, streamed: one `POST /stories` whose base64 data URI is produced while it is
 *   sent (the fallback for a server without /media);
 * - data URI, one string: the file read whole and base64-encoded into one JSON string.
 * Peak RSS is the kernel's high-water mark (getrusage maxRSS); bytes on the wire are the
 * request bodies the server received.
 */
import { execFile } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { ApiClient } from '../../src-main/platform/api'
import { median } from './support/groups-bench'

/** `BENCH_FILE_MB` changes the file's size (default 50 MB), to show which figures grow with it. */
const FILE_BYTES = Math.round(Number(process.env.BENCH_FILE_MB ?? 50) * 1024 * 1024)
const RUNS = 3
const VARIANTS = ['idle', 'upload-then-publish', 'data-uri-streamed', 'data-uri-one-string'] as const
type Variant = (typeof VARIANTS)[number]

interface Measure {
  variant: Variant
  peakRssMb: number
  ms: number
}

const mb = (bytes: number) => bytes / (1024 * 1024)

async function child(variant: Variant, url: string, file: string): Promise<void> {
  const started = performance.now()
  const api = new ApiClient({ baseUrl: url, token: 'bench-token', fetch })
  if (variant === 'upload-then-publish') {
    const uploaded = await api.uploadMedia({ kind: 'file', path: file, mimeType: 'video/mp4' })
    if (uploaded.outcome !== 'uploaded') throw new Error('the sink has no /media')
    const result = await api.publishStory({ media: { kind: 'media-id', id: uploaded.mediaId }, caption: 'Benchmark' })
    if (result.outcome !== 'published') throw new Error(result.error.message)
  } else if (variant === 'data-uri-streamed') {
    const result = await api.publishStory({ media: { kind: 'file', path: file, mimeType: 'video/mp4' }, caption: 'Benchmark' })
    if (result.outcome !== 'published') throw new Error(result.error.message)
  } else if (variant === 'data-uri-one-string') {
    const data = await readFile(file)
    const body = JSON.stringify({ media: `data:video/mp4;base64,${data.toString('base64')}`, mime_type: 'video/mp4', caption: 'Benchmark' })
    const response = await fetch(`${url}/stories`, {
      method: 'POST',
      headers: { authorization: 'Bearer bench-token', 'content-type': 'application/json' },
      body,
    })
    await response.arrayBuffer()
  }
  const measure: Measure = { variant, peakRssMb: process.resourceUsage().maxRSS / 1024, ms: performance.now() - started }
  process.stdout.write(JSON.stringify(measure))
}

/** Answers like the provider, counting each request body's bytes. */
async function withSink<T>(run: (url: string, received: () => number, reset: () => void) => Promise<T>): Promise<T> {
  let received = 0
  const server = createServer((req, res) => {
    req.on('data', (chunk: Buffer) => (received += chunk.length))
    req.on('end', () => {
      res.writeHead(200, { 'content-type': 'application/json' })
      res.end(JSON.stringify(req.url === '/media' ? { media: [{ id: 'mp4-0123456789abcdef01234567' }] } : { sent: true }))
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  try {
    return await run(
      `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
      () => received,
      () => (received = 0),
    )
  } finally {
    server.closeAllConnections()
    await new Promise<void>((resolve) => server.close(() => resolve()))
  }
}

async function parent(): Promise<void> {
  const dir = await mkdtemp(join(tmpdir(), 'statusdesk-bench-'))
  const file = join(dir, 'video.mp4')
  await writeFile(file, randomBytes(FILE_BYTES))
  const self = fileURLToPath(import.meta.url)
  try {
    const results = await withSink(async (url, received, reset) => {
      const all: (Measure & { wireBytes: number })[] = []
      for (let run = 0; run < RUNS; run++) {
        for (const variant of VARIANTS) {
          reset()
          const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', self, 'child', variant, url, file], {
            maxBuffer: 1024 * 1024,
          })
          all.push({ ...(JSON.parse(stdout) as Measure), wireBytes: received() })
        }
      }
      return all
    })
    const idle = median(results.filter((r) => r.variant === 'idle').map((r) => r.peakRssMb))
    const over = (variant: Variant) => median(results.filter((r) => r.variant === variant).map((r) => r.peakRssMb)) - idle
    const rows = VARIANTS.filter((v) => v !== 'idle').map((variant) => {
      const runs = results.filter((r) => r.variant === variant)
      const wire = median(runs.map((r) => r.wireBytes))
      return {
        variant,
        'peak RSS (MB)': median(runs.map((r) => r.peakRssMb)).toFixed(1),
        'over idle (MB)': over(variant).toFixed(1),
        'vs upload-then-publish': (over(variant) / over('upload-then-publish')).toFixed(2),
        'on the wire (MB)': mb(wire).toFixed(2),
        '× file size': (wire / FILE_BYTES).toFixed(3),
        'time (ms)': median(runs.map((r) => r.ms)).toFixed(0),
      }
    })
    console.log(
      `Publishing a ${mb(FILE_BYTES)} MB video story (median of ${RUNS} runs, idle process ${idle.toFixed(1)} MB, Node ${process.version})`,
    )
    console.table(rows)
  } finally {
    await rm(dir, { recursive: true, force: true })
  }
}

const [, , role, variant, url, file] = process.argv
if (role === 'child' && VARIANTS.includes(variant as Variant) && url && file) {
  await child(variant as Variant, url, file)
} else {
  await parent()
}
