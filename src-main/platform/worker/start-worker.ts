import { Worker, type WorkerOptions } from 'node:worker_threads'

/** Starts a worker thread with the given options; tests hand in starters of their own. */
export type WorkerStarter = (options: WorkerOptions) => Worker

/**
 * A worker thread running the entry `name` that sits beside the module at `here` (that
 * module's import.meta.url): `name.js` in the built app (electron-vite emits each worker as
 * its own entry beside index.js, see electron.vite.config.ts); when the sources run
 * directly (tsx, vitest), `name.ts` loaded through tsx's loader, registered inside the worker.
 */
export function startWorkerBeside(here: string, name: string, options: WorkerOptions = {}): Worker {
  if (!here.endsWith('.ts')) return new Worker(new URL(`./${name}.js`, here), options)
  const entry = JSON.stringify(new URL(`./${name}.ts`, here).href)
  const boot = `import('tsx/esm/api').then((tsx) => { tsx.register(); return import(${entry}) })`
  return new Worker(boot, { ...options, eval: true })
}
