/**
 * Where a profiled web mode spent its CPU during the sync: `tsx cpu-profile-summary.ts DIR`
 * reads the V8 CPU profiles that `--cpu-prof --cpu-prof-dir DIR` wrote (one per thread: main,
 * the page worker, the module loader's thread) and the window the first-sync benchmark wrote
 * beside them (window.json: the sync's start and end, in ms before web mode stopped), and
 * prints each thread's sampled time in that window, its top functions by self time and the
 * same grouped by source file.
 */
import { readFileSync, readdirSync } from 'node:fs'
import { join } from 'node:path'

interface ProfileNode {
  id: number
  callFrame: { functionName: string; url: string; lineNumber: number }
}
interface Profile {
  nodes: ProfileNode[]
  startTime: number
  endTime: number
  samples: number[]
  timeDeltas: number[]
}

/** The sync's window, in ms before the end of the profile (web mode was stopped at the end). */
export interface ProfileWindow {
  fromEndMs: number
  toEndMs: number
}

const dir = process.argv[2]
if (!dir) throw new Error('usage: cpu-profile-summary.ts DIR')
const window = JSON.parse(readFileSync(join(dir, 'window.json'), 'utf8')) as ProfileWindow
const top = Number(process.argv[3] ?? 25)

/** Where a function's code lives, short: the file of the app, or the package it comes from. */
function place(url: string): string {
  if (url === '') return '(native / V8)'
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url)
  if (pkg) return `pkg ${pkg[1]}`
  const own = /\/(src-[a-z]+\/.+)$/.exec(url)
  if (own) return own[1] as string
  return url.replace(/^node:/, 'node:')
}

for (const file of readdirSync(dir).filter((f) => f.endsWith('.cpuprofile'))) {
  const profile = JSON.parse(readFileSync(join(dir, file), 'utf8')) as Profile
  const byId = new Map(profile.nodes.map((node) => [node.id, node]))
  // Each sample's time is the delta to the next one; its place in time is the running sum.
  const from = profile.endTime - window.fromEndMs * 1000
  const to = profile.endTime - window.toEndMs * 1000
  const self = new Map<string, number>()
  const files = new Map<string, number>()
  let inWindow = 0
  let at = profile.startTime
  // Stretches without an idle sample: how long the thread went without a turn of its loop.
  let stretch = { from, us: 0, self: new Map<string, number>() }
  const stretches: (typeof stretch)[] = []
  profile.samples.forEach((id, i) => {
    at += profile.timeDeltas[i] as number
    const span = (profile.timeDeltas[i + 1] as number | undefined) ?? 0
    if (at < from || at > to) return
    const node = byId.get(id) as ProfileNode
    const { functionName, url, lineNumber } = node.callFrame
    if (functionName === '(idle)') {
      if (stretch.us > 0) stretches.push(stretch)
      stretch = { from: at, us: 0, self: new Map() }
      return
    }
    inWindow += span
    const key = `${functionName || '(anonymous)'}  ${place(url)}${url ? `:${lineNumber + 1}` : ''}`
    self.set(key, (self.get(key) ?? 0) + span)
    stretch.us += span
    stretch.self.set(key, (stretch.self.get(key) ?? 0) + span)
    const where = functionName.startsWith('(') ? functionName : place(url)
    files.set(where, (files.get(where) ?? 0) + span)
  })
  if (stretch.us > 0) stretches.push(stretch)
  if (inWindow < 1000) continue
  const share = (us: number): string => `${((100 * us) / inWindow).toFixed(1)}%`
  const ms = (us: number): string => `${(us / 1000).toFixed(0)} ms`
  console.log(`\n== ${file}: ${ms(inWindow)} busy in the sync's window (${((window.fromEndMs - window.toEndMs) / 1000).toFixed(2)} s)`)
  console.table(
    [...self]
      .sort((a, b) => b[1] - a[1])
      .slice(0, top)
      .map(([fn, us]) => ({ function: fn, self: ms(us), share: share(us) })),
  )
  console.log('longest stretches without an idle sample (when, from the sync start; what ran most):')
  console.table(
    stretches
      .sort((a, b) => b.us - a.us)
      .slice(0, 5)
      .map((run) => ({
        'at s': ((run.from - from) / 1e6).toFixed(2),
        busy: ms(run.us),
        mostly: [...run.self]
          .sort((a, b) => b[1] - a[1])
          .slice(0, 3)
          .map(([fn, us]) => `${fn.split('  ')[0]} ${ms(us)}`)
          .join(', '),
      })),
  )
  console.table(
    [...files]
      .sort((a, b) => b[1] - a[1])
      .slice(0, top)
      .map(([where, us]) => ({ where, self: ms(us), share: share(us) })),
  )
}
