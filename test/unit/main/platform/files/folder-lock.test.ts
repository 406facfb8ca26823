import { type ChildProcess, spawn } from 'node:child_process'
import { mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises'
import { hostname, tmpdir, uptime } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { AppError } from '@shared/errors'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { LOCK_FILE, lockDataFolder } from '../../../../../src-main/platform/files/folder-lock'
import { startTestCore } from '../../../../support/app-core'

const ROOT = fileURLToPath(new URL('../../../../../', import.meta.url))
const LOCK_MODULE = join(ROOT, 'src-main/platform/files/folder-lock.ts')

let dir: string
let script: string
const children = new Set<ChildProcess>()

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'statusdesk-lock-'))
  // Another engine, as small as it gets: it takes the data folder, says so, and holds it until its input closes.
  script = join(dir, '..', `${dir.split('/').at(-1)}-holder.mts`)
  await writeFile(
    script,
    `import { lockDataFolder } from ${JSON.stringify(LOCK_MODULE)}
const [folder, mode] = process.argv.slice(2)
try {
  const lock = await lockDataFolder(folder, { owner: 'other-engine' })
  process.stdout.write(JSON.stringify({ held: true, pid: process.pid }) + '\\n')
  if (mode === 'hold') {
    process.stdin.resume()
    process.stdin.on('end', async () => {
      await lock.release()
      process.exit(0)
    })
  } else await lock.release()
} catch (error) {
  process.stdout.write(JSON.stringify({ refused: true, code: error.code, text: error.text, details: error.details }) + '\\n')
  process.exitCode = 2
}
`,
  )
})
afterEach(async () => {
  for (const child of children) {
    child.stdin?.end()
    if (child.exitCode === null) await new Promise((resolve) => child.once('exit', resolve))
  }
  children.clear()
  await rm(dir, { recursive: true, force: true })
  await rm(script, { force: true })
})

/** Runs the other engine over the data folder; resolves with its first word (held, or refused) and the process. */
function otherEngine(mode: 'hold' | 'once'): Promise<{ child: ChildProcess; said: Record<string, unknown> }> {
  const child = spawn(process.execPath, ['--import', 'tsx', script, dir, mode], { cwd: ROOT, stdio: ['pipe', 'pipe', 'pipe'] })
  children.add(child)
  let out = ''
  let err = ''
  child.stderr!.on('data', (chunk: Buffer) => (err += chunk.toString()))
  return new Promise((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString()
      const line = out.split('\n')[0]
      if (out.includes('\n')) resolve({ child, said: JSON.parse(line!) as Record<string, unknown> })
    })
    child.once('exit', (code) => {
      if (!out.includes('\n')) reject(new Error(`the other engine exited with ${code}: ${err}`))
    })
  })
}

/** The pid of a process that ran and is gone. */
async function deadPid(): Promise<number> {
  const child = spawn(process.execPath, ['-e', ''], { stdio: 'ignore' })
  await new Promise((resolve) => child.once('exit', resolve))
  return child.pid!
}

async function refusal(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => null,
    (reason: unknown) => reason,
  )
  expect(error).toBeInstanceOf(AppError)
  return error as AppError
}

const lockRecord = (over: Record<string, unknown>) =>
  JSON.stringify({
    pid: process.pid,
    host: hostname(),
    owner: 'someone',
    startedAt: new Date().toISOString(),
    heartbeatAt: new Date().toISOString(),
    ...over,
  })

