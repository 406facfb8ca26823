import { readFile, rm, writeFile } from 'node:fs/promises'
import { processAlive } from '../files/temp-sweep'

/** Lock files this process holds now: one of them found on disk is not stale, whatever its pid says. */
const held = new Set<string>()

/**
 * An exclusive hold on a folder for this process: `<folder>.lock` holding the process id. PGlite
 * itself lets a second process open the same folder, and two PostgreSQL instances writing one
 * data folder corrupt it; so the second opener is refused while the first runs. A lock left by a
 * process that no longer runs is taken over.
 */
export async function lockFolder(folder: string): Promise<() => Promise<void>> {
  const path = `${folder}.lock`
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      await writeFile(path, String(process.pid), { flag: 'wx', mode: 0o600 })
      held.add(path)
      return async () => {
        held.delete(path)
        await rm(path, { force: true })
      }
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
      const pid = Number((await readFile(path, 'utf8').catch(() => '')).trim())
      const live = held.has(path) || (Number.isInteger(pid) && pid > 0 && pid !== process.pid && processAlive(pid))
      if (live) throw new Error(`database folder in use by process ${pid}: ${folder}`, { cause: error })
      await rm(path, { force: true })
    }
  }
  throw new Error(`database folder lock could not be taken: ${folder}`)
}
