import { mkdir, mkdtemp, readdir, rm, utimes, writeFile } from 'node:fs/promises'
import { existsSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { AppError } from '@shared/errors'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { AccountSession } from '../../../../../src-main/account/workspace/account-session'
import { AccountWorkspace, definePart, type WorkspacePart } from '../../../../../src-main/account/workspace/account-workspace'
import { Workspaces } from '../../../../../src-main/account/workspace/workspaces'
import { silentLogger } from '../../../../../src-main/platform/log/log'

let root: string
beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), 'statusdesk-workspace-'))
})
afterEach(() => rm(root, { recursive: true, force: true }))

const session = (id: string, tag = 'first'): AccountSession =>
  ({ id, baseUrl: 'http://127.0.0.1:1', isDemo: false, dir: join(root, id), client: { tag } }) as unknown as AccountSession

/** A part that says what happened to it. */
class Recording implements WorkspacePart {
  readonly seen: string[] = []
  constructor(readonly name: string) {}
  activate(): void {
    this.seen.push('activate')
  }
  deactivate(): void {
    this.seen.push('deactivate')
  }
  useSession(next: AccountSession): void {
    this.seen.push(`session ${(next.client as unknown as { tag: string }).tag}`)
  }
  async dispose(): Promise<void> {
    this.seen.push('dispose')
  }
}

const ALWAYS = definePart('always', 'open', () => new Recording('always'))
const ON_SCREEN = definePart('on-screen', 'on-screen', () => new Recording('on-screen'))

function workspace(id: string, openSession: () => Promise<AccountSession | null> = async () => session(id)): AccountWorkspace {
  return new AccountWorkspace({ id, dir: join(root, id), log: silentLogger, label: () => `Account ${id}`, openSession })
}

