import { appendFileSync, readFileSync, readdirSync, readlinkSync } from 'node:fs'
import { loadavg } from 'node:os'
import { cpuSeconds } from './cpu-seconds'
import type { PicturesPhase } from './pictures-phase'

export { cpuSeconds }

/** User + system CPU seconds of each thread of a process now, by thread id (Linux /proc). */
export function threadCpuSeconds(pid: number): Map<number, number> {
  const threads = new Map<number, number>()
  let tids: string[]
  try {
    tids = readdirSync(`/proc/${pid}/task`)
  } catch {
    return threads
  }
  for (const tid of tids) {
    const seconds = cpuSeconds(pid, Number(tid))
    if (seconds !== null) threads.set(Number(tid), seconds)
  }
  return threads
}

/**
 * The CPU a process spends from now on, by kind of thread: its main thread, the threads it
 * had already (V8's helpers, the module loader's), and the threads it starts meanwhile
 * (worker threads). Threads are read every 100 ms, as one that ends takes its figures with
 * it; `stop()` reads them a last time.
 */
export function threadWatch(pid: number): { stop(): { main: number; before: number; started: number } } {
  const start = threadCpuSeconds(pid)
  const last = new Map(start)
  const read = (): void => {
    for (const [tid, seconds] of threadCpuSeconds(pid)) last.set(tid, seconds)
  }
  const timer = setInterval(read, 100)
  return {
    stop() {
      clearInterval(timer)
      read()
      const figures = { main: 0, before: 0, started: 0 }
      for (const [tid, seconds] of last) {
        const spent = seconds - (start.get(tid) ?? 0)
        if (process.env['BENCH_THREADS'] === '1')
          console.log(`    thread ${tid}${tid === pid ? ' (main)' : start.has(tid) ? '' : ' (new)'}: ${spent.toFixed(2)} s`)
        if (tid === pid) figures.main += spent
        else if (start.has(tid)) figures.before += spent
        else figures.started += spent
      }
      return figures
    },
  }
}

/** Resident memory of a process now, in bytes (Linux /proc; null elsewhere or once it is gone). */
export function rssBytes(pid: number | undefined): number | null {
  if (pid === undefined) return null
  try {
    const kb = /^VmRSS:\s+(\d+) kB$/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1]
    return kb === undefined ? null : Number(kb) * 1024
  } catch {
    return null
  }
}

/** The peak of a process's resident memory from now on, read every `everyMs`. */
export function rssPeakWatch(pid: number, everyMs = 100): { stop(): number } {
  let peak = rssBytes(pid) ?? 0
  const trace = process.env['BENCH_RSS_TRACE']
  const timer = setInterval(() => {
    const now = rssBytes(pid) ?? 0
    peak = Math.max(peak, now)
    if (trace) appendFileSync(trace, `${Date.now()} rss ${(now / 1048576).toFixed(1)}\n`)
  }, everyMs)
  return {
    stop() {
      clearInterval(timer)
      return Math.max(peak, rssBytes(pid) ?? 0)
    },
  }
}

/** The 1-minute load average now. */
export const load1 = (): number => loadavg()[0] as number

/** The three load averages, as `uptime` shows them. */
export const loadLine = (): string =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(' / ')

export const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms))

/** What one client's run gave, however it was driven. */
export interface ClientRun {
  /** What ran: `app`, `plain-100`, `plain-500`, `floor`. */
  way: string
  round: number
  ms: number
  /** User + system CPU seconds of the client's whole process (its threads included) over the run. */
  cpu: number
  /** Resident memory at the end of the run, and after a settle. */
  rss: number
  rssSettled: number
  /** The 1-minute load average when the run started. */
  load: number
  /** For the app: its memory before the connect, its longest main-thread stall, main's own sync time. */
  rssIdle?: number
  stallMs?: number
  syncMs?: number
  /** For the app: its CPU by thread (see threadWatch). */
  threads?: { main: number; before: number; started: number }
  /** For the app with pictures: the pictures after the sync (see pictures-phase.ts). */
  pictures?: PicturesPhase
}

/**
 * Where a process's resident memory is, in bytes (Linux /proc smaps): anonymous mappings (the
 * JavaScript heap, WebAssembly memories, malloc's arenas), its own executable's pages, shared
 * libraries and other files. Null elsewhere or once it is gone.
 */
export function rssByMapping(pid: number): { anonymous: number; executable: number; libraries: number; files: number } | null {
  let text: string
  try {
    text = readFileSync(`/proc/${pid}/smaps`, 'utf8')
  } catch {
    return null
  }
  const sums = { anonymous: 0, executable: 0, libraries: 0, files: 0 }
  let kind: keyof typeof sums = 'anonymous'
  let executable = ''
  try {
    executable = readlinkSync(`/proc/${pid}/exe`)
  } catch {
    // Without it, the executable's pages are counted with the other files.
  }
  for (const line of text.split('\n')) {
    const header = /^[0-9a-f]+-[0-9a-f]+ \S+ \S+ \S+ \S+\s*(.*)$/.exec(line)
    if (header) {
      const path = header[1] ?? ''
      kind =
        path === '' || path.startsWith('[')
          ? 'anonymous'
          : path === executable
            ? 'executable'
            : /\.so(\.|$)/.test(path)
              ? 'libraries'
              : 'files'
      continue
    }
    const rss = /^Rss:\s+(\d+) kB$/.exec(line)
    if (rss) sums[kind] += Number(rss[1]) * 1024
  }
  return sums
}
