import { AppError } from '@shared/errors'
import { existsSync } from 'node:fs'
import { mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { openConfStore } from '../../../../../src-main/adapters/conf-store'
import { type Emulator, startEmulator } from '../../../../../src-main/emulator'
import { EventHub } from '../../../../../src-main/platform/events'
import type { AccountSession } from '../../../../../src-main/account/workspace/account-session'
import { AccountsService, type ConnectInput } from '../../../../../src-main/account/accounts/accounts-service'
import { emulatorDemo } from '../../../../../src-main/account/accounts/demo-server'
import type { SecretBox } from '../../../../../src-main/account/accounts/secret-box'
import type { AccountClient } from '../../../../../src-main/account/accounts/token-needed-client'
import { silentLogger } from '../../../../../src-main/platform/log/log'
import { RecoveryLog } from '../../../../../src-main/platform/store/recovery-log'
import { fakeKeyring } from './fakes'

const TOKEN_A = 'tokA_9f8e7d6c5b4a39281706'
const TOKEN_B = 'tokB_0a1b2c3d4e5f60718293'
const b64 = (text: string) => Buffer.from(text).toString('base64')

let emulator: Emulator
let dir: string
let emitted: unknown[]
let fetches: number
const services: AccountsService[] = []

beforeAll(async () => {
  emulator = await startEmulator({ token: [TOKEN_A, TOKEN_B], groups: 30 })
})
afterAll(async () => {
  await emulator.stop()
})
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'statusdesk-accounts-'))
  emitted = []
  fetches = 0
})
afterEach(async () => {
  for (const service of services.splice(0)) await service.dispose()
  await rm(dir, { recursive: true, force: true })
})

const countingFetch: typeof fetch = (input, init) => {
  fetches++
  return globalThis.fetch(input, init)
}

function open(box: SecretBox, demoGroups = 25): AccountsService {
  const events = new EventHub()
  events.subscribe((name, payload) => emitted.push({ name, payload }))
  const service = new AccountsService({
    store: openConfStore({ dir, name: 'accounts' }),
    secretBox: box,
    dataDir: dir,
    fetch: countingFetch,
    log: silentLogger,
    events,
    startDemo: emulatorDemo({ groups: demoGroups }),
  })
  services.push(service)
  return service
}

const input = (token: string, extra: Partial<ConnectInput> = {}): ConnectInput => ({ baseUrl: emulator.baseUrl, token, ...extra })
const storeText = () => readFile(join(dir, 'accounts.json'), 'utf8')

/** The window the tests call as; a second window is named where a test needs one. */
const WINDOW = 'window:1'

/** The session of the account on this client's screen, or null. */
function shown(accounts: AccountsService, client = WINDOW): AccountSession<AccountClient> | null {
  const id = accounts.workspaces.shownTo(client)
  return id === null ? null : accounts.sessionIf(id)
}

async function rejection(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => null,
    (reason: unknown) => reason,
  )
  expect(error).toBeInstanceOf(AppError)
  return error as AppError
}

