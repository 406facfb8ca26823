/**
 * The renderers the groups-ui benchmark serves: the app as built (80 ms search debounce), and
 * one built with STATUSDESK_BENCH_SEARCH_DEBOUNCE_MS=0 into a temp folder, to show what the
 * debounce itself adds to a keystroke (electron.vite.config.ts inlines it as
 * __SEARCH_DEBOUNCE_MS__; no other build sets it). Web mode serves whichever
 * STATUSDESK_OUT_DIR it is given.
 */
import { spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { root } from './groups-bench'

function build(outDir: string, debounceMs: string | undefined): void {
  const env: NodeJS.ProcessEnv = { ...process.env, STATUSDESK_OUT_DIR: outDir }
  delete env['STATUSDESK_BENCH_SEARCH_DEBOUNCE_MS']
  if (debounceMs !== undefined) env['STATUSDESK_BENCH_SEARCH_DEBOUNCE_MS'] = debounceMs
  const run = spawnSync('npx', ['electron-vite', 'build'], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    env,
  })
  if (run.status !== 0) throw new Error(`electron-vite build into ${outDir} failed`)
}

/** The usual out folder, built first if it is not there (with the default debounce). */
export function defaultRenderer(): string {
  const outDir = process.env['STATUSDESK_OUT_DIR'] ?? join(root, 'out')
  if (!existsSync(join(outDir, 'renderer', 'index.html'))) {
    console.log(`building the renderer into ${outDir} first…`)
    build(outDir, undefined)
  }
  return outDir
}

/** The usual out folder, built now: for a benchmark that runs main's build as well as the renderer. */
export function freshBuild(): string {
  const outDir = process.env['STATUSDESK_OUT_DIR'] ?? join(root, 'out')
  console.log(`building the app into ${outDir}…`)
  build(outDir, undefined)
  return outDir
}

/** A renderer without the search debounce, in a temp folder that `remove()` deletes. */
export async function noDebounceRenderer(): Promise<{ outDir: string; remove(): Promise<void> }> {
  const outDir = await mkdtemp(join(tmpdir(), 'statusdesk-bench-nodebounce-'))
  console.log(`building a renderer with STATUSDESK_BENCH_SEARCH_DEBOUNCE_MS=0 into ${outDir}…`)
  build(outDir, '0')
  return { outDir, remove: () => rm(outDir, { recursive: true, force: true }) }
}
