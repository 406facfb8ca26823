import type { FileRecovery, Settings } from '@shared/channels/settings'
import { AppError } from '@shared/errors'
import { lstat, mkdir, mkdtemp, readdir, readFile, rm, stat, symlink, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { openConfStore } from '../../../../../src-main/adapters/conf-store'
import { EventHub } from '../../../../../src-main/platform/events'
import { silentLogger } from '../../../../../src-main/platform/log/log'
import { migrate, SETTINGS_VERSION } from '../../../../../src-main/features/settings/migrations'
import { memoryStore } from '../../../../../src-main/platform/store/key-value-store'
import { openStoreWithRecovery } from '../../../../../src-main/platform/store/open-store'
import { RecoveryLog } from '../../../../../src-main/platform/store/recovery-log'
import { SettingsService, type SettingsServiceOptions } from '../../../../../src-main/features/settings/settings-service'

let dir: string
let recoveries: RecoveryLog
let changed: Settings[]
const file = () => join(dir, 'settings.json')
const readJson = async () => JSON.parse(await readFile(file(), 'utf8')) as Record<string, unknown>

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'statusdesk-settings-'))
  recoveries = new RecoveryLog()
  changed = []
})
afterEach(async () => {
  await rm(dir, { recursive: true, force: true })
})

function start(extra: Partial<SettingsServiceOptions> = {}): SettingsService {
  const events = new EventHub()
  events.subscribe((name, payload) => {
    if (name === 'settings:changed') changed.push(payload as Settings)
  })
  const store = openStoreWithRecovery({ open: openConfStore, dir, name: 'settings', file: 'settings', recoveries, log: silentLogger })
  return new SettingsService({ store, recoveries, log: silentLogger, events, ...extra })
}

function refusalOf(run: () => unknown): unknown {
  try {
    run()
  } catch (error) {
    return error
  }
  throw new Error('expected a refusal')
}

async function besideFiles(): Promise<string[]> {
  return (await readdir(dir)).filter((name) => name !== 'settings.json').sort()
}