describe('accounts with a real keyring', () => {
  it('tests the pair, stores the token encrypted with a versioned prefix, and puts it on the screen of the client that connected it', async () => {
    const { box } = fakeKeyring()
    const accounts = open(box)
    const summary = await accounts.connect(WINDOW, input(TOKEN_A, { label: 'Shop' }))

    expect(summary).toMatchObject({
      label: 'Shop',
      baseUrl: emulator.baseUrl,
      tokenHint: '…1706',
      encryption: 'keyring',
      hasToken: true,
      isDemo: false,
    })
    const text = await storeText()
    expect(text).toMatch(/"sealed":\s*"v1:keyring:[A-Za-z0-9+/=]+"/)
    expect(text).not.toContain(TOKEN_A)
    expect(text).not.toContain(b64(TOKEN_A))

    const session = shown(accounts)
    expect(session).toMatchObject({ id: summary.id, baseUrl: emulator.baseUrl, isDemo: false, dir: join(dir, 'accounts', summary.id) })
    expect(existsSync(session!.dir)).toBe(true)
    const page = await session!.client.listGroups({ count: 5, offset: 0 })
    expect(page.total).toBe(30)
    expect((await accounts.list(WINDOW)).activeId).toBe(summary.id)
  })

  it('after a restart, a client starts on the account chosen last, without a network call, decrypting only its token', async () => {
    const { box, state } = fakeKeyring()
    const first = open(box)
    const a = await first.connect(WINDOW, input(TOKEN_A))
    const b = await first.connect(WINDOW, input(TOKEN_B))
    await first.switchTo(WINDOW, a.id)

    state.decrypted = 0
    fetches = 0
    const again = open(box)
    await again.restore()
    expect(state.decrypted).toBe(0)
    expect(await again.list(WINDOW)).toMatchObject({ activeId: a.id, accounts: [{ id: a.id }, { id: b.id }] })
    expect(fetches).toBe(0)
    expect(state.decrypted).toBe(1)
    expect(shown(again)?.id).toBe(a.id)
    await expect(shown(again)!.client.listGroups({ count: 1, offset: 0 })).resolves.toMatchObject({ total: 30 })
  })

  it('keeps the list as it was when the test fails, and never quotes the token', async () => {
    const { box } = fakeKeyring()
    const accounts = open(box)
    const error = await rejection(accounts.connect(WINDOW, input('tokWRONG_abcdefghijklmn')))
    expect(error.details?.['reason']).toBe('unauthorized')
    expect(error.message).not.toContain('tokWRONG')
    expect((await accounts.list(WINDOW)).accounts).toEqual([])
    expect(existsSync(join(dir, 'accounts.json'))).toBe(false)
  })

  it('refuses weak storage when a keyring is available', async () => {
    const accounts = open(fakeKeyring().box)
    const error = await rejection(accounts.connect(WINDOW, input(TOKEN_A, { storage: 'weak' })))
    expect(error.code).toBe('invalid-argument')
  })

  it('asks for the token again when the keyring can no longer decrypt it', async () => {
    const { box, state } = fakeKeyring()
    const a = await open(box).connect(WINDOW, input(TOKEN_A))
    state.locked = true
    const again = open(box)
    await again.restore()
    expect(await again.list(WINDOW)).toMatchObject({ activeId: a.id, accounts: [{ id: a.id, hasToken: false }] })
    // The account opens for offline browsing; its client refuses until the token is entered.
    expect(shown(again)).toMatchObject({ id: a.id, tokenNeeded: true, dir: join(dir, 'accounts', a.id) })
    expect((await rejection(shown(again)!.client.listGroups({ count: 1, offset: 0 }))).details).toMatchObject({ reason: 'token-needed' })
    expect(again.dirOf(a.id)).toBe(join(dir, 'accounts', a.id))

    state.locked = false
    const renewed = await again.connect(WINDOW, input(TOKEN_A, { accountId: a.id }))
    expect(renewed).toMatchObject({ id: a.id, hasToken: true })
    expect(shown(again)?.id).toBe(a.id)
  })

  it('seals the token again when the keyring asks for it', async () => {
    const { box, state } = fakeKeyring()
    await open(box).connect(WINDOW, input(TOKEN_A))
    state.stale = true
    state.encrypted = 0
    const again = open(box)
    await again.restore()
    await again.list(WINDOW)
    expect(state.encrypted).toBe(1)
    expect(shown(again)).not.toBeNull()
  })
})

