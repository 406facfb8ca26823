import { type ChildProcess, spawn } from 'node:child_process'
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'

const LAUNCHER = fileURLToPath(new URL('../../../../src-main/agent/bin/statusdesk-agent.js', import.meta.url))

/**
 * An agent that only tells what it was started with, then does what its first argument says:
 * `exit N`, or `wait` (until a signal: SIGHUP it answers by leaving with 5, SIGTERM it leaves to
 * Node, which ends the process by it).
 */
const STUB = `
const [what, value] = process.argv.slice(2)
process.stdout.write(JSON.stringify({
  execArgv: process.execArgv,
  arenas: process.env.MALLOC_ARENA_MAX ?? null,
  args: process.argv.slice(2),
  pid: process.pid,
}) + '\\n')
if (what === 'exit') process.exit(Number(value))
if (what === 'wait') {
  process.on('SIGHUP', () => { process.stdout.write('SIGHUP\\n'); process.exit(5) })
  setInterval(() => {}, 1000)
}
`

interface Told {
  execArgv: string[]
  arenas: string | null
  args: string[]
  pid: number
}

let dir: string
const running = new Set<ChildProcess>()

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'statusdesk-agent-launcher-'))
  await mkdir(join(dir, 'out', 'main'), { recursive: true })
  await writeFile(join(dir, 'out', 'main', 'agent.js'), STUB)
})
afterEach(async () => {
  for (const child of running) child.kill('SIGKILL')
  running.clear()
  await rm(dir, { recursive: true, force: true })
})

/** Runs `statusdesk-agent` as a server starts it, on the stub; what it told and how it ended. */
function launch(args: string[], options: { env?: Record<string, string>; nodeFlags?: string[] } = {}) {
  const child = spawn(process.execPath, [...(options.nodeFlags ?? []), LAUNCHER, ...args], {
    env: { PATH: process.env['PATH'] ?? '', STATUSDESK_OUT_DIR: join(dir, 'out'), ...options.env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  running.add(child)
  let text = ''
  const told = new Promise<Told>((resolve) => {
    child.stdout.on('data', (chunk: Buffer) => {
      text += chunk.toString()
      if (text.includes('\n')) resolve(JSON.parse(text.slice(0, text.indexOf('\n'))) as Told)
    })
  })
  child.stderr.on('data', (chunk: Buffer) => (text += chunk.toString()))
  const ended = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  )
  return { child, told, ended, output: () => text }
}

describe('statusdesk-agent, the agent’s launcher', () => {
  it('starts the agent with its Node flags and its malloc arenas, and its arguments as given', async () => {
    const run = launch(['exit', '0', '--data-dir', '/srv/agent'])
    const told = await run.told
    expect(told.execArgv).toEqual(expect.arrayContaining(['--max-semi-space-size=4', '--v8-pool-size=1']))
    expect(told.arenas).toBe('2')
    expect(told.args).toEqual(['exit', '0', '--data-dir', '/srv/agent'])
    // Node 22.15 and later start it in the same process; before, as the launcher's child.
    if (typeof (process as { execve?: unknown }).execve === 'function') expect(told.pid).toBe(run.child.pid)
    else expect(told.pid).not.toBe(run.child.pid)
    expect(await run.ended).toEqual({ code: 0, signal: null })
  })

  it('keeps what the operator set: flags given to its node after its own (so they win), and the environment', async () => {
    const run = launch(['exit', '0'], { nodeFlags: ['--max-semi-space-size=8'], env: { MALLOC_ARENA_MAX: '4' } })
    const told = await run.told
    expect(told.execArgv.lastIndexOf('--max-semi-space-size=8')).toBeGreaterThan(told.execArgv.indexOf('--max-semi-space-size=4'))
    expect(told.arenas).toBe('4')
  })

  it('starts Node once: in the agent’s own process the agent is loaded as it is', async () => {
    const run = launch(['exit', '0'], { env: { STATUSDESK_AGENT_STARTED: '1' } })
    const told = await run.told
    expect(told.execArgv).toEqual([])
    expect(told.pid).toBe(run.child.pid)
  })

  it('ends with the agent’s exit code', async () => {
    const run = launch(['exit', '7'])
    await run.told
    expect(await run.ended).toEqual({ code: 7, signal: null })
  })

  it('hands the agent the signals it is sent, and ends as the agent did', async () => {
    const hup = launch(['wait'])
    await hup.told
    hup.child.kill('SIGHUP')
    expect(await hup.ended).toEqual({ code: 5, signal: null })
    expect(hup.output()).toContain('SIGHUP\n')

    const term = launch(['wait'])
    await term.told
    term.child.kill('SIGTERM')
    expect(await term.ended).toEqual({ code: null, signal: 'SIGTERM' })
  })

  it('says the build is missing, and fails', async () => {
    await rm(join(dir, 'out'), { recursive: true })
    const run = launch([])
    expect(await run.ended).toEqual({ code: 1, signal: null })
    expect(run.output()).toContain('npm run build')
  })
})
