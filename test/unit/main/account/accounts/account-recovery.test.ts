import { AppError } from '@shared/errors'
import { existsSync } from 'node:fs'
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { openConfStore } from '../../../../../src-main/adapters/conf-store'
import { type Emulator, startEmulator } from '../../../../../src-main/emulator'
import { AccountsService, type ConnectInput } from '../../../../../src-main/account/accounts/accounts-service'
import { emulatorDemo } from '../../../../../src-main/account/accounts/demo-server'
import type { SecretBox } from '../../../../../src-main/account/accounts/secret-box'
import { noKeyring } from '../../../../../src-main/account/accounts/secret-box'
import { silentLogger } from '../../../../../src-main/platform/log/log'
import { openStoreWithRecovery } from '../../../../../src-main/platform/store/open-store'
import { RecoveryLog } from '../../../../../src-main/platform/store/recovery-log'
import { fakeKeyring } from './fakes'

const TOKEN_A = 'tokA_rec_9f8e7d6c5b4a39281706'
const TOKEN_B = 'tokB_rec_0a1b2c3d4e5f60718293'
const TOKEN_OTHER = 'tokO_rec_77665544332211009988'

let emulator: Emulator
/** Another channel: its own number, its own token. */
let other: Emulator
let dir: string
const services: AccountsService[] = []

beforeAll(async () => {
  emulator = await startEmulator({ token: [TOKEN_A, TOKEN_B], groups: 30 })
  other = await startEmulator({ token: TOKEN_OTHER, groups: 30, seed: 2, account: { phone: '4915112345678' } })
})
afterAll(async () => {
  await emulator.stop()
  await other.stop()
})
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'statusdesk-recovery-'))
})
afterEach(async () => {
  for (const service of services.splice(0)) await service.dispose()
  await rm(dir, { recursive: true, force: true })
})

/** As app-core opens it: a file that is not JSON is set aside and the list starts empty. */
async function open(box: SecretBox = fakeKeyring().box): Promise<AccountsService> {
  const recoveries = new RecoveryLog()
  const store = openStoreWithRecovery({ open: openConfStore, dir, name: 'accounts', file: 'accounts', recoveries, log: silentLogger })
  const service = new AccountsService({
    store,
    secretBox: box,
    dataDir: dir,
    fetch: globalThis.fetch,
    log: silentLogger,
    recoveries,
    startDemo: emulatorDemo({ groups: 5 }),
  })
  services.push(service)
  await service.restore()
  return service
}

const input = (token: string, extra: Partial<ConnectInput> = {}): ConnectInput => ({ baseUrl: emulator.baseUrl, token, ...extra })

/** The window the tests call as. */
const WINDOW = 'window:1'

async function rejection(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => null,
    (reason: unknown) => reason,
  )
  expect(error).toBeInstanceOf(AppError)
  return error as AppError
}

describe('a damaged accounts file', () => {
  it('takes back the folder of the pair connected again, with its data, and lists the orphans by label', async () => {
    const { box } = fakeKeyring()
    const first = await open(box)
    const shop = await first.connect(WINDOW, input(TOKEN_A, { label: 'Shop' }))
    const history = join(first.dirOf(shop.id), 'history.json')
    await writeFile(history, '{"version":1,"entries":[]}')
    await first.dispose()

    await writeFile(join(dir, 'accounts.json'), '{"accounts": [{"id": "trunc')
    const again = await open(box)
    expect(await again.list(WINDOW)).toMatchObject({
      accounts: [],
      activeId: null,
      orphans: [{ id: shop.id, label: 'Shop', baseUrl: emulator.baseUrl, tokenHint: '…1706' }],
    })

    const back = await again.connect(WINDOW, input(TOKEN_A))
    expect(back).toMatchObject({ id: shop.id, label: 'Shop', outcome: 'recovered' })
    expect(again.sessionIf(again.workspaces.shownTo(WINDOW)!)?.dir).toBe(first.dirOf(shop.id))
    expect(existsSync(history)).toBe(true)
    expect((await again.list(WINDOW)).orphans).toEqual([])
  })

  it('does not hand an orphaned folder to another token, but lets the user pick it by id for the same channel', async () => {
    const { box } = fakeKeyring()
    const first = await open(box)
    const shop = await first.connect(WINDOW, input(TOKEN_A, { label: 'Shop' }))
    await first.dispose()
    await rm(join(dir, 'accounts.json'))

    const again = await open(box)
    // A rotated token of the same channel is not the same pair: a new account, unless the user picks the folder.
    const fresh = await again.connect(WINDOW, input(TOKEN_B))
    expect(fresh.outcome).toBe('added')
    expect(fresh.id).not.toBe(shop.id)
    const picked = await again.connect(WINDOW, input(TOKEN_B, { accountId: shop.id }))
    expect(picked).toMatchObject({ id: shop.id, label: 'Shop', outcome: 'recovered' })
  })

  it('gives folders made before they named their account a record at start, while the list is readable', async () => {
    const { box } = fakeKeyring()
    const first = await open(box)
    const shop = await first.connect(WINDOW, input(TOKEN_A, { label: 'Shop' }))
    await first.dispose()
    await rm(join(first.dirOf(shop.id), 'account.json'))

    await open(box)
    const record = JSON.parse(await readFile(join(first.dirOf(shop.id), 'account.json'), 'utf8')) as Record<string, unknown>
    expect(record).toMatchObject({ id: shop.id, label: 'Shop', channelId: '15550100001' })
    expect(JSON.stringify(record)).not.toContain(TOKEN_A)
  })

  it('takes the demo’s folder back when the demo starts again, without offering it as an orphan', async () => {
    const { box } = fakeKeyring()
    const first = await open(box)
    const demo = await first.startDemo(WINDOW)
    await first.dispose()
    await writeFile(join(dir, 'accounts.json'), 'garbage')
    const again = await open(box)
    expect((await again.list(WINDOW)).orphans).toEqual([])
    expect((await again.startDemo(WINDOW)).id).toBe(demo.id)
  })

  it('lists a folder without a record by its id, and ignores folders that are not account ids', async () => {
    await mkdir(join(dir, 'accounts', 'a1b2c3d4e5f6'), { recursive: true })
    await mkdir(join(dir, 'accounts', '..hidden'), { recursive: true })
    const accounts = await open()
    expect((await accounts.list(WINDOW)).orphans).toEqual([
      { id: 'a1b2c3d4e5f6', label: null, baseUrl: null, tokenHint: null, createdAt: null },
    ])
  })
})

