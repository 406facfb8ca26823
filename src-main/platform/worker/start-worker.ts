import { Worker, type WorkerOptions } from 'node:worker_threads'

/** Starts a worker thread with the given options; tests hand in starters of their own. */
export type WorkerStarter = (options: WorkerOptions) => Worker

/** Whether a Node flag's value loads tsx (`--import tsx`, `--require=tsx/cjs`...). */
const TSX = /^(tsx)(\/|$)/
const LOADER_FLAGS = new Set(['--import', '--require', '-r', '--loader', '--experimental-loader'])

/** Node flags as they are given, each with its value when that is the next argument. */
function flagGroups(execArgv: readonly string[]): { name: string; value: string; args: string[] }[] {
  const groups: { name: string; value: string; args: string[] }[] = []
  for (let i = 0; i < execArgv.length; i++) {
    const flag = execArgv[i] as string
    const [name, inline] = flag.split('=', 2) as [string, string | undefined]
    const separate = LOADER_FLAGS.has(name) && inline === undefined && i + 1 < execArgv.length
    const value = inline ?? (separate ? (execArgv[++i] as string) : '')
    groups.push({ name, value, args: separate ? [flag, value] : [flag] })
  }
  return groups
}

/**
 * The process's Node flags for a worker, without those that load tsx: a worker that took
 * them would start tsx's module hooks, which run in a thread of their own (a second V8
 * heap for each worker, and a few hundred milliseconds to start), where the worker needs
 * only TypeScript compiled as it is required. Other flags (a profiler's) go on.
 */
export function workerExecArgv(execArgv: readonly string[]): string[] {
  return flagGroups(execArgv)
    .filter(({ name, value }) => !(LOADER_FLAGS.has(name) && TSX.test(value)))
    .flatMap((group) => group.args)
}

/** The flags of `execArgv` that load modules (with their values), in order. */
export function loaderFlags(execArgv: readonly string[]): string[] {
  return flagGroups(execArgv)
    .filter(({ name }) => LOADER_FLAGS.has(name))
    .flatMap((group) => group.args)
}

/**
 * A worker thread running the entry `name` that sits beside the module at `here` (that
 * module's import.meta.url): `name.js` in the built app (electron-vite emits each worker as
 * its own entry beside index.js, see electron.vite.config.ts); when the sources run
 * directly (tsx, vitest), `name.ts`, required through tsx's require hook, which compiles
 * the sources in the worker's own thread.
 */
export function startWorkerBeside(here: string, name: string, options: WorkerOptions = {}): Worker {
  if (!here.endsWith('.ts')) return new Worker(new URL(`./${name}.js`, here), options)
  const entry = JSON.stringify(new URL(`./${name}.ts`, here).href)
  const boot = `import('tsx/esm/api').then((tsx) => { tsx.register(); return import(${entry}) })`
  const execArgv = workerExecArgv(options.execArgv ?? process.execArgv)
  try {
    return new Worker(boot, { ...options, eval: true, execArgv })
  } catch (error) {
    // A flag of the whole process (V8's --expose-gc, a benchmark's) is refused in a worker's
    // own list: the worker then takes only the flags that load code.
    if ((error as { code?: unknown }).code !== 'ERR_WORKER_INVALID_EXEC_ARGV') throw error
    return new Worker(boot, { ...options, eval: true, execArgv: loaderFlags(execArgv) })
  }
}
