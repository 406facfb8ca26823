import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { SettingsSchema } from '@shared/channels/settings'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { openConfStore } from '../../../../src-main/adapters/conf-store'
import { createFileLog } from '../../../../src-main/adapters/electron-log'
import { type Handlers, dispatch } from '../../../../src-main/handlers/dispatch'
import { type Emulator, startEmulator } from '../../../../src-main/emulator'
import { EventHub } from '../../../../src-main/platform/events'
import { diagnosticsHandlers } from '../../../../src-main/handlers/diagnostics'
import { AccountsService } from '../../../../src-main/account/accounts/accounts-service'
import { noKeyring } from '../../../../src-main/account/accounts/secret-box'
import { RateLimit } from '../../../../src-main/features/diagnostics/rate-limit'
import type { DiagnosticsSources } from '../../../../src-main/features/diagnostics/report'
import { silentLogger } from '../../../../src-main/platform/log/log'

const TOKEN = 'Qa7Wz3Ke9Lm2Np5Rt8Vx1Yb4'
let emulator: Emulator
let dir: string
let accounts: AccountsService

beforeAll(async () => {
  emulator = await startEmulator({ token: TOKEN, groups: 5 })
})
afterAll(async () => {
  await emulator.stop()
})
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'statusdesk-diagnostics-'))
  accounts = new AccountsService({
    store: openConfStore({ dir, name: 'accounts' }),
    secretBox: noKeyring('basic_text'),
    dataDir: dir,
    fetch: globalThis.fetch,
    log: silentLogger,
    events: new EventHub(),
  })
})
afterEach(async () => {
  await accounts.dispose()
  await rm(dir, { recursive: true, force: true })
})

function sources(over: Partial<DiagnosticsSources> = {}): DiagnosticsSources {
  return {
    identity: {
      name: 'Statusdesk',
      version: '1.2.3',
      platform: 'linux',
      arch: 'x64',
      versions: { node: '22.1.0', chrome: '140.0.1', electron: '45.4.1' },
    },
    dataDir: dir,
    logFolder: join(dir, 'logs'),
    accounts: () => accounts.listed(),
    settings: () => SettingsSchema.parse({ updates: { enabled: true, feedUrl: 'https://updates.example.com/statusdesk/' } }),
    system: { os: 'Linux 6.8.0', home: dir, locale: 'en-GB' },
    now: () => new Date('2026-01-02T03:04:05Z'),
    ...over,
  }
}

const handlersWith = (deps: Parameters<typeof diagnosticsHandlers>[0]) => diagnosticsHandlers(deps) as unknown as Handlers

describe('app:diagnostics', () => {
  it('reports versions, platform, token storage and disk use, and never the token or an account id', async () => {
    const account = await accounts.connect('window:1', { baseUrl: emulator.baseUrl, token: TOKEN, storage: 'weak' })
    await mkdir(join(dir, 'accounts', account.id), { recursive: true })
    await writeFile(join(dir, 'accounts', account.id, 'groups.snapshot'), Buffer.alloc(3 * 1024 * 1024))

    const result = await dispatch(
      handlersWith({ sources: sources(), rendererLog: silentLogger }),
      'app:diagnostics',
      undefined,
      { transport: 'ipc', client: 'window:1' },
      silentLogger,
    )
    expect(result.ok).toBe(true)
    const { text, logFolder } = (result as { ok: true; value: { text: string; logFolder: string } }).value
    expect(logFolder).toBe(join(dir, 'logs'))
    expect(text).toContain('Version:        1.2.3 (desktop app)')
    expect(text).toContain('Runtime:        node 22.1.0, chrome 140.0.1, electron 45.4.1')
    expect(text).toContain('System:         Linux 6.8.0, linux x64, locale en-GB')
    expect(text).toContain('Token storage:  keyring not available (backend: basic_text)')
    expect(text).toContain('API hosts:      127.0.0.1:')
    expect(text).toContain('Accounts:       1 (0 demo); tokens kept by weak 1; 0 waiting for their token')
    expect(text).toContain('Updates:        on, feed host updates.example.com')
    expect(text).toContain('Data folder:    ~')
    expect(text).toMatch(/accounts\/\*\/groups\.snapshot\s+3\.0 MiB {2}1 file\(s\)/)
    expect(text).not.toContain(TOKEN)
    expect(text).not.toContain(account.id)
    expect(text).not.toContain(account.tokenHint)
    // The weakly stored token is on disk in the data folder; the report measures files, never reads them.
    expect(await readFile(join(dir, 'accounts.json'), 'utf8')).not.toBe('')
  })
})