describe('connecting a pair that is already an account', () => {
  it('says so and keeps its label and storage', async () => {
    const accounts = await open(noKeyring())
    const shop = await accounts.connect(WINDOW, input(TOKEN_A, { label: 'Shop', storage: 'weak' }))
    expect(shop.outcome).toBe('added')
    const again = await accounts.connect(WINDOW, input(TOKEN_A, { label: 'Renamed by accident', storage: 'session' }))
    expect(again).toMatchObject({ id: shop.id, label: 'Shop', encryption: 'weak', outcome: 'already-connected' })
    expect((await accounts.list(WINDOW)).accounts).toHaveLength(1)
  })

  it('gives a session-only account its token back without asking for the storage again', async () => {
    const box = noKeyring()
    const first = await open(box)
    const temp = await first.connect(WINDOW, input(TOKEN_A, { label: 'Temp', storage: 'session' }))
    await first.dispose()
    const again = await open(box)
    expect((await again.list(WINDOW)).accounts[0]).toMatchObject({ hasToken: false })
    const back = await again.connect(WINDOW, input(TOKEN_A))
    expect(back).toMatchObject({ id: temp.id, label: 'Temp', encryption: 'session', hasToken: true, outcome: 'already-connected' })
    expect(again.sessionIf(back.id)?.tokenNeeded).toBeUndefined()
    expect(again.workspaces.shownTo(WINDOW)).toBe(back.id)
  })
})

describe('a new token for an existing account', () => {
  it('is taken as the same channel’s rotated token when the server shows the same own number', async () => {
    const accounts = await open()
    const shop = await accounts.connect(WINDOW, input(TOKEN_A, { label: 'Shop' }))
    const renewed = await accounts.connect(WINDOW, input(TOKEN_B, { accountId: shop.id }))
    expect(renewed).toMatchObject({ id: shop.id, label: 'Shop', tokenHint: '…8293', outcome: 'token-renewed' })
  })

  it('is refused when it belongs to another channel, so two channels never share a cache', async () => {
    const accounts = await open()
    const shop = await accounts.connect(WINDOW, input(TOKEN_A, { label: 'Shop' }))
    const error = await rejection(accounts.connect(WINDOW, { baseUrl: other.baseUrl, token: TOKEN_OTHER, accountId: shop.id }))
    expect(error).toMatchObject({ code: 'conflict', details: { reason: 'other-channel' } })
    expect(error.text).toMatchObject({ key: 'accountErrors.connect.otherChannel', params: { channel: '4915112345678', label: 'Shop' } })
    expect((await accounts.list(WINDOW)).accounts).toMatchObject([{ id: shop.id, baseUrl: emulator.baseUrl, tokenHint: '…1706' }])

    // As a new account it is welcome, in a folder of its own.
    const added = await accounts.connect(WINDOW, { baseUrl: other.baseUrl, token: TOKEN_OTHER })
    expect(added.outcome).toBe('added')
    expect(accounts.dirOf(added.id)).not.toBe(accounts.dirOf(shop.id))
  })
})
