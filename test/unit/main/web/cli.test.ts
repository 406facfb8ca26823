import { type ChildProcess, spawn } from 'node:child_process'
import { chmod, mkdir, mkdtemp, readFile, readdir, rm, stat, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { rawRequest } from '../../../support/raw-http'

const ROOT = fileURLToPath(new URL('../../../../', import.meta.url))
let dir: string
let dataDir: string
const running = new Set<ChildProcess>()

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'statusdesk-cli-'))
  dataDir = join(dir, 'data')
})
afterEach(async () => {
  await Promise.all([...running].map((child) => stop(child)))
  await rm(dir, { recursive: true, force: true })
})

interface Run {
  child: ChildProcess
  output(): string
  /** Resolves with everything printed once `done` holds for it. */
  until(done: (output: string) => boolean): Promise<string>
}

/**
 * Starts web mode as `npm run start:web` does, with only the environment given (plus PATH).
 * `wrap` turns the command into another one that runs it (a terminal, npm).
 */
function startCli(
  args: string[],
  env: Record<string, string> = {},
  wrap?: (base: string[]) => string[],
  cwd = ROOT,
  folder = dataDir,
): Run {
  const base = [process.execPath, '--import', 'tsx', 'src-main/web/cli.ts', '--data-dir', folder, ...args]
  const argv = wrap ? wrap(base) : base
  const child = spawn(argv[0]!, argv.slice(1), {
    cwd,
    env: {
      PATH: process.env['PATH'] ?? '',
      HOME: dir,
      STATUSDESK_OUT_DIR: join(dir, 'out'),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  running.add(child)
  let text = ''
  const waiters = new Set<() => void>()
  const collect = (chunk: Buffer) => {
    text += chunk.toString()
    for (const wake of waiters) wake()
  }
  child.stdout!.on('data', collect)
  child.stderr!.on('data', collect)
  return {
    child,
    output: () => text,
    until: (done) =>
      new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`timed out; output so far:\n${text}`)), 30_000)
        const check = () => {
          if (!done(text)) return
          clearTimeout(timer)
          waiters.delete(check)
          resolve(text)
        }
        waiters.add(check)
        child.once('exit', () => {
          clearTimeout(timer)
          if (done(text)) resolve(text)
          else reject(new Error(`exited with ${child.exitCode}; output:\n${text}`))
        })
        check()
      }),
  }
}

function stop(child: ChildProcess, signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
  running.delete(child)
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve()
  return new Promise((resolve) => {
    const kill = setTimeout(() => child.kill('SIGKILL'), 5_000)
    child.once('exit', () => {
      clearTimeout(kill)
      resolve()
    })
    child.kill(signal)
  })
}

const readyOf = (output: string) =>
  output
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as Record<string, unknown>)
    .find((line) => line['event'] === 'ready') as { url: string; origin: string; secret: string; port: number } | undefined

async function freePort(): Promise<number> {
  const { createServer } = await import('node:net')
  const server = createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const address = server.address()
  await new Promise<void>((resolve) => server.close(() => resolve()))
  return typeof address === 'object' && address ? address.port : 0
}