describe('accounts without a real keyring', () => {
  const none = () => fakeKeyring({ available: false, backend: 'basic_text' }).box

  it('asks the user to choose before anything is tested or saved', async () => {
    const accounts = open(none())
    const error = await rejection(accounts.connect(WINDOW, input(TOKEN_A)))
    expect(error.details?.['reason']).toBe('storage-choice-needed')
    expect(fetches).toBe(0)
    expect(await accounts.list(WINDOW)).toMatchObject({ accounts: [], keyring: { available: false, backend: 'basic_text' } })
  })

  it('stores the token with weak protection in a file only its owner can read', async () => {
    const accounts = open(none())
    const summary = await accounts.connect(WINDOW, input(TOKEN_A, { storage: 'weak' }))
    expect(summary.encryption).toBe('weak')
    const text = await storeText()
    expect(text).toContain(`"v1:weak:${b64(TOKEN_A)}"`)
    expect(text).not.toContain(TOKEN_A)
    expect((await stat(join(dir, 'accounts.json'))).mode & 0o777).toBe(0o600)

    const again = open(none())
    await again.restore()
    await again.list(WINDOW)
    await expect(shown(again)!.client.listGroups({ count: 1, offset: 0 })).resolves.toMatchObject({ total: 30 })
  })

  it('keeps a session-only token in memory: after a restart the account asks for it again', async () => {
    const accounts = open(none())
    const summary = await accounts.connect(WINDOW, input(TOKEN_A, { storage: 'session', label: 'Temp' }))
    expect(summary).toMatchObject({ encryption: 'session', hasToken: true })
    expect(shown(accounts)).not.toBeNull()
    const text = await storeText()
    expect(text).not.toContain('sealed')
    expect(text).not.toContain(TOKEN_A)

    const again = open(none())
    await again.restore()
    expect((await again.list(WINDOW)).accounts).toMatchObject([{ id: summary.id, label: 'Temp', hasToken: false, encryption: 'session' }])
    expect(shown(again)).toMatchObject({ id: summary.id, tokenNeeded: true })
    expect(fetches).toBe(1)
    await again.connect(WINDOW, input(TOKEN_A, { storage: 'session', accountId: summary.id }))
    expect((await again.list(WINDOW)).accounts).toMatchObject([{ id: summary.id, label: 'Temp', hasToken: true }])
  })
})

