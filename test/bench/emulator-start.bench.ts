/**
 * How fast the emulator starts and serves: start time by account size (generation is
 * lazy, so it should not grow with the number of groups), then the cost of pages.
 */
import { startEmulator } from '../../src-main/emulator/index'

const median = (values: number[]): number => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] as number
const round = (ms: number): number => Math.round(ms * 10) / 10

async function timeStart(groups: number): Promise<number> {
  const runs: number[] = []
  for (let i = 0; i < 5; i++) {
    const started = performance.now()
    const emulator = await startEmulator({ groups })
    runs.push(performance.now() - started)
    await emulator.stop()
  }
  return median(runs)
}

async function timePage(groups: number, offset: number, count: number): Promise<{ ms: number; bytes: number }> {
  const emulator = await startEmulator({ groups })
  try {
    const headers = { authorization: `Bearer ${emulator.token}` }
    const runs: number[] = []
    let bytes = 0
    for (let i = 0; i < 5; i++) {
      const started = performance.now()
      const res = await fetch(`${emulator.baseUrl}/groups?count=${count}&offset=${offset}`, {
        headers,
      })
      bytes = (await res.arrayBuffer()).byteLength
      runs.push(performance.now() - started)
    }
    return { ms: median(runs), bytes }
  } finally {
    await emulator.stop()
  }
}

async function timeWalk(groups: number, count: number): Promise<{ ms: number; bytes: number; pages: number }> {
  const emulator = await startEmulator({ groups })
  try {
    const headers = { authorization: `Bearer ${emulator.token}` }
    const started = performance.now()
    let bytes = 0
    let pages = 0
    for (let offset = 0; ; offset += count) {
      const res = await fetch(`${emulator.baseUrl}/groups?count=${count}&offset=${offset}`, {
        headers,
      })
      const text = await res.text()
      bytes += text.length
      pages++
      if ((JSON.parse(text) as { count: number }).count < count) break
    }
    return { ms: performance.now() - started, bytes, pages }
  } finally {
    await emulator.stop()
  }
}

const rows: Record<string, string | number>[] = []
for (const groups of [250, 5_000, 100_000]) rows.push({ measure: `start, ${groups} groups`, ms: round(await timeStart(groups)) })
for (const [groups, offset, count] of [
  [5_000, 0, 100],
  [100_000, 0, 500],
  [100_000, 99_500, 500],
] as const) {
  const { ms, bytes } = await timePage(groups, offset, count)
  rows.push({
    measure: `page of ${count} at ${offset} of ${groups}`,
    ms: round(ms),
    KiB: Math.round(bytes / 1024),
  })
}
const walk = await timeWalk(5_000, 500)
rows.push({
  measure: `walk 5000 groups by 500 (${walk.pages} pages)`,
  ms: round(walk.ms),
  KiB: Math.round(walk.bytes / 1024),
})
console.table(rows)