describe('npm run start:web', () => {
  it('serves twice in a row on the port given as `npm run start:web --port N` (and `--port=N`)', async () => {
    const port = await freePort()
    // A package whose start:web runs web mode the way the project's own script does.
    const script = `cd '${ROOT}' && exec '${process.execPath}' --import tsx src-main/web/cli.ts --data-dir '${dataDir}'`
    await writeFile(join(dir, 'package.json'), JSON.stringify({ name: 'x', version: '1.0.0', scripts: { 'start:web': script } }))
    const origins: string[] = []
    for (const npmArgs of [['--port', String(port)], [`--port=${port}`]]) {
      const run = startCli([], {}, () => ['npm', 'run', '--silent', 'start:web', ...npmArgs], dir)
      const ready = readyOf(await run.until((text) => readyOf(text) !== undefined))!
      origins.push(ready.origin)
      const session = await rawRequest(`${ready.origin}/api/session`, {
        headers: { 'x-statusdesk-secret': ready.secret },
      })
      expect(session.status).toBe(204)
      await stop(run.child)
    }
    expect(origins).toEqual([`http://127.0.0.1:${port}`, `http://127.0.0.1:${port}`])
  })

  it('without a port, comes back on the last one, and still wants the new secret there', async () => {
    const first = startCli([])
    const before = readyOf(await first.until((text) => readyOf(text) !== undefined))!
    await stop(first.child)
    const second = startCli([])
    const after = readyOf(await second.until((text) => readyOf(text) !== undefined))!
    expect(after.origin).toBe(before.origin)
    expect(after.secret).not.toBe(before.secret)
    const stale = await rawRequest(`${after.origin}/api/session`, {
      headers: { 'x-statusdesk-secret': before.secret },
    })
    expect(stale.status).toBe(401)
  })

  it('says in one sentence that a port asked for is taken, and exits non-zero', async () => {
    const holder = startCli(['--port', '0'])
    const held = readyOf(await holder.until((text) => readyOf(text) !== undefined))!
    // A data folder of its own: one engine holds a data folder, and the port is what is tried here.
    dataDir = join(dir, 'other-data')
    const run = startCli(['--port', String(held.port)])
    const output = await run.until(() => run.child.exitCode !== null)
    expect(run.child.exitCode).toBe(1)
    expect(output).toContain(`Port ${held.port} is already in use by another program`)
    expect(output).not.toMatch(/\n\s+at /)
  })

  it('refuses to start on a data folder another web mode holds, naming its process, and leaves that one serving', async () => {
    const holder = startCli([])
    const held = readyOf(await holder.until((text) => readyOf(text) !== undefined))!
    const run = startCli(['--port', '0'])
    const output = await run.until(() => run.child.exitCode !== null)
    expect(run.child.exitCode).toBe(1)
    const refusal = output
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line) as Record<string, unknown>)
      .find((line) => line['event'] === 'error')
    expect(refusal).toMatchObject({ key: 'errors.dataFolder.inUse' })
    expect(refusal!['message']).toContain(`process ${holder.child.pid}`)
    expect(output).not.toContain('"event":"ready"')
    expect(output).not.toMatch(/\n\s+at /)
    // The first one still holds its folder and answers.
    const session = await rawRequest(`${held.origin}/api/session`, { headers: { 'x-statusdesk-secret': held.secret } })
    expect(session.status).toBe(204)
    expect(JSON.parse(await readFile(join(dataDir, 'statusdesk.lock'), 'utf8'))).toMatchObject({ pid: holder.child.pid })
  })

  it('when no browser can be opened, prints the address and says to open it; the opener never sees the secret', async () => {
    const bin = join(dir, 'bin')
    await mkdir(bin)
    // The opener a desktop without a browser has: records its arguments, then fails as xdg-open does.
    await writeFile(join(bin, 'xdg-open'), `#!/bin/sh\nprintf '%s\\n' "$@" > "${join(dir, 'opener-args')}"\nexit 3\n`)
    await chmod(join(bin, 'xdg-open'), 0o755)
    const run = startCli(['--open', '--json'], { PATH: `${bin}:${process.env['PATH'] ?? ''}` })
    const output = await run.until((text) => text.includes('"open-failed"'))
    const ready = readyOf(output)!
    const failed = output
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line) as Record<string, unknown>)
      .find((line) => line['event'] === 'open-failed')
    expect(failed).toEqual({
      event: 'open-failed',
      reason: 'xdg-open exited with code 3',
      url: ready.url,
    })
    const opened = (await readFile(join(dir, 'opener-args'), 'utf8')).trim()
    expect(opened).toMatch(/^file:\/\/.*open-statusdesk\.html$/)
    expect(opened).not.toContain(ready.secret)
    const launchFile = fileURLToPath(opened)
    expect((await stat(launchFile)).mode & 0o777).toBe(0o600)
    expect(await readFile(launchFile, 'utf8')).toContain(ready.url)
    // The file carries this launch's secret: it goes when web mode stops, also when its terminal closes.
    await stop(run.child, 'SIGHUP')
    expect(run.child.exitCode).toBe(0)
    expect(await readdir(dataDir)).not.toContain('open-statusdesk.html')
  })

  it('on a terminal, says where it runs in prose, one line per log entry, and says so when there is no opener at all', async () => {
    const bin = join(dir, 'empty-bin')
    await mkdir(bin)
    // `script` gives the process a terminal; node is named by its full path, and PATH finds no xdg-open.
    // (`script` would keep a transcript in the working folder without a file named for it.)
    const run = startCli(['--open'], { PATH: bin, SHELL: '/bin/sh' }, (base) => [
      '/usr/bin/script',
      '-qec',
      base.map((part) => `'${part}'`).join(' '),
      '/dev/null',
    ])
    const output = await run.until((text) => text.includes('No browser could be opened'))
    const clean = output.replace(/\r/g, '')
    expect(clean).toContain("Statusdesk (web mode) is running. Its address, with this launch's secret:")
    expect(clean).toMatch(
      /No browser could be opened \(xdg-open was not found\): open http:\/\/127\.0\.0\.1:\d+\/#secret=\S+ in your browser\./,
    )
    expect(clean.split('\n').filter((line) => line.startsWith('{'))).toEqual([])
    expect(clean).toMatch(/^\d\d:\d\d:\d\d info {2}\[web\] /m)
  })

  it('with its output going to a program, writes JSON lines only', async () => {
    const run = startCli([])
    const output = await run.until((text) => readyOf(text) !== undefined)
    const lines = output.split('\n').filter((line) => line.trim() !== '')
    expect(lines.length).toBeGreaterThan(0)
    for (const line of lines) expect(() => JSON.parse(line)).not.toThrow()
  })
})