describe('several accounts', () => {
  it('switches, renames and tells listeners, with each account in its own folder', async () => {
    const accounts = open(fakeKeyring().box)
    const seen: (AccountSession<AccountClient> | null)[] = []
    accounts.workspaces.onScreenChange((workspace, onScreen) => {
      if (onScreen) seen.push((workspace.session() as AccountSession<AccountClient> | null) ?? null)
    })
    const a = await accounts.connect(WINDOW, input(TOKEN_A, { label: 'A' }))
    const b = await accounts.connect(WINDOW, input(TOKEN_B, { label: 'B' }))
    expect(seen.map((session) => session?.id)).toEqual([a.id, b.id])
    expect(seen[0]!.dir).not.toBe(seen[1]!.dir)

    const state = await accounts.switchTo(WINDOW, a.id)
    expect(state.activeId).toBe(a.id)
    expect(seen.at(-1)?.id).toBe(a.id)

    const renamed = await accounts.rename(b.id, '  Second shop ')
    expect(renamed.label).toBe('Second shop')
    expect((await accounts.list(WINDOW)).accounts.map((account) => account.label)).toEqual(['A', 'Second shop'])
    await expect(rejection(accounts.switchTo(WINDOW, 'nope'))).resolves.toMatchObject({ code: 'not-found' })
  })

  it('updates the same account when the same pair is connected again', async () => {
    const accounts = open(fakeKeyring().box)
    const a = await accounts.connect(WINDOW, input(TOKEN_A, { label: 'First' }))
    const again = await accounts.connect(WINDOW, input(TOKEN_A))
    expect(again.id).toBe(a.id)
    expect(again.label).toBe('First')
    expect((await accounts.list(WINDOW)).accounts).toHaveLength(1)
  })

  it('signs out: keeps the data unless asked, and finds it again when the pair comes back', async () => {
    const accounts = open(fakeKeyring().box)
    const a = await accounts.connect(WINDOW, input(TOKEN_A))
    const b = await accounts.connect(WINDOW, input(TOKEN_B))
    const cacheA = join(accounts.dirOf(a.id), 'groups.snapshot')
    const cacheB = join(accounts.dirOf(b.id), 'groups.snapshot')
    await writeFile(cacheA, 'a')
    await writeFile(cacheB, 'b')

    const afterB = await accounts.signOut(WINDOW, b.id, false)
    expect(afterB).toMatchObject({ activeId: a.id, accounts: [{ id: a.id }] })
    expect(existsSync(cacheB)).toBe(true)
    const stored = JSON.parse(await storeText()) as { accounts: { id: string }[]; retained: { id: string }[] }
    expect(stored.accounts.map((account) => account.id)).toEqual([a.id])
    expect(stored.retained.map((item) => item.id)).toEqual([b.id])
    const back = await accounts.connect(WINDOW, input(TOKEN_B))
    expect(back.id).toBe(b.id)

    const afterA = await accounts.signOut(WINDOW, a.id, true)
    expect(afterA.accounts.map((account) => account.id)).toEqual([b.id])
    expect(existsSync(accounts.dirOf(a.id))).toBe(false)
    expect(existsSync(cacheB)).toBe(true)
    expect(shown(accounts)?.id).toBe(b.id)

    await accounts.signOut(WINDOW, b.id, true)
    expect(await accounts.list(WINDOW)).toMatchObject({ accounts: [], activeId: null })
    expect(shown(accounts)).toBeNull()
    expect(await storeText()).not.toContain(b64(TOKEN_B))
  })

  it('leaves out an unreadable entry of the accounts file and keeps the others', async () => {
    const { box } = fakeKeyring()
    const a = await open(box).connect(WINDOW, input(TOKEN_A))
    const file = JSON.parse(await storeText()) as { accounts: unknown[] }
    file.accounts.push({ id: '../../etc', label: 5 })
    await writeFile(join(dir, 'accounts.json'), JSON.stringify(file))
    const again = open(box)
    expect(again.listed().accounts.map((account) => account.id)).toEqual([a.id])
  })

  it('copies the file aside before a save drops the entry it could not read, and reports it', async () => {
    const { box } = fakeKeyring()
    const a = await open(box).connect(WINDOW, input(TOKEN_A))
    const file = JSON.parse(await storeText()) as { accounts: Record<string, unknown>[] }
    // An account as a newer version might write it: this version cannot read its storage kind.
    file.accounts.push({ ...file.accounts[0], id: 'future1', encryption: 'hardware-key', sealed: 'v2:hw:abc' })
    const original = JSON.stringify(file)
    await writeFile(join(dir, 'accounts.json'), original)

    const recoveries = new RecoveryLog()
    const again = new AccountsService({
      store: openConfStore({ dir, name: 'accounts' }),
      secretBox: box,
      dataDir: dir,
      fetch: countingFetch,
      log: silentLogger,
      recoveries,
    })
    services.push(again)
    await again.rename(a.id, 'Renamed')

    expect(await storeText()).not.toContain('future1')
    const [recovered] = recoveries.list()
    expect(recovered).toMatchObject({ file: 'accounts', reason: { key: 'notices.recoveryReasons.accountsDropped', params: { count: 1 } } })
    expect(recovered?.movedTo).toMatch(/^accounts\.json\.unreadable-/)
    expect(await readFile(join(dir, recovered!.movedTo), 'utf8')).toBe(original)
  })

  it('keeps a copy of an accounts file written by a newer version', async () => {
    const { box } = fakeKeyring()
    await open(box).connect(WINDOW, input(TOKEN_A))
    const file = JSON.parse(await storeText()) as Record<string, unknown>
    const original = JSON.stringify({ ...file, schemaVersion: 9 })
    await writeFile(join(dir, 'accounts.json'), original)
    const recoveries = new RecoveryLog()
    services.push(
      new AccountsService({
        store: openConfStore({ dir, name: 'accounts' }),
        secretBox: box,
        dataDir: dir,
        fetch: countingFetch,
        log: silentLogger,
        recoveries,
      }),
    )
    const [recovered] = recoveries.list()
    expect(recovered?.movedTo).toMatch(/^accounts\.json\.newer-/)
    expect(await readFile(join(dir, recovered!.movedTo), 'utf8')).toBe(original)
  })

  it('reads an intact accounts file without copying it', async () => {
    const { box } = fakeKeyring()
    await open(box).connect(WINDOW, input(TOKEN_A))
    const recoveries = new RecoveryLog()
    services.push(
      new AccountsService({
        store: openConfStore({ dir, name: 'accounts' }),
        secretBox: box,
        dataDir: dir,
        fetch: countingFetch,
        log: silentLogger,
        recoveries,
      }),
    )
    expect(recoveries.list()).toEqual([])
    expect((await readdir(dir)).filter((name) => name.startsWith('accounts.json.'))).toEqual([])
  })
})