describe('the data folder lock', () => {
  it('refuses a second process in words, naming the one that holds the folder', async () => {
    const mine = await lockDataFolder(dir, { owner: 'this-engine' })
    const { said } = await otherEngine('once')
    expect(said).toEqual({
      refused: true,
      code: 'conflict',
      text: { key: 'errors.dataFolder.inUse', params: { pid: process.pid, host: hostname() } },
      details: { pid: process.pid },
    })
    // The holder keeps its folder.
    expect(JSON.parse(await readFile(join(dir, LOCK_FILE), 'utf8'))).toMatchObject({ pid: process.pid, owner: 'this-engine' })
    await mine.release()
  })

  it('is refused to this process while another process holds it, and taken once that one let go', async () => {
    const { child, said } = await otherEngine('hold')
    expect(said).toEqual({ held: true, pid: child.pid })
    const error = await refusal(lockDataFolder(dir, { owner: 'this-engine' }))
    expect(error).toMatchObject({ code: 'conflict', text: { key: 'errors.dataFolder.inUse', params: { pid: child.pid } } })

    child.stdin!.end()
    await new Promise((resolve) => child.once('exit', resolve))
    const mine = await lockDataFolder(dir, { owner: 'this-engine' })
    expect(JSON.parse(await readFile(join(dir, LOCK_FILE), 'utf8'))).toMatchObject({ pid: process.pid, owner: 'this-engine' })
    await mine.release()
  }, 30_000)

  it('refuses a second engine in the same process too', async () => {
    const first = await lockDataFolder(dir, { owner: 'first' })
    await expect(refusal(lockDataFolder(dir, { owner: 'second' }))).resolves.toMatchObject({ code: 'conflict' })
    await first.release()
  })

  it('takes over a lock left by a process that no longer runs', async () => {
    await writeFile(join(dir, LOCK_FILE), lockRecord({ pid: await deadPid(), owner: 'killed-engine' }))
    const lock = await lockDataFolder(dir, { owner: 'this-engine' })
    expect(JSON.parse(await readFile(join(dir, LOCK_FILE), 'utf8'))).toMatchObject({ pid: process.pid, owner: 'this-engine' })
    await lock.release()
  })

  it('refuses a lock whose holder runs on this machine however old its beat (a machine that slept), and takes it when written before this boot', async () => {
    const { child } = await otherEngine('hold')
    const minuteAndMore = new Date(Date.now() - 61_000).toISOString()
    await writeFile(join(dir, LOCK_FILE), lockRecord({ pid: child.pid, heartbeatAt: minuteAndMore, owner: 'asleep' }))
    await expect(refusal(lockDataFolder(dir, { owner: 'this-engine' }))).resolves.toMatchObject({ details: { pid: child.pid } })

    // A pid that runs now may be another program's since the machine started again.
    const beforeBoot = new Date(Date.now() - (uptime() + 3_600) * 1_000).toISOString()
    await writeFile(join(dir, LOCK_FILE), lockRecord({ pid: child.pid, heartbeatAt: beforeBoot, owner: 'before-boot' }))
    const lock = await lockDataFolder(dir, { owner: 'this-engine' })
    expect(JSON.parse(await readFile(join(dir, LOCK_FILE), 'utf8'))).toMatchObject({ owner: 'this-engine' })
    await lock.release()
  }, 30_000)

  it('stops beating and says so when another process took the lock over, never writing over it', async () => {
    const lost: unknown[] = []
    const lock = await lockDataFolder(dir, { owner: 'this-engine', heartbeatMs: 20, onLost: (holder) => lost.push(holder) })
    await writeFile(join(dir, LOCK_FILE), lockRecord({ pid: process.pid, owner: 'the-one-that-took-it' }))
    for (let i = 0; i < 100 && lost.length === 0; i++) await new Promise((resolve) => setTimeout(resolve, 20))
    expect(lost[0]).toMatchObject({ owner: 'the-one-that-took-it' })
    await new Promise((resolve) => setTimeout(resolve, 100))
    expect(JSON.parse(await readFile(join(dir, LOCK_FILE), 'utf8'))).toMatchObject({ owner: 'the-one-that-took-it' })
    await lock.release()
    expect(JSON.parse(await readFile(join(dir, LOCK_FILE), 'utf8'))).toMatchObject({ owner: 'the-one-that-took-it' })
  })

  it('refuses a fresh lock of another machine (its pid cannot be looked at), and takes it once stale', async () => {
    await writeFile(join(dir, LOCK_FILE), lockRecord({ pid: await deadPid(), host: 'another-machine' }))
    await expect(refusal(lockDataFolder(dir, { owner: 'this-engine' }))).resolves.toMatchObject({
      text: { params: { host: 'another-machine' } },
    })
    await writeFile(
      join(dir, LOCK_FILE),
      lockRecord({ host: 'another-machine', heartbeatAt: new Date(Date.now() - 120_000).toISOString() }),
    )
    const lock = await lockDataFolder(dir, { owner: 'this-engine' })
    await lock.release()
  })

  it('takes over a lock file that says nothing readable, after looking twice (it may be being written)', async () => {
    for (const junk of ['', '{"pid": "1; rm -rf /"}', '{"pid": -4, "host": "x"}', 'x'.repeat(10_000), '{"pid": 1e400}']) {
      await writeFile(join(dir, LOCK_FILE), junk)
      const started = Date.now()
      const lock = await lockDataFolder(dir, { owner: 'this-engine' })
      expect(Date.now() - started).toBeGreaterThanOrEqual(300)
      expect(JSON.parse(await readFile(join(dir, LOCK_FILE), 'utf8'))).toMatchObject({ owner: 'this-engine' })
      await lock.release()
    }
    expect(await readdir(dir)).toEqual([])
  }, 30_000)

  it('says it is alive while held, and release removes only its own lock', async () => {
    const lock = await lockDataFolder(dir, { owner: 'this-engine', heartbeatMs: 30 })
    const first = JSON.parse(await readFile(join(dir, LOCK_FILE), 'utf8')) as { heartbeatAt: string; startedAt: string }
    await new Promise((resolve) => setTimeout(resolve, 150))
    const later = JSON.parse(await readFile(join(dir, LOCK_FILE), 'utf8')) as { heartbeatAt: string; startedAt: string }
    expect(Date.parse(later.heartbeatAt)).toBeGreaterThan(Date.parse(first.heartbeatAt))
    expect(later.startedAt).toBe(first.startedAt)
    expect((await stat(join(dir, LOCK_FILE))).mode & 0o777).toBe(0o600)
    await lock.release()
    expect(await readdir(dir)).toEqual([])

    // A lock another engine took over after this one was thought gone stays where it is.
    const stale = await lockDataFolder(dir, { owner: 'old-engine' })
    await writeFile(join(dir, LOCK_FILE), lockRecord({ owner: 'new-engine' }))
    await stale.release()
    expect(JSON.parse(await readFile(join(dir, LOCK_FILE), 'utf8'))).toMatchObject({ owner: 'new-engine' })
  })

  it('keeps an engine off a folder another process holds: refused before anything is read or written', async () => {
    const { child } = await otherEngine('hold')
    const accounts = '{"accounts":[],"activeId":null}'
    await writeFile(join(dir, 'accounts.json'), accounts)
    // A stale temp the engine's start would sweep, were it to start.
    const temp = join(dir, '.settings.json.tmp-999999-0123456789ab')
    await writeFile(temp, 'partial')
    const before = (await readdir(dir)).sort()

    const error = await refusal(startTestCore(dir))
    expect(error).toMatchObject({ code: 'conflict', text: { key: 'errors.dataFolder.inUse', params: { pid: child.pid } } })
    expect((await readdir(dir)).sort()).toEqual(before)
    expect(await readFile(join(dir, 'accounts.json'), 'utf8')).toBe(accounts)
    expect(JSON.parse(await readFile(join(dir, LOCK_FILE), 'utf8'))).toMatchObject({ pid: child.pid, owner: 'other-engine' })
  }, 30_000)

  it('is let go by an engine that stops, so the next one starts', async () => {
    const core = await startTestCore(dir)
    await expect(refusal(startTestCore(dir))).resolves.toMatchObject({ code: 'conflict' })
    await core.dispose()
    expect(await readdir(dir)).not.toContain(LOCK_FILE)
    const next = await startTestCore(dir)
    await next.dispose()
  })
})
