import { spawn } from 'node:child_process'
import { existsSync } from 'node:fs'
import { mkdir, readdir, rename, rm, rmdir } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'

/** initdb takes seconds; far longer means the child is stuck, and the process goes on without it. */
const INIT_TIMEOUT_MS = 180_000
/** Enough of the child's last words to say why it failed. */
const MAX_STDERR = 4_096

/** The child: PGlite made over the folder runs initdb there, then closes, and the process ends with its memory. */
const CHILD_SCRIPT = `
const [moduleUrl, folder, conf] = process.argv.slice(1)
const { PGlite } = await import(moduleUrl)
const db = await PGlite.create(folder, { postgresqlconf: JSON.parse(conf) })
await db.close()
process.exit(0)
`

/** Whether PGlite has made its cluster in `folder` (PostgreSQL writes PG_VERSION as initdb ends). */
export const hasCluster = (folder: string): boolean => existsSync(join(folder, 'PG_VERSION'))

async function isEmptyFolder(folder: string): Promise<boolean> {
  try {
    return (await readdir(folder)).length === 0
  } catch {
    return false
  }
}

function runChild(folder: string, conf: readonly string[]): Promise<void> {
  const moduleUrl = pathToFileURL(createRequire(import.meta.url).resolve('@electric-sql/pglite')).href
  const child = spawn(process.execPath, ['--input-type=module', '-e', CHILD_SCRIPT, moduleUrl, folder, JSON.stringify(conf)], {
    stdio: ['ignore', 'ignore', 'pipe'],
    timeout: INIT_TIMEOUT_MS,
  })
  let stderr = ''
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
    stderr = (stderr + chunk).slice(-MAX_STDERR)
  })
  return new Promise((resolve, reject) => {
    child.once('error', reject)
    child.once('close', (code, signal) =>
      code === 0 ? resolve() : reject(new Error(`PGlite's initdb ended with ${signal ?? `code ${code}`}: ${stderr.trim()}`)),
    )
  })
}

/**
 * Makes PGlite's cluster for a new, empty `folder` in a Node process of its own. initdb runs
 * a second WebAssembly build and grows PGlite's memory to several hundred megabytes, which a
 * process never gives back: an agent that made its cluster itself held 740 MB at rest until
 * it was restarted, and 240 MB after. The child writes into `<folder>.init` and the folder
 * takes its place only once initdb has ended, so a process killed meanwhile leaves no half-made
 * cluster behind (the next start clears `.init` and begins again). The caller holds the
 * folder's lock. Returns false where it did nothing (a cluster already there, a folder holding
 * something else, or no plain Node to run: Electron's own binary is not allowed to run as Node),
 * and PGlite then opens the folder as it always has.
 */
export async function makeClusterApart(folder: string, conf: readonly string[]): Promise<boolean> {
  if (process.versions['electron'] !== undefined || hasCluster(folder) || !(await isEmptyFolder(folder))) return false
  const staging = `${folder}.init`
  await rm(staging, { recursive: true, force: true })
  try {
    // Made here so that the cluster, once moved, is as private as the folder it replaces.
    await mkdir(staging, { mode: 0o700 })
    await runChild(staging, conf)
    if (!hasCluster(staging)) throw new Error(`PGlite's initdb ended without a cluster in ${staging}`)
    await rmdir(folder)
    await rename(staging, folder)
    return true
  } finally {
    await rm(staging, { recursive: true, force: true })
  }
}