describe('app:log', () => {
  let logs: ReturnType<typeof createFileLog>
  beforeEach(() => {
    logs = createFileLog({ file: join(dir, 'logs', 'main.log') })
  })

  it('writes renderer lines to the log file, redacted, under the renderer scope', async () => {
    const handlers = handlersWith({ sources: sources(), rendererLog: logs.scoped('renderer') })
    const line = { level: 'error', message: `upload failed for 4915123456789 with ${TOKEN}`, context: { view: 'stories', status: 413 } }
    expect(await dispatch(handlers, 'app:log', line, { transport: 'web', client: 'web' }, silentLogger)).toEqual({
      ok: true,
      value: { written: true },
    })
    const text = await readFile(logs.file, 'utf8')
    expect(text).toMatch(/\[error\]\s+\(renderer\)\s+upload failed for \[number\] with \[redacted\]/)
    expect(text).toContain("view: 'stories'")
    expect(text).not.toContain(TOKEN)
  })

  it('refuses an oversized or malformed line with a clear error and writes nothing', async () => {
    const handlers = handlersWith({ sources: sources(), rendererLog: logs.scoped('renderer') })
    const tooLong = await dispatch(
      handlers,
      'app:log',
      { level: 'info', message: 'x'.repeat(2001) },
      { transport: 'web', client: 'web' },
      silentLogger,
    )
    expect(tooLong).toMatchObject({ ok: false, error: { code: 'invalid-argument' } })
    const tooWide = Object.fromEntries(Array.from({ length: 21 }, (_, i) => [`k${i}`, i]))
    const wide = await dispatch(
      handlers,
      'app:log',
      { level: 'info', message: 'm', context: tooWide },
      { transport: 'web', client: 'web' },
      silentLogger,
    )
    expect(wide).toMatchObject({
      ok: false,
      error: { code: 'invalid-argument', text: { key: 'errors.bridge.invalidArgument', params: { field: 'context' } } },
    })
    const nested = await dispatch(
      handlers,
      'app:log',
      { level: 'info', message: 'm', context: { deep: { a: 1 } } },
      { transport: 'web', client: 'web' },
      silentLogger,
    )
    expect(nested).toMatchObject({ ok: false, error: { code: 'invalid-argument' } })
    expect(await readFile(logs.file, 'utf8').catch(() => '')).toBe('')
  })

  it('drops lines beyond the rate limit and says how many when lines flow again', async () => {
    let now = 0
    const limit = new RateLimit({ burst: 3, perSecond: 1, now: () => now })
    const handlers = handlersWith({ sources: sources(), rendererLog: logs.scoped('renderer'), limit })
    const send = (n: number) =>
      dispatch(handlers, 'app:log', { level: 'warn', message: `line ${n}` }, { transport: 'ipc', client: 'window:1' }, silentLogger)
    const results = []
    for (let n = 1; n <= 5; n++) results.push(await send(n))
    expect(results.map((r) => (r as { value: { written: boolean } }).value.written)).toEqual([true, true, true, false, false])
    now = 1000
    expect(await send(6)).toEqual({ ok: true, value: { written: true } })
    const lines = (await readFile(logs.file, 'utf8')).trim().split('\n')
    expect(lines.map((l) => l.replace(/^.*\(renderer\)\s+/, ''))).toEqual([
      'line 1',
      'line 2',
      'line 3',
      '2 renderer log line(s) dropped by the rate limit',
      'line 6',
    ])
  })
})
