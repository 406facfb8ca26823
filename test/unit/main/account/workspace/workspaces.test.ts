import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { AccountSession } from '../../../../../src-main/account/workspace/account-session'
import { AccountWorkspace, definePart, type WorkspacePart } from '../../../../../src-main/account/workspace/account-workspace'
import { Workspaces } from '../../../../../src-main/account/workspace/workspaces'
import { silentLogger, type Logger } from '../../../../../src-main/platform/log/log'

let root: string
let workspaces: Workspaces
let events: [string, boolean][]
beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), 'statusdesk-workspaces-'))
  workspaces = new Workspaces(
    (id) => new AccountWorkspace({ id, dir: join(root, id), log: silentLogger, label: () => id, openSession: async () => session(id) }),
    silentLogger,
  )
  events = []
  workspaces.onScreenChange((workspace, onScreen) => events.push([workspace.id, onScreen]))
})
afterEach(async () => {
  await workspaces.closeAll()
  await rm(root, { recursive: true, force: true })
})

const session = (id: string, tag = 'first'): AccountSession =>
  ({ id, baseUrl: 'http://127.0.0.1:1', isDemo: false, dir: join(root, id), client: { tag } }) as unknown as AccountSession

/** A part kept while the account is on some screen, saying what happened to it. */
class Shown implements WorkspacePart {
  readonly seen: string[] = []
  useSession(next: AccountSession): void {
    this.seen.push(`session ${(next.client as unknown as { tag: string }).tag}`)
  }
  async dispose(): Promise<void> {
    this.seen.push('dispose')
  }
}
const ON_SCREEN = definePart('shown', 'on-screen', () => new Shown())

describe('Workspaces: each client has its own account on screen', () => {
  it('shows two accounts to two clients at once, each on screen, neither moving the other', async () => {
    const a = await workspaces.show('window:1', 'a', session('a'))
    const b = await workspaces.show('window:2', 'b', session('b'))
    expect([a.mode, b.mode]).toEqual(['active', 'active'])
    expect(workspaces.shownTo('window:1')).toBe('a')
    expect(workspaces.shownTo('window:2')).toBe('b')
    expect(workspaces.shownTo('window:3')).toBeNull()
    expect([workspaces.viewers('a'), workspaces.viewers('b'), workspaces.viewers('c')]).toEqual([1, 1, 0])
    expect(events).toEqual([
      ['a', true],
      ['b', true],
    ])
  })

  it('keeps an account on screen while any client shows it, and lets its on-screen parts go with the last one', async () => {
    const a = await workspaces.show('window:1', 'a', session('a'))
    const part = a.part(ON_SCREEN)
    // The second client takes the account as it is: one "came on screen", the session handed on.
    expect(await workspaces.show('web:tab', 'a', session('a', 'second'))).toBe(a)
    expect(workspaces.viewers('a')).toBe(2)
    expect(workspaces.clientsOf('a').sort()).toEqual(['web:tab', 'window:1'])
    expect(part.seen).toEqual(['session second'])

    await workspaces.hide('window:1')
    expect(a.mode).toBe('active')
    expect(a.peek(ON_SCREEN)).toBe(part)
    expect(part.seen).not.toContain('dispose')

    // The last viewer moves elsewhere: the account goes off screen, its outbox and drafts would stay.
    await workspaces.show('web:tab', 'b', session('b'))
    expect(a.mode).toBe('background')
    expect(part.seen).toContain('dispose')
    expect(a.peek(ON_SCREEN)).toBeNull()
    expect(workspaces.clientsOf('a')).toEqual([])
    expect(events).toEqual([
      ['a', true],
      ['b', true],
      ['a', false],
    ])
  })

  it('does nothing for a client that shows nothing, or shows again what it shows', async () => {
    await workspaces.hide('never-seen')
    const a = await workspaces.show('window:1', 'a', session('a'))
    await workspaces.show('window:1', 'a', session('a', 'renewed'))
    expect(a.mode).toBe('active')
    expect(workspaces.viewers('a')).toBe(1)
    expect(events).toEqual([['a', true]])
  })

  it('takes an account off every screen it is on when it closes, and tells once', async () => {
    const a = await workspaces.show('window:1', 'a', session('a'))
    await workspaces.show('window:2', 'a', session('a'))
    await workspaces.show('window:3', 'b', session('b'))
    await workspaces.close('a')
    expect(a.mode).toBe('closed')
    expect(workspaces.get('a')).toBeNull()
    expect([workspaces.shownTo('window:1'), workspaces.shownTo('window:2'), workspaces.shownTo('window:3')]).toEqual([null, null, 'b'])
    expect(events.filter(([id]) => id === 'a')).toEqual([
      ['a', true],
      ['a', false],
    ])
  })

  it('goes on telling the others when one listener throws, and logs it', async () => {
    const logged: string[] = []
    const log: Logger = { ...silentLogger, error: (message: string) => void logged.push(message) }
    const own = new Workspaces(
      (id) => new AccountWorkspace({ id, dir: join(root, id), log: silentLogger, label: () => id, openSession: async () => null }),
      log,
    )
    const heard: string[] = []
    own.onScreenChange(() => {
      throw new Error('listener broke')
    })
    own.onScreenChange((workspace, onScreen) => heard.push(`${workspace.id} ${onScreen}`))
    const opened: string[] = []
    own.onOpened((workspace) => opened.push(workspace.id))
    await own.show('window:1', 'a', session('a'))
    await own.hide('window:1')
    expect(heard).toEqual(['a true', 'a false'])
    expect(opened).toEqual(['a'])
    expect(logged).toEqual(['workspace listener failed', 'workspace listener failed'])
    await own.closeAll()
  })

  it('stops telling a listener once it unsubscribed', async () => {
    const heard: boolean[] = []
    const off = workspaces.onScreenChange((_workspace, onScreen) => heard.push(onScreen))
    await workspaces.show('window:1', 'a', session('a'))
    off()
    await workspaces.hide('window:1')
    expect(heard).toEqual([true])
  })

  it('remembers a bounded number of clients: a flood of pages forgets the oldest, whose account leaves the screen', async () => {
    const first = await workspaces.show('web:0', 'a0', session('a0'))
    for (let i = 1; i <= 64; i++) await workspaces.show(`web:${i}`, `a${i}`, session(`a${i}`))
    expect(workspaces.shownTo('web:0')).toBeNull()
    expect(first.mode).toBe('background')
    expect(workspaces.shownTo('web:1')).toBe('a1')
    expect(workspaces.shownTo('web:64')).toBe('a64')
    expect(workspaces.all().filter((workspace) => workspace.mode === 'active')).toHaveLength(64)
  })

  it('counts a client that chose again as heard from last, so it is not the one forgotten', async () => {
    await workspaces.show('web:0', 'a', session('a'))
    for (let i = 1; i < 64; i++) await workspaces.show(`web:${i}`, 'b', session('b'))
    // The oldest client chooses again: the next oldest is the one forgotten.
    await workspaces.show('web:0', 'a', session('a'))
    await workspaces.show('web:64', 'b', session('b'))
    expect(workspaces.shownTo('web:0')).toBe('a')
    expect(workspaces.shownTo('web:1')).toBeNull()
    expect(workspaces.viewers('b')).toBe(63)
  })
})
