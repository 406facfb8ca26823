import { execFile, execFileSync, spawnSync } from 'node:child_process'
import { chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { delimiter, join } from 'node:path'

/** What a skipped suite says when this machine has no PostgreSQL server binaries. */
export const POSTGRES_MISSING =
  'PostgreSQL was not found (no initdb in /usr/lib/postgresql/*/bin nor on PATH): install it (apt-get install postgresql) to run these tests'

/** The role the tests connect as: the cluster's superuser, trusted on loopback and on its socket. */
const USER = 'statusdesk'

export interface PostgresCluster {
  host: string
  port: number
  user: string
  /** A connection string to `database` (default `postgres`). */
  url(database?: string): string
  /** Stops the server as an operator would (`pg_ctl stop -m fast`): connections are ended, the data kept. */
  halt(): Promise<void>
  /** Starts it again on the same data folder and port. */
  resume(): Promise<void>
  /** Stops the server (immediate shutdown: nothing in it is kept) and removes its folder. */
  stop(): Promise<void>
}

/** The folder holding initdb, pg_ctl and postgres: Debian's versioned folders first (newest), then PATH. */
export function findPostgresBin(): string | null {
  const debian = '/usr/lib/postgresql'
  const versions = existsSync(debian)
    ? readdirSync(debian)
        .filter((name) => /^\d+$/.test(name))
        .sort((a, b) => Number(b) - Number(a))
    : []
  const candidates = [...versions.map((v) => join(debian, v, 'bin')), ...(process.env.PATH ?? '').split(delimiter)]
  return candidates.find((dir) => dir !== '' && ['initdb', 'pg_ctl', 'postgres'].every((bin) => existsSync(join(dir, bin)))) ?? null
}

/**
 * initdb and postgres refuse to run as root. As root (CI, this machine) the cluster belongs to
 * the `postgres` user Debian's package creates, or to `nobody` without one; commands run as it
 * through setpriv. As anyone else they run as that user.
 */
function runAs(): { uid: number; gid: number } | null {
  if (process.getuid?.() !== 0) return null
  for (const name of ['postgres', 'nobody']) {
    try {
      const uid = Number(execFileSync('id', ['-u', name], { encoding: 'utf8' }).trim())
      const gid = Number(execFileSync('id', ['-g', name], { encoding: 'utf8' }).trim())
      return { uid, gid }
    } catch {
      // No such user: try the next one.
    }
  }
  throw new Error('postgres-cluster: running as root and neither a postgres nor a nobody user exists')
}

function command(as: { uid: number; gid: number } | null, bin: string, args: string[]): [string, string[]] {
  if (as === null) return [bin, args]
  return ['setpriv', [`--reuid=${as.uid}`, `--regid=${as.gid}`, '--clear-groups', '--', bin, ...args]]
}

function run(as: { uid: number; gid: number } | null, bin: string, args: string[], cwd: string): void {
  const [file, argv] = command(as, bin, args)
  const result = spawnSync(file, argv, { cwd, encoding: 'utf8', timeout: 60_000 })
  if (result.status !== 0) {
    throw new Error(`postgres-cluster: ${bin} ${args[0]} failed (${result.status ?? result.signal}): ${result.stderr || result.stdout}`)
  }
}

function runAsync(as: { uid: number; gid: number } | null, bin: string, args: string[], cwd: string): Promise<void> {
  const [file, argv] = command(as, bin, args)
  return new Promise((resolve, reject) => {
    execFile(file, argv, { cwd, encoding: 'utf8', timeout: 90_000 }, (error, stdout, stderr) =>
      error ? reject(new Error(`postgres-cluster: ${bin} ${args[0]} failed: ${stderr || stdout || error.message}`)) : resolve(),
    )
  })
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))))
    })
  })
}

/**
 * A throwaway PostgreSQL cluster in a temp folder: its own data folder, a free loopback port, a
 * unix socket in the same folder, settings for speed over durability. Null when this machine has
 * no PostgreSQL binaries (the suite then skips, saying POSTGRES_MISSING).
 */
export async function startPostgresCluster(): Promise<PostgresCluster | null> {
  const bin = findPostgresBin()
  if (bin === null) return null
  const as = runAs()
  const root = mkdtempSync(join(tmpdir(), 'statusdesk-pg-'))
  if (as !== null) chownSync(root, as.uid, as.gid)
  const data = join(root, 'data')
  const port = await freePort()
  const stopCluster = (): void => {
    const [file, argv] = command(as, join(bin, 'pg_ctl'), ['stop', '-D', data, '-m', 'immediate', '-w', '-t', '20'])
    const stopped = spawnSync(file, argv, { cwd: root, timeout: 30_000 })
    // pg_ctl could not stop it (or timed out): the postmaster's own pid, from its pid file.
    if (stopped.status !== 0) killPostmaster(data)
    rmSync(root, { recursive: true, force: true })
  }
  const options = [
    `-p ${port}`,
    '-c listen_addresses=127.0.0.1',
    `-c unix_socket_directories=${root}`,
    '-c fsync=off',
    '-c synchronous_commit=off',
    '-c full_page_writes=off',
    '-c max_connections=60',
  ].join(' ')
  const startArgs = ['start', '-D', data, '-l', join(root, 'server.log'), '-w', '-t', '60', '-o', options]
  try {
    run(as, join(bin, 'initdb'), ['-D', data, '-U', USER, '--auth=trust', '--no-sync', '-E', 'UTF8', '--locale=C'], root)
    run(as, join(bin, 'pg_ctl'), startArgs, root)
  } catch (error) {
    stopCluster()
    throw error
  }
  // A test runner that dies without stopping the cluster would leave the server running.
  const onExit = (): void => stopCluster()
  process.once('exit', onExit)
  return {
    host: '127.0.0.1',
    port,
    user: USER,
    url: (database = 'postgres') => `postgres://${USER}@127.0.0.1:${port}/${database}`,
    // Asynchronous: the test's own servers (emulators) keep answering meanwhile.
    halt: () => runAsync(as, join(bin, 'pg_ctl'), ['stop', '-D', data, '-m', 'fast', '-w', '-t', '60'], root),
    resume: () => runAsync(as, join(bin, 'pg_ctl'), startArgs, root),
    stop: async () => {
      process.off('exit', onExit)
      stopCluster()
    },
  }
}

function killPostmaster(data: string): void {
  try {
    const pid = Number(readFileSync(join(data, 'postmaster.pid'), 'utf8').split('\n')[0])
    if (Number.isInteger(pid) && pid > 0) process.kill(pid, 'SIGKILL')
  } catch {
    // Gone already, or never started.
  }
}
