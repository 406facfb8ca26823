/**
 * Peak memory of publishing a 50 MB media story two ways, each in its own child process:
 * - streamed: ApiClient with `{kind: 'file'}`, the base64 data URI produced while it is sent;
 * - one string: the file read whole, base64-encoded and put in one JSON string for fetch.
 * The receiving server is a local sink that discards the body. Peak RSS is the kernel's
 * own high-water mark (getrusage maxRSS); heap and external peaks are sampled every 2 ms.
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

const FILE_BYTES = 50 * 1024 * 1024
const RUNS = 3
const VARIANTS = ['idle', 'streamed', 'one-string'] as const
type Variant = (typeof VARIANTS)[number]

interface Measure {
  variant: Variant
  peakRssMb: number
  baselineRssMb: number
  peakHeapMb: number
  peakExternalMb: number
  bodyMb: number
  ms: number
}

const mb = (bytes: number) => bytes / (1024 * 1024)

async function child(variant: Variant, url: string, file: string): Promise<void> {
  const gc = (globalThis as { gc?: () => void }).gc
  gc?.()
  const baseline = process.memoryUsage()
  let peakHeap = baseline.heapUsed
  let peakExternal = baseline.external
  const sample = () => {
    const m = process.memoryUsage()
    peakHeap = Math.max(peakHeap, m.heapUsed)
    // `external` already includes array buffers (and so every Buffer).
    peakExternal = Math.max(peakExternal, m.external)
  }
  const sampler = setInterval(sample, 2)
  const started = performance.now()
  let bodyBytes = 0

  if (variant === 'streamed') {
    const api = new ApiClient({ baseUrl: url, token: 'bench-token', fetch })
    const result = await api.publishStory(
      { media: { kind: 'file', path: file, mimeType: 'video/mp4' }, caption: 'Benchmark' },
      { onProgress: (p) => (bodyBytes = p.totalBytes) },
    )
    if (result.outcome !== 'published') throw new Error(`streamed upload failed: ${result.error.message}`)
  } else if (variant === 'one-string') {
    const data = await readFile(file)
    sample()
    const body = JSON.stringify({
      media: `data:video/mp4;base64,${data.toString('base64')}`,
      mime_type: 'video/mp4',
      caption: 'Benchmark',
    })
    sample()
    bodyBytes = Buffer.byteLength(body)
    const response = await fetch(`${url}/stories`, {
      method: 'POST',
      headers: { authorization: 'Bearer bench-token', 'content-type': 'application/json' },
      body,
    })
    await response.arrayBuffer()
    if (!response.ok) throw new Error(`one-string upload failed: ${response.status}`)
  }

  const ms = performance.now() - started
  sample()
  clearInterval(sampler)
  const measure: Measure = {
    variant,
    // maxRSS is in kibibytes.
    peakRssMb: process.resourceUsage().maxRSS / 1024,
    baselineRssMb: mb(baseline.rss),
    peakHeapMb: mb(peakHeap),
    peakExternalMb: mb(peakExternal),
    bodyMb: mb(bodyBytes),
    ms,
  }
  process.stdout.write(JSON.stringify(measure))
}

async function withSink<T>(run: (url: string) => Promise<T>): Promise<T> {
  const server = createServer((req, res) => {
    req.on('data', () => {})
    req.on('end', () => {
      res.writeHead(201, { 'content-type': 'application/json' })
      res.end(JSON.stringify({ sent: true }))
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  try {
    return await run(`http://127.0.0.1:${(server.address() as AddressInfo).port}`)
  } finally {
    server.closeAllConnections()
    await new Promise<void>((resolve) => server.close(() => resolve()))
  }
}

async function parent(): Promise<void> {
  const dir = await mkdtemp(join(tmpdir(), 'statusdesk-bench-'))
  const file = join(dir, 'media.mp4')
  await writeFile(file, randomBytes(FILE_BYTES))
  const self = fileURLToPath(import.meta.url)
  try {
    // The sink runs in this process and each variant in a child, so the child is awaited
    // asynchronously: a blocking spawn would stall the sink it uploads to.
    const results = await withSink(async (url) => {
      const all: Measure[] = []
      for (let run = 0; run < RUNS; run++) {
        for (const variant of VARIANTS) {
          const { stdout } = await promisify(execFile)(
            process.execPath,
            ['--expose-gc', '--import', 'tsx', self, 'child', variant, url, file],
            { maxBuffer: 1024 * 1024 },
          )
          all.push(JSON.parse(stdout) as Measure)
        }
      }
      return all
    })

    const row = (variant: Variant) => {
      const runs = results.filter((r) => r.variant === variant)
      const pick = (key: keyof Omit<Measure, 'variant'>) => median(runs.map((r) => r[key] as number))
      const idle = median(results.filter((r) => r.variant === 'idle').map((r) => r.peakRssMb))
      return {
        variant,
        'body (MB)': pick('bodyMb').toFixed(1),
        'peak RSS (MB)': pick('peakRssMb').toFixed(1),
        'over idle (MB)': (pick('peakRssMb') - idle).toFixed(1),
        'peak heap (MB)': pick('peakHeapMb').toFixed(1),
        'peak external (MB)': pick('peakExternalMb').toFixed(1),
        'time (ms)': pick('ms').toFixed(0),
      }
    }
    console.log(`Publishing a ${mb(FILE_BYTES)} MB file as a base64 data URI story (median of ${RUNS} runs, Node ${process.version})`)
    console.table(VARIANTS.map(row))
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
