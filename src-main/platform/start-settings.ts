/**
 * What a long-running process of the engine (web mode, the agent) wants from its very first
 * allocation, and the restart that gives it. glibc's malloc reads its settings once, when the
 * process first allocates, so no code can set them later:
 * - MALLOC_ARENA_MAX: unbounded, glibc gives each thread that allocates an arena of its own
 *   (up to 8 per core: main, the page and picture workers, libuv's pool, V8's helpers), and
 *   memory freed in one arena is not reused by another. With two, the pictures' peak at 50,000
 *   groups read 228 MB against 249–258 MB, and the agent with its flags 158–159 MB at rest
 *   against 171–181 MB.
 * - MALLOC_MMAP_THRESHOLD_: a block of 128 KB or more is mapped on its own and given back
 *   whole when freed. Left to itself glibc raises that bound to the size of each such block
 *   freed (up to 32 MB), after which a sync's page bodies (hundreds of kilobytes each) are
 *   carved from the arenas, and what they free stays resident between the blocks still in use.
 *   Fixed, the first sync of 50,000 groups peaked at 194 MB against 213 MB, and the pictures
 *   after it at 203 MB against 231 MB.
 * docs/PERFORMANCE.md has the runs.
 */
export const START_ENVIRONMENT: Readonly<Record<string, string>> = { MALLOC_ARENA_MAX: '2', MALLOC_MMAP_THRESHOLD_: '131072' }

/** The facts of this process the decision reads (`process` itself, or a test's). */
export interface ProcessFacts {
  readonly platform: string
  readonly env: Readonly<Record<string, string | undefined>>
  readonly execPath: string
  readonly execArgv: readonly string[]
  readonly argv: readonly string[]
  /** Node's `process.execve` (22.15 and later, POSIX only): replaces the process, keeping its pid and stdio. */
  readonly execve?: ((file: string, args: readonly string[], env: Record<string, string | undefined>) => never) | undefined
}

/** What an entry wants from its start: Node flags (V8 reads them before any script runs) besides the environment above. */
export interface StartWants {
  readonly nodeFlags: readonly string[]
}

/**
 * Web mode's: a young generation of 4 MB keeps about 25 MB of V8's scratch space from being
 * resident, at no CPU a sync shows (docs/PERFORMANCE.md, first sync).
 */
export const WEB_START: StartWants = { nodeFlags: ['--max-semi-space-size=4'] }
/**
 * The agent's: the same young generation, and one V8 helper thread, whose malloc arena and stack
 * an agent at rest does not need (docs/PERFORMANCE.md, the agent at rest).
 */
export const AGENT_START: StartWants = { nodeFlags: ['--max-semi-space-size=4', '--v8-pool-size=1'] }

export interface Restart {
  file: string
  args: string[]
  env: Record<string, string | undefined>
}

/**
 * The restart that gives this process the start settings, or null when it has them or cannot
 * have them. A setting the operator gave (a variable, or a flag of the same name with another
 * value) is theirs and is kept; after one restart every setting is there, so there is never a
 * second. Only on Linux (glibc's setting; the other systems' allocators ignore it), and only
 * with `execve`: a parent process left waiting for a child would itself hold more memory than
 * the settings save. Elsewhere the flags the npm scripts give are what the process has.
 */
export function startSettingsRestart(facts: ProcessFacts, wants: StartWants): Restart | null {
  if (facts.platform !== 'linux' || facts.execve === undefined) return null
  const given = new Set(facts.execArgv.map(flagName))
  const flags = wants.nodeFlags.filter((flag) => !given.has(flagName(flag)))
  const envMissing = Object.keys(START_ENVIRONMENT).some((name) => facts.env[name] === undefined)
  if (!envMissing && flags.length === 0) return null
  return {
    file: facts.execPath,
    args: [facts.execPath, ...flags, ...facts.execArgv, ...facts.argv.slice(1)],
    env: { ...START_ENVIRONMENT, ...facts.env },
  }
}

/** Restarts this process in place with the start settings when it lacks them; returns only when it does not. */
export function restartWithStartSettings(wants: StartWants, facts: ProcessFacts = processFacts()): void {
  const restart = startSettingsRestart(facts, wants)
  if (restart) facts.execve!(restart.file, restart.args, restart.env)
}

/** `--max-semi-space-size=4` and `--max-semi-space-size 4` name one flag; V8 reads `_` as `-`. */
function flagName(flag: string): string {
  return flag.split('=')[0]!.replaceAll('_', '-')
}

function processFacts(): ProcessFacts {
  const { execve } = process as { execve?: ProcessFacts['execve'] }
  return {
    platform: process.platform,
    env: process.env,
    execPath: process.execPath,
    execArgv: process.execArgv,
    argv: process.argv,
    execve: execve?.bind(process),
  }
}
