import { mkdir, readFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { setFlagsFromString } from 'node:v8'
import { PGlite, type Transaction } from '@electric-sql/pglite'
import { fromPglite } from 'pg-boss'
import type { Database, Row, Sql } from './database'
import { lockWithFile } from '../files/folder-lock'
import { makeClusterApart } from './pglite-first-start'

/**
 * The outbox is small: a few megabytes of buffers hold it, where PostgreSQL's 128 MB default would
 * take memory an agent on a small server needs. PGlite touches all of its shared memory as it
 * starts, so each megabyte of buffers is a megabyte of the agent at rest: 6 MB instead of 16 MB
 * took it from 158–160 MB to 147 MB with 100 accounts (`npm run bench -- agent-idle`), and 2,000
 * stories due in a minute cost no more CPU (`agent-due`: 50.4 and 56.0 s, beside 54.3 and 59.8 s
 * with 8 MB in the same period). PGlite serves one session, so shared memory sized for
 * PostgreSQL's 100 connections (lock tables, process slots) is 2 MB touched for nothing.
 */
const CONF = ['shared_buffers = 6MB', 'work_mem = 2MB', 'maintenance_work_mem = 16MB', 'max_connections = 10']

/**
 * PGlite is this process's one WebAssembly build, and V8's optimising tier for it leaves memory
 * the process never gives back (its compiler's, kept by the allocator). Without that tier an agent
 * holding 100 accounts settled at 175 MB instead of 243 MB (`npm run bench -- agent-idle`), and
 * 2,000 stories sent in a minute took 36.6 s of its CPU instead of 36.1 s (`agent-due`): the SQL
 * an outbox runs is short, and the baseline tier keeps up. Each function is compiled on its first
 * call (V8's default), and validated then too rather than all 9 MB of them up front (see
 * postgresWasm). Set before the build is first compiled.
 */
let baselineOnly = false
function keepWasmBaselineOnly(): void {
  if (baselineOnly) return
  setFlagsFromString('--liftoff-only')
  setFlagsFromString('--wasm-lazy-validation')
  baselineOnly = true
}

/**
 * PostgreSQL's WebAssembly, compiled here on the main thread (11 ms, its functions validated on
 * first call). PGlite would compile it asynchronously, which V8 does on its worker threads, and
 * their allocator arenas keep what decoding and validating 9 MB took for the process's life: the
 * agent holding 100 accounts settled 7 MB higher (`npm run bench -- agent-idle`).
 */
let compiled: WebAssembly.Module | null = null
async function postgresWasm(): Promise<WebAssembly.Module> {
  if (compiled) return compiled
  const bytes = await readFile(join(dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite')), 'pglite.wasm'))
  compiled = new WebAssembly.Module(bytes)
  return compiled
}

function sqlOf(runner: PGlite | Transaction): Sql {
  return {
    query: async <T extends Row>(text: string, params?: readonly unknown[]) =>
      (await runner.query<T>(text, params ? [...params] : undefined)).rows,
  }
}

/**
 * PostgreSQL compiled to WebAssembly, in this process, its files in `folder`: nothing to install
 * or configure. It has one connection, so statements run one at a time and a transaction holds
 * everything else (pg-boss's polling included) until it ends: transactions here stay short.
 */
export async function openPgliteDatabase(folder: string, owner = `pglite:${process.pid}`): Promise<Database> {
  await mkdir(folder, { recursive: true, mode: 0o700 })
  const lock = await lockWithFile(`${folder}.lock`, { owner })
  const unlock = () => lock.release()
  let pglite: PGlite
  try {
    keepWasmBaselineOnly()
    await makeClusterApart(folder, CONF)
    pglite = await PGlite.create(folder, { postgresqlconf: CONF, pgliteWasmModule: await postgresWasm() })
  } catch (error) {
    await unlock()
    throw error
  }
  const direct = sqlOf(pglite)
  return {
    kind: 'pglite',
    query: direct.query,
    transaction: (work) => pglite.transaction((tx) => work(sqlOf(tx))),
    // The 'pglite' backend tells pg-boss it has one session: no pool, LISTEN/NOTIFY in process.
    bossOptions: (schema) => ({ db: fromPglite(pglite), backend: 'pglite', schema }),
    bossTransaction: (tx) => ({ executeSql: async (text: string, values?: unknown[]) => ({ rows: await tx.query(text, values) }) }),
    close: async () => {
      try {
        await pglite.close()
      } finally {
        await unlock()
      }
    },
  }
}