describe('the demo account', () => {
  it('starts the emulator on 127.0.0.1 with its own token and stops it on sign-out', async () => {
    const accounts = open(fakeKeyring().box, 40)
    const demo = await accounts.startDemo(WINDOW)
    expect(demo).toMatchObject({ isDemo: true, encryption: 'session', hasToken: true })
    expect(demo.baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/)
    const session = shown(accounts)!
    expect(session.isDemo).toBe(true)
    await expect(session.client.listGroups({ count: 1, offset: 0 })).resolves.toMatchObject({ total: 40 })

    expect((await accounts.startDemo(WINDOW)).id).toBe(demo.id)
    expect((await accounts.list(WINDOW)).accounts).toHaveLength(1)

    await accounts.signOut(WINDOW, demo.id, true)
    await expect(fetch(`${demo.baseUrl}/groups`)).rejects.toThrow()
  })

  it('comes back on the screen of a client after a restart, on a fresh server', async () => {
    const box = fakeKeyring().box
    const first = open(box, 10)
    const demo = await first.startDemo(WINDOW)
    await first.dispose()
    await expect(fetch(`${demo.baseUrl}/groups`)).rejects.toThrow()

    const again = open(box, 10)
    await again.restore()
    await again.list(WINDOW)
    expect(shown(again)).toMatchObject({ id: demo.id, isDemo: true })
    await expect(shown(again)!.client.listGroups({ count: 1, offset: 0 })).resolves.toMatchObject({ total: 10 })
  })
})

describe('what leaves the service', () => {
  it('never carries a token in a summary, a state or an event', async () => {
    const accounts = open(fakeKeyring().box, 5)
    const results: unknown[] = []
    results.push(await accounts.connect(WINDOW, input(TOKEN_A)))
    results.push(await accounts.connect(WINDOW, input(TOKEN_B)))
    results.push(await accounts.switchTo(WINDOW, accounts.listed().accounts[0]!.id))
    results.push(await accounts.rename(accounts.listed().accounts[0]!.id, 'Renamed'))
    results.push(await accounts.startDemo(WINDOW))
    results.push(await accounts.list(WINDOW))
    results.push(accounts.listed())
    results.push(await accounts.signOut(WINDOW, accounts.listed().accounts[1]!.id, true))
    const all = JSON.stringify([results, emitted])
    // Connect twice, rename, the demo, sign-out; a switch is one client's own and changes nothing every client hears.
    expect(emitted.length).toBeGreaterThanOrEqual(5)
    for (const token of [TOKEN_A, TOKEN_B]) {
      expect(all).not.toContain(token)
      expect(all).not.toContain(b64(token))
    }
  })
})

describe('when the demo cannot start', () => {
  it('reports it, changes nothing, and a restart still comes up', async () => {
    const { box } = fakeKeyring()
    const events = new EventHub()
    const failing = () =>
      new AccountsService({
        store: openConfStore({ dir, name: 'accounts' }),
        secretBox: box,
        dataDir: dir,
        fetch: countingFetch,
        log: silentLogger,
        events,
        startDemo: () => Promise.reject(new Error('EADDRINUSE')),
      })
    const first = open(box, 5)
    const shop = await first.connect(WINDOW, input(TOKEN_A))
    const demo = await first.startDemo(WINDOW)
    await first.switchTo(WINDOW, shop.id)
    await first.dispose()

    const broken = failing()
    services.push(broken)
    expect((await broken.list(WINDOW)).activeId).toBe(shop.id)
    const error = await rejection(broken.switchTo(WINDOW, demo.id))
    expect(error).toMatchObject({ code: 'internal', text: { key: 'accountErrors.demo.notStarted' } })
    expect((await broken.list(WINDOW)).activeId).toBe(shop.id)
    await expect(rejection(broken.startDemo(WINDOW))).resolves.toMatchObject({ code: 'internal' })
    expect((await broken.list(WINDOW)).activeId).toBe(shop.id)
    // A client that never chose starts on the account chosen last, which is still the shop.
    expect((await broken.list('window:2')).activeId).toBe(shop.id)

    // The demo was chosen last when the app last quit: startup still succeeds, and a client starts on no account.
    await open(box, 5).switchTo(WINDOW, demo.id)
    const restarted = failing()
    services.push(restarted)
    await expect(restarted.restore()).resolves.toBeUndefined()
    expect(await restarted.list(WINDOW)).toMatchObject({ activeId: null, accounts: [{ id: shop.id }, { id: demo.id }] })
    expect(shown(restarted)).toBeNull()
    // Still the account chosen last: nothing was chosen in between.
    expect(JSON.parse(await storeText())).toMatchObject({ activeId: demo.id })
  })
})
