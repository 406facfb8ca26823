import { spawnSync } from 'node:child_process'
import { readFileSync } from 'node:fs'

const TICKS_PER_SECOND = Number(spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).stdout.trim()) || 100

/**
 * User + system CPU seconds a process has used so far (Linux /proc; null elsewhere); with
 * `tid`, those of one of its threads.
 */
export function cpuSeconds(pid: number | undefined, tid?: number): number | null {
  if (pid === undefined) return null
  try {
    // Fields after the command name, which is in parentheses and may hold spaces.
    const stat = readFileSync(tid === undefined ? `/proc/${pid}/stat` : `/proc/${pid}/task/${tid}/stat`, 'utf8')
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
    return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND
  } catch {
    return null
  }
}