describe('AccountWorkspace', () => {
  it('makes each part once, on first use, and hands it the session and the screen changes', async () => {
    const ws = workspace('a')
    ws.activate(session('a'))
    const always = ws.part(ALWAYS)
    expect(ws.part(ALWAYS)).toBe(always)
    expect(ws.peek(ON_SCREEN)).toBeNull()
    ws.useSession(session('a', 'second'))
    expect(always.seen).toEqual(['session second'])
  })

  it('lets the on-screen parts go when the account leaves the screen, and keeps the others working', async () => {
    const ws = workspace('a')
    ws.activate(session('a'))
    const always = ws.part(ALWAYS)
    const shown = ws.part(ON_SCREEN)
    await ws.deactivate()
    expect(ws.mode).toBe('background')
    expect(shown.seen).toEqual(['dispose'])
    expect(always.seen).toEqual(['deactivate'])
    expect(ws.peek(ON_SCREEN)).toBeNull()
    expect(ws.peek(ALWAYS)).toBe(always)
    ws.activate(session('a'))
    expect(always.seen).toEqual(['deactivate', 'session first', 'activate'])
    expect(ws.part(ON_SCREEN)).not.toBe(shown)
  })

  it('closes every part, the last made first, and then refuses new ones', async () => {
    const ws = workspace('a')
    const order: string[] = []
    const first = definePart('first', 'open', () => ({ dispose: async () => void order.push('first') }))
    const second = definePart('second', 'open', () => ({ dispose: async () => void order.push('second') }))
    ws.part(first)
    ws.part(second)
    await ws.close()
    expect(order).toEqual(['second', 'first'])
    expect(ws.mode).toBe('closed')
    expect(() => ws.part(first)).toThrow(AppError)
    try {
      ws.part(first)
    } catch (error) {
      expect(error).toMatchObject({ code: 'not-found', text: { key: 'accountErrors.workspace.closed' } })
    }
    expect(await ws.ensureSession()).toBeNull()
  })

  it('builds the session of a background account once, however many ask at once', async () => {
    let built = 0
    const ws = workspace('b', async () => {
      built++
      await new Promise((resolve) => setTimeout(resolve, 10))
      return session('b')
    })
    const [one, two] = await Promise.all([ws.ensureSession(), ws.ensureSession()])
    expect(one).toBe(two)
    expect(await ws.ensureSession()).toBe(one)
    expect(built).toBe(1)
    expect(ws.mode).toBe('background')
  })

  it('removes the account folder with everything in it, after its parts stopped', async () => {
    const ws = workspace('gone')
    await mkdir(join(root, 'gone', 'outbox', 'item1234'), { recursive: true })
    await writeFile(join(root, 'gone', 'history.json'), '{}')
    const part = ws.part(ALWAYS)
    await ws.remove()
    expect(part.seen).toEqual(['dispose'])
    expect(existsSync(join(root, 'gone'))).toBe(false)
  })

  it('sweeps the temps of writes a killed run left, by the declarations, when it opens', async () => {
    const dir = join(root, 'swept')
    await mkdir(join(dir, 'outbox', 'item12345'), { recursive: true })
    await mkdir(join(dir, 'drafts'), { recursive: true })
    const old = new Date(Date.now() - 11 * 60_000)
    // A partial snapshot of a process that no longer runs: gone at once, however young.
    const dead = join(dir, `.groups.snapshot.tmp-999999-0123456789ab`)
    // A write of this very process, still young: left alone.
    const live = join(dir, `.history.json.tmp-${process.pid}-0123456789ab`)
    // An older version's temp name, stale: gone; and young: left.
    const legacyOld = join(dir, 'drafts', '.composer.json.0123456789ab.tmp')
    const legacyYoung = join(dir, 'drafts', '.saved.json.ba9876543210.tmp')
    const itemTemp = join(dir, 'outbox', 'item12345', '.item.json.tmp-999999-0123456789ab')
    // Not a temp of any declared file: never touched.
    const foreign = join(dir, '.notes.txt.tmp-999999-0123456789ab')
    for (const path of [dead, live, legacyOld, legacyYoung, itemTemp, foreign]) await writeFile(path, 'x')
    await utimes(legacyOld, old, old)
    const ws = workspace('swept')
    await ws.ready()
    expect((await readdir(dir)).sort()).toEqual([
      '.history.json.tmp-' + process.pid + '-0123456789ab',
      '.notes.txt.tmp-999999-0123456789ab',
      'drafts',
      'outbox',
    ])
    expect(await readdir(join(dir, 'drafts'))).toEqual(['.saved.json.ba9876543210.tmp'])
    expect(await readdir(join(dir, 'outbox', 'item12345'))).toEqual([])
  })
})

describe('Workspaces', () => {
  it('keeps one workspace per account; switching a screen leaves the last one open in the background', async () => {
    const workspaces = new Workspaces((id) => workspace(id), silentLogger)
    const window = 'window:1'
    const seen: [string, boolean][] = []
    workspaces.onScreenChange((ws, onScreen) => seen.push([ws.id, onScreen]))
    const a = await workspaces.show(window, 'a', session('a'))
    const kept = a.part(ALWAYS)
    const b = await workspaces.show(window, 'b', session('b'))
    expect(workspaces.shownTo(window)).toBe(b.id)
    expect(b.mode).toBe('active')
    expect(a.mode).toBe('background')
    expect(a.peek(ALWAYS)).toBe(kept)
    expect(await workspaces.show(window, 'a', session('a', 'renewed'))).toBe(a)
    expect(workspaces.all().map((ws) => ws.id)).toEqual(['a', 'b'])
    await workspaces.close('a')
    expect(workspaces.shownTo(window)).toBeNull()
    expect(kept.seen).toContain('dispose')
    expect(seen).toEqual([
      ['a', true],
      ['b', true],
      ['a', false],
      ['a', true],
      ['b', false],
      ['a', false],
    ])
    await workspaces.closeAll()
    expect(b.mode).toBe('closed')
  })
})
