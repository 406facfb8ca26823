import { execFile } from 'node:child_process'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  START_ENVIRONMENT,
  restartWithStartSettings,
  startSettingsRestart,
  type ProcessFacts,
} from '../../../../src-main/platform/start-settings'

const ROOT = fileURLToPath(new URL('../../../../', import.meta.url))
const MODULE = fileURLToPath(new URL('../../../../src-main/web/start-first.ts', import.meta.url))

const WANTS = { nodeFlags: ['--v8-pool-size=1', '--max-semi-space-size=4'] }

function facts(overrides: Partial<ProcessFacts> = {}): ProcessFacts {
  return {
    platform: 'linux',
    env: { PATH: '/usr/bin', HOME: '/home/op' },
    execPath: '/usr/bin/node',
    execArgv: ['--max-semi-space-size=4'],
    argv: ['/usr/bin/node', '/app/out/main/web.js', '--open'],
    execve: (() => {
      throw new Error('not in a test')
    }) as ProcessFacts['execve'],
    ...overrides,
  }
}

describe('the restart that gives a long-running process its start settings', () => {
  it('restarts with the same program, flags and arguments, and the settings added', () => {
    expect(startSettingsRestart(facts(), WANTS)).toEqual({
      file: '/usr/bin/node',
      args: ['/usr/bin/node', '--v8-pool-size=1', '--max-semi-space-size=4', '/app/out/main/web.js', '--open'],
      env: { PATH: '/usr/bin', HOME: '/home/op', MALLOC_ARENA_MAX: '2', MALLOC_MMAP_THRESHOLD_: '131072' },
    })
  })

  it('does not restart a process that has them, so a restart happens once at most', () => {
    const restart = startSettingsRestart(facts(), WANTS)!
    const after = facts({ env: restart.env, execArgv: restart.args.slice(1, -2) })
    expect(startSettingsRestart(after, WANTS)).toBeNull()
  })

  it("keeps the operator's own values", () => {
    const ownEnv = { MALLOC_ARENA_MAX: '8', MALLOC_MMAP_THRESHOLD_: '1048576' }
    const own = facts({ env: ownEnv, execArgv: ['--v8_pool_size=4', '--max-semi-space-size=16'] })
    expect(startSettingsRestart(own, WANTS)).toBeNull()
    const flagsOnly = startSettingsRestart(facts({ env: ownEnv }), WANTS)!
    expect(flagsOnly.env).toMatchObject(ownEnv)
    expect(flagsOnly.args).toContain('--v8-pool-size=1')
    // One of them given: the other is added, the given one kept.
    const oneGiven = startSettingsRestart(facts({ env: { MALLOC_ARENA_MAX: '8' } }), WANTS)!
    expect(oneGiven.env).toMatchObject({ MALLOC_ARENA_MAX: '8', MALLOC_MMAP_THRESHOLD_: '131072' })
  })

  it('leaves other systems, and a Node without execve, as they are', () => {
    expect(startSettingsRestart(facts({ platform: 'win32' }), WANTS)).toBeNull()
    expect(startSettingsRestart(facts({ platform: 'darwin' }), WANTS)).toBeNull()
    expect(startSettingsRestart(facts({ execve: undefined }), WANTS)).toBeNull()
  })

  it('hands the restart to execve, and returns when there is none to make', () => {
    const calls: unknown[][] = []
    const execve = ((...args: unknown[]) => {
      calls.push(args)
      throw new Error('replaced')
    }) as ProcessFacts['execve']
    expect(() => restartWithStartSettings(WANTS, facts({ execve }))).toThrow('replaced')
    expect(calls).toHaveLength(1)
    expect(calls[0]![2]).toMatchObject(START_ENVIRONMENT)
    expect(() => restartWithStartSettings({ nodeFlags: [] }, facts({ execve, env: { ...START_ENVIRONMENT } }))).not.toThrow()
    expect(calls).toHaveLength(1)
  })
})

describe('an entry that imports the start settings first, as a real process', () => {
  let dir: string
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'statusdesk-start-settings-'))
    await writeFile(
      join(dir, 'entry.ts'),
      `import ${JSON.stringify(MODULE)}\nprocess.stdout.write(JSON.stringify({ arena: process.env.MALLOC_ARENA_MAX ?? null, argv: process.argv.slice(2), semi: process.execArgv.includes('--max-semi-space-size=4') }))\n`,
    )
  })
  afterAll(() => rm(dir, { recursive: true, force: true }))

  const run = async (env: NodeJS.ProcessEnv) => {
    const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', join(dir, 'entry.ts'), '--open'], {
      cwd: ROOT,
      env,
    })
    return JSON.parse(stdout) as { arena: string | null; argv: string[]; semi: boolean }
  }
  const withoutSetting = () => Object.fromEntries(Object.entries(process.env).filter(([name]) => name !== 'MALLOC_ARENA_MAX'))
  const canRestart = process.platform === 'linux' && typeof (process as { execve?: unknown }).execve === 'function'

  it('runs on with its arguments, with the setting where Node can restart in place', async () => {
    if (!canRestart)
      console.info(`start settings: Node ${process.version} has no process.execve (22.15+), so the entry runs on without them`)
    const seen = await run(withoutSetting())
    expect(seen.argv).toEqual(['--open'])
    expect(seen.arena).toBe(canRestart ? START_ENVIRONMENT['MALLOC_ARENA_MAX'] : null)
    expect(seen.semi).toBe(canRestart)
  })

  it("keeps the operator's value", async () => {
    expect((await run({ ...withoutSetting(), MALLOC_ARENA_MAX: '4' })).arena).toBe('4')
  })
})
