import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { openConfStore } from '../../../../../src-main/adapters/conf-store'
import { type Emulator, startEmulator } from '../../../../../src-main/emulator'
import { AccountsService } from '../../../../../src-main/account/accounts/accounts-service'
import { emulatorDemo } from '../../../../../src-main/account/accounts/demo-server'
import { silentLogger } from '../../../../../src-main/platform/log/log'
import { fakeKeyring } from './fakes'

const TOKEN_A = 'tokA_sessionof_1a2b3c4d'
const TOKEN_B = 'tokB_sessionof_5e6f7a8b'

let emulator: Emulator
let dir: string
let service: AccountsService

beforeAll(async () => {
  emulator = await startEmulator({ token: [TOKEN_A, TOKEN_B], groups: 3 })
})
afterAll(() => emulator.stop())
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'statusdesk-session-of-'))
  service = new AccountsService({
    store: openConfStore({ dir, name: 'accounts' }),
    secretBox: fakeKeyring().box,
    dataDir: dir,
    fetch: globalThis.fetch,
    log: silentLogger,
    startDemo: emulatorDemo({ groups: 3 }),
  })
})
afterEach(async () => {
  await service.dispose()
  await rm(dir, { recursive: true, force: true })
})

const WINDOW = 'window:1'

describe('AccountsService.sessionOf', () => {
  it('gives any listed account a working client of its own without changing the account on any screen', async () => {
    const first = await service.connect(WINDOW, { baseUrl: emulator.baseUrl, token: TOKEN_A, label: 'A' })
    const second = await service.connect(WINDOW, { baseUrl: emulator.baseUrl, token: TOKEN_B, label: 'B' })
    const switches: unknown[] = []
    service.workspaces.onScreenChange((workspace, onScreen) => switches.push([workspace.id, onScreen]))
    expect(await service.sessionOf(second.id)).toBe(service.sessionIf(service.workspaces.shownTo(WINDOW)!))
    const other = await service.sessionOf(first.id)
    expect(other).toMatchObject({ id: first.id, dir: service.dirOf(first.id) })
    expect(other?.tokenNeeded).toBeUndefined()
    await other!.client.listGroups({ count: 1, offset: 0 })
    expect(service.workspaces.shownTo(WINDOW)).toBe(second.id)
    expect(service.workspaces.get(first.id)?.mode).toBe('background')
    expect(switches).toEqual([])
  })

  it('starts the demo for the demo account, and knows nothing of an account not listed', async () => {
    const demo = await service.startDemo(WINDOW)
    await service.connect(WINDOW, { baseUrl: emulator.baseUrl, token: TOKEN_A, label: 'A' })
    expect(await service.sessionOf(demo.id)).toMatchObject({ id: demo.id, isDemo: true })
    expect(await service.sessionOf('not-listed')).toBeNull()
  })
})