describe('settings', () => {
  it('starts with the defaults and writes them with the layout version, owner-only', async () => {
    const settings = start()
    expect(settings.get()).toMatchObject({ theme: 'system', locale: null, sync: { intervalMinutes: 15, concurrency: 4 } })
    expect(settings.status()).toEqual({ recovered: [] })
    expect(await readJson()).toMatchObject({ schemaVersion: SETTINGS_VERSION, theme: 'system' })
    expect((await stat(file())).mode & 0o777).toBe(0o600)
  })

  it('merges a patch field by field, saves it and tells listeners', async () => {
    const settings = start()
    const next = settings.update({ theme: 'dark', sync: { concurrency: 2 } })
    expect(next.sync).toEqual({ intervalMinutes: 15, concurrency: 2, downloadPictures: true })
    expect(changed.at(-1)?.theme).toBe('dark')
    expect(start().get()).toMatchObject({ theme: 'dark', sync: { concurrency: 2, intervalMinutes: 15 } })
  })

  it('reads one value as it now stands, without a copy of the rest', () => {
    const settings = start()
    expect(settings.read((held) => held.stories.lateSendMinutes)).toBe(settings.get().stories.lateSendMinutes)
    settings.update({ stories: { lateSendMinutes: 42 } })
    expect(settings.read((held) => held.stories.lateSendMinutes)).toBe(42)
  })

  it('refuses a value outside its range and keeps what was saved', async () => {
    const settings = start()
    settings.update({ theme: 'light' })
    const before = await readFile(file(), 'utf8')
    expect(() => settings.update({ sync: { concurrency: 99 } })).toThrow(AppError)
    expect(await readFile(file(), 'utf8')).toBe(before)
    expect(settings.get().sync.concurrency).toBe(4)
    expect(refusalOf(() => settings.update({ sync: { concurrency: 99 } }))).toMatchObject({
      code: 'invalid-argument',
      text: { key: 'accountErrors.settings.invalidValue', params: { field: 'sync.concurrency' } },
      details: { field: 'sync.concurrency' },
    })
  })

  it('says the settings were not saved when the store refuses the write, and keeps what it had', () => {
    const readOnly = {
      ...memoryStore(),
      set: () => {
        throw new Error('EROFS: read-only file system')
      },
    }
    const settings = new SettingsService({ store: readOnly, recoveries, log: silentLogger })
    expect(refusalOf(() => settings.update({ theme: 'dark' }))).toMatchObject({
      code: 'storage',
      text: { key: 'accountErrors.settings.notSaved' },
    })
    expect(settings.get().theme).toBe('system')
  })

  it('leaves keys it does not know in the file', async () => {
    await writeFile(file(), JSON.stringify({ schemaVersion: 1, theme: 'light', window: { width: 900 } }))
    start().update({ theme: 'dark' })
    expect(await readJson()).toMatchObject({ theme: 'dark', window: { width: 900 } })
  })

  it.each([
    ['not JSON', '{"theme": "dark",', 'apiErrors.store.notJson'],
    ['a JSON array', '["dark"]', 'apiErrors.store.notObject'],
    ['a JSON string', '"dark"', 'apiErrors.store.notObject'],
  ])('moves a file holding %s aside, starts from defaults and says so', async (_name, content, reason) => {
    await writeFile(file(), content)
    const notices: FileRecovery[] = []
    recoveries.onAdd((item) => notices.push(item))
    const settings = start()

    expect(settings.get().theme).toBe('system')
    const [aside] = await besideFiles()
    expect(aside).toMatch(/^settings\.json\.unreadable-\d{4}-\d\d-\d\dT\d\d-\d\d-\d\d-\d{3}Z$/)
    expect(await readFile(join(dir, aside!), 'utf8')).toBe(content)
    expect(settings.status().recovered).toEqual([{ file: 'settings', movedTo: aside, at: expect.any(String), reason: { key: reason } }])
    expect(notices).toHaveLength(1)
    expect(await readJson()).toMatchObject({ schemaVersion: SETTINGS_VERSION })
  })

  it('moves aside a settings "file" that cannot be read at all', async () => {
    await mkdir(file())
    const settings = start()
    expect(settings.get().theme).toBe('system')
    expect(settings.status().recovered[0]?.reason).toEqual({ key: 'apiErrors.store.unreadable', params: { code: 'not-a-plain-file' } })
    expect((await stat(file())).isFile()).toBe(true)
  })

  it('moves aside a settings file that is a link, without following it: the file it points to is left as it was', async () => {
    const elsewhere = join(dir, 'elsewhere.json')
    await writeFile(elsewhere, JSON.stringify({ theme: 'dark', note: 'not the app’s' }))
    await symlink(elsewhere, file())
    const settings = start()
    expect(settings.get().theme).toBe('system')
    expect(settings.status().recovered[0]?.reason).toEqual({ key: 'apiErrors.store.unreadable', params: { code: 'not-a-plain-file' } })
    expect((await lstat(file())).isFile()).toBe(true)
    expect(JSON.parse(await readFile(elsewhere, 'utf8'))).toEqual({ theme: 'dark', note: 'not the app’s' })
  })

  it('never overwrites a second unreadable file: each gets its own name', async () => {
    await writeFile(file(), 'one{')
    start()
    await writeFile(file(), 'two{')
    start()
    const aside = await besideFiles()
    expect(aside).toHaveLength(2)
    const contents = await Promise.all(aside.map((name) => readFile(join(dir, name), 'utf8')))
    expect(contents.sort()).toEqual(['one{', 'two{'])
  })

  it('resets only the values it does not understand, keeping a copy of the file', async () => {
    const original = JSON.stringify({ schemaVersion: 1, theme: 'purple', locale: 'fr', sync: { intervalMinutes: 30, concurrency: -1 } })
    await writeFile(file(), original)
    const settings = start()
    expect(settings.get()).toMatchObject({ theme: 'system', locale: 'fr', sync: { intervalMinutes: 30, concurrency: 4 } })
    const [recovered] = settings.status().recovered
    expect(recovered?.reason).toEqual({ key: 'notices.recoveryReasons.settingsRejected', params: { fields: 'theme, sync.concurrency' } })
    expect(recovered?.movedTo).toMatch(/^settings\.json\.invalid-/)
    expect(await readFile(join(dir, recovered!.movedTo), 'utf8')).toBe(original)
    expect(await readJson()).toMatchObject({ theme: 'system', locale: 'fr', sync: { concurrency: 4 } })
  })

  it('keeps a copy of a file from a newer version before writing to it', async () => {
    const original = JSON.stringify({ schemaVersion: SETTINGS_VERSION + 3, theme: 'dark', futureThing: true })
    await writeFile(file(), original)
    const settings = start()
    expect(settings.get().theme).toBe('dark')
    const [recovered] = settings.status().recovered
    expect(recovered?.movedTo).toMatch(/^settings\.json\.newer-/)
    expect(await readFile(join(dir, recovered!.movedTo), 'utf8')).toBe(original)
  })

  it('leaves a newer file on its own layout version, also after a change', async () => {
    await writeFile(
      file(),
      JSON.stringify({ schemaVersion: SETTINGS_VERSION + 1, theme: 'dark', sync: { concurrency: 2, batching: 'smart' } }),
    )
    const settings = start()
    expect(await readJson()).toEqual({ schemaVersion: SETTINGS_VERSION + 1, theme: 'dark', sync: { concurrency: 2, batching: 'smart' } })
    settings.update({ sync: { concurrency: 3 } })
    expect(await readJson()).toMatchObject({
      schemaVersion: SETTINGS_VERSION + 1,
      theme: 'dark',
      sync: { concurrency: 3, batching: 'smart' },
    })
  })

  it('keeps the fields of a section it does not know when it writes that section', async () => {
    await writeFile(
      file(),
      JSON.stringify({ schemaVersion: SETTINGS_VERSION, sync: { intervalMinutes: 30, concurrency: -1, batching: 'smart' } }),
    )
    const settings = start()
    expect(await readJson()).toMatchObject({ sync: { intervalMinutes: 30, concurrency: 4, batching: 'smart' } })
    settings.update({ sync: { intervalMinutes: 5 } })
    expect(await readJson()).toMatchObject({ sync: { intervalMinutes: 5, concurrency: 4, batching: 'smart' } })
  })

  it('runs each migration in turn from the stored version, once', async () => {
    await writeFile(file(), JSON.stringify({ schemaVersion: 1, theme: 'dark', refreshEvery: 5 }))
    const migrations = {
      0: (raw: Record<string, unknown>) => raw,
      1: ({ refreshEvery, ...raw }: Record<string, unknown>) => ({ ...raw, sync: { intervalMinutes: refreshEvery } }),
      2: (raw: Record<string, unknown>) => ({ ...raw, theme: raw['theme'] === 'dark' ? 'dark' : 'system' }),
    }
    const settings = start({ migrations, version: 3 })
    expect(settings.get()).toMatchObject({ theme: 'dark', sync: { intervalMinutes: 5 } })
    expect(await readJson()).toMatchObject({ schemaVersion: 3, sync: { intervalMinutes: 5 } })
    expect(settings.status().recovered).toEqual([])
  })

  it('stamps an unversioned file with the current version', async () => {
    await writeFile(file(), JSON.stringify({ theme: 'light' }))
    expect(start().get().theme).toBe('light')
    expect(await readJson()).toMatchObject({ schemaVersion: SETTINGS_VERSION, theme: 'light' })
  })

  it('reports a missing migration step', () => {
    expect(() => migrate({ schemaVersion: 0 }, {}, 1)).toThrow(/no settings migration from version 0/)
  })

  it('runs in memory and says so when no file can be opened', () => {
    const store = openStoreWithRecovery({
      open: () => {
        throw Object.assign(new Error('denied'), { code: 'EACCES' })
      },
      dir,
      name: 'settings',
      file: 'settings',
      recoveries,
      log: silentLogger,
    })
    const settings = new SettingsService({ store, recoveries, log: silentLogger })
    expect(settings.update({ theme: 'dark' }).theme).toBe('dark')
    expect(store.path).toBeNull()
    expect(settings.status().recovered[0]).toMatchObject({
      movedTo: '',
      reason: { key: 'apiErrors.store.unopenable', params: { code: 'EACCES' } },
    })
  })
})
